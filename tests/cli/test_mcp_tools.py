"""MCP tool names in ``tools`` through ``check``: each harness's names are checked against the
MCP servers it connects where the file's project is (Claude Code's are also run through the
real harness, in tests/harness/test_mcp_tools_oracle.py); a name that grants nothing is a
warning that says why, and the harness's verdict leaves it out of the tools the agent gets.
Broken configuration files never break the check."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_helpers import run_cli

DESCRIPTION = "Reviews code for defects and reports them. Use when a change is ready."
SERVER = {"command": "python3", "args": ["server.py"]}


def place(tmp_path: Path) -> tuple[Path, Path]:
    home, project = tmp_path / "home dir", tmp_path / "projét"
    home.mkdir()
    (project / ".git").mkdir(parents=True)
    return home, project


def write(path: Path, content: object) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(content if isinstance(content, str) else json.dumps(content))
    return path


def checked(home: Path, project: Path, path: Path, env: dict | None = None) -> dict:
    run = run_cli(
        "check", "--format", "json", str(path), cwd=project, env={"HOME": str(home), **(env or {})}
    )
    assert run.code in (0, 1), run.err
    (entry,) = run.json["files"]
    return entry


def verdict_of(entry: dict, harness: str) -> dict:
    (verdict,) = [h for h in entry["harnesses"] if h["id"] == harness]
    return verdict


def mcp_findings(entry: dict) -> dict[str, str]:
    """The MCP findings by the listed name they are about (each finding lists the names of
    its server; a server and cause gets one finding)."""
    found = {}
    servers = []
    for diagnostic in entry["diagnostics"]:
        if diagnostic["code"].startswith("tools-mcp-"):
            data = diagnostic["data"]
            servers.append((diagnostic["code"], data["server"]))
            for name in data["tools"]:
                found[name] = diagnostic["code"]
            assert diagnostic["severity"] == 2, diagnostic
    assert len(servers) == len(set(servers)), servers
    return found


def message_of(entry: dict, code: str) -> str:
    return next(d["message"] for d in entry["diagnostics"] if d["code"] == code)


def agent(project: Path, where: str, tools: str, extra: str = "") -> Path:
    """An agent file at ``where`` in the project listing ``tools``."""
    text = f"---\nname: rev\ndescription: {DESCRIPTION}\ntools: {tools}\n{extra}---\nBody.\n"
    return write(project / where, text)


def gemini_agent(project: Path, tools: str, extra: str = "") -> Path:
    return agent(project, ".gemini/agents/rev.md", tools, extra)


def copilot_agent(project: Path, tools: str) -> Path:
    return agent(project, ".github/agents/rev.agent.md", tools)


def test_gemini_reads_user_settings_and_trusted_project_settings(tmp_path):
    home, project = place(tmp_path)
    write(
        home / ".gemini/settings.json",
        '{\n  // the user\'s servers\n  "mcpServers": {"user": {"command": "x"}}\n}',
    )
    write(project / ".gemini/settings.json", {"mcpServers": {"proj": SERVER}})
    tools = (
        "[read_file, mcp_user_create_issue, mcp_user_*, mcp_proj_create_issue, mcp_ghost_x, mcp_*]"
    )
    path = gemini_agent(project, tools)
    entry = checked(home, project, path)
    assert mcp_findings(entry) == {
        "mcp_proj_create_issue": "tools-mcp-off",
        "mcp_ghost_x": "tools-mcp-unknown",
    }
    off = message_of(entry, "tools-mcp-off")
    assert "not trusted" in off and "trustedFolders.json" in off
    unknown = message_of(entry, "tools-mcp-unknown")
    assert (
        "Gemini CLI has no MCP server `ghost`" in unknown and "~/.gemini/settings.json" in unknown
    )
    assert verdict_of(entry, "gemini")["tools"] == [
        "read_file",
        "mcp_user_create_issue",
        "mcp_user_*",
        "mcp_*",
    ]
    write(home / ".gemini/trustedFolders.json", {str(project): "TRUST_FOLDER"})
    assert mcp_findings(checked(home, project, path)) == {"mcp_ghost_x": "tools-mcp-unknown"}
    write(home / ".gemini/trustedFolders.json", {str(project / "x"): "TRUST_PARENT"})
    assert "mcp_proj_create_issue" not in mcp_findings(checked(home, project, path))
    trusted = checked(home, project, path, {"GEMINI_CLI_TRUST_WORKSPACE": "false"})
    assert mcp_findings(trusted)["mcp_proj_create_issue"] == "tools-mcp-off"


def test_gemini_extension_inline_and_filtered_servers(tmp_path):
    home, project = place(tmp_path)
    write(
        home / ".gemini/extensions/tools/gemini-extension.json",
        {"name": "tools", "mcpServers": {"ext": SERVER}},
    )
    write(
        home / ".gemini/settings.json",
        {"mcpServers": {"off": SERVER, "my.srv": SERVER}, "mcp": {"excluded": ["off"]}},
    )
    inline = "mcp_servers:\n  inl:\n    command: x\n"
    path = gemini_agent(project, "[mcp_ext_a, mcp_inl_a, mcp_off_a, mcp_my.srv_a]", inline)
    entry = checked(home, project, path)
    assert mcp_findings(entry) == {"mcp_off_a": "tools-mcp-off"}
    assert "`mcp.excluded`" in message_of(entry, "tools-mcp-off")


def test_gemini_tool_filters_merges_and_switches(tmp_path):
    """What Gemini CLI 0.61.0's McpClientManager does with definitions: excludeTools and
    includeTools withhold tools, a settings definition is merged over an extension's (the
    extension's command kept, both filters applied), the first extension keeps a name, a
    definition without command/url/httpUrl connects nothing, /mcp disable switches off."""
    home, project = place(tmp_path)
    for folder, servers in (("a", {"ext": SERVER, "both": {**SERVER, "includeTools": ["x"]}}),
                            ("b", {"both": SERVER})):  # fmt: skip
        write(home / f".gemini/extensions/{folder}/gemini-extension.json", {"mcpServers": servers})
    write(home / ".gemini/settings.json", {"mcpServers": {
        "filt": {**SERVER, "excludeTools": ["b"], "includeTools": ["a", "c(x)"]},
        "ext": {"excludeTools": ["b"]},
        "bare": {"trust": True},
        "Off": SERVER,
    }})  # fmt: skip
    write(home / ".gemini/mcp-server-enablement.json", {"off": {"enabled": False}})
    names = ["mcp_filt_a", "mcp_filt_b", "mcp_filt_c", "mcp_filt_d", "mcp_filt_*", "mcp_ext_a",
             "mcp_ext_b", "mcp_both_y", "mcp_bare_a", "mcp_Off_a"]  # fmt: skip
    entry = checked(home, project, gemini_agent(project, json.dumps(names)))
    assert mcp_findings(entry) == {
        "mcp_filt_b": "tools-mcp-off",
        "mcp_filt_d": "tools-mcp-off",
        "mcp_ext_b": "tools-mcp-off",
        "mcp_both_y": "tools-mcp-off",
        "mcp_bare_a": "tools-mcp-off",
        "mcp_Off_a": "tools-mcp-off",
    }
    messages = {d["data"]["server"]: d["message"] for d in entry["diagnostics"]}
    filtered = messages["filt"]  # one finding for the server, with both of its reasons
    assert filtered.startswith(
        "2 tool names grant nothing: `mcp_filt_b`, `mcp_filt_d`; the MCP server `filt`"
    )
    assert "leaves `b` out (its `excludeTools`)" in filtered
    assert "only the tools of its `includeTools`, not `d`" in filtered
    messages = {d["data"]["tools"][0]: d["message"] for d in entry["diagnostics"]}
    assert "not `y`" in messages["mcp_both_y"]  # extension a's definition, not b's
    assert "without `command`, `url` or `httpUrl`" in messages["mcp_bare_a"]
    assert "`/mcp disable`" in messages["mcp_Off_a"]
    assert verdict_of(entry, "gemini")["tools"] == [
        "mcp_filt_a", "mcp_filt_c", "mcp_filt_*", "mcp_ext_a"
    ]  # fmt: skip


def test_copilot_reads_its_home_and_the_trusted_workspace(tmp_path):
    home, project = place(tmp_path)
    write(
        home / ".copilot/mcp-config.json",
        {"mcpServers": {"Fake": SERVER, "gone": {**SERVER, "disabled": True}}},
    )
    write(project / ".mcp.json", {"mcpServers": {"work": SERVER}})
    tools = "[read, read/readFile, github/*, fake/create_issue, FAKE/*, gone/x, work/x, ghost/x]"
    path = copilot_agent(project, tools)
    entry = checked(home, project, path)
    assert mcp_findings(entry) == {
        "gone/x": "tools-mcp-off",
        "work/x": "tools-mcp-off",
        "ghost/x": "tools-mcp-unknown",
    }
    granted = ["read", "read/readFile", "github/*", "fake/create_issue", "FAKE/*"]
    assert verdict_of(entry, "copilot")["tools"] == granted
    write(home / ".copilot/config.json", {"trustedFolders": [str(project)]})
    write(home / ".copilot/settings.json", {"disabledMcpServers": ["Fake"]})
    entry = checked(home, project, path)
    assert mcp_findings(entry) == {
        "fake/create_issue": "tools-mcp-off",
        "FAKE/*": "tools-mcp-off",
        "gone/x": "tools-mcp-off",
        "ghost/x": "tools-mcp-unknown",
    }
    moved = tmp_path / "copilot home"
    write(moved / "mcp-config.json", {"mcpServers": {"ghost": SERVER}})
    entry = checked(home, project, path, {"COPILOT_HOME": str(moved)})
    assert set(mcp_findings(entry)) == {"fake/create_issue", "FAKE/*", "gone/x", "work/x"}


def test_copilot_says_when_a_name_is_a_vs_code_tool(tmp_path):
    home, project = place(tmp_path)
    names = '["runCommands/terminalLastCommand", "ms-python.python/getPythonEnvironmentInfo"]'
    entry = checked(home, project, copilot_agent(project, names))
    first, second = (d["message"] for d in entry["diagnostics"] if d["code"] == "tools-mcp-unknown")
    assert first.endswith(
        "`runCommands` is a tool set of VS Code, which Copilot CLI does not have."
    )
    assert "`ms-python.python` looks like a VS Code extension" in second


def test_opencode_checks_names_switched_on_against_its_configuration(tmp_path):
    home, project = place(tmp_path)
    write(home / ".config/opencode/opencode.json", {"mcp": {"fake": SERVER, "gone": SERVER}})
    write(project / "opencode.jsonc", '// the project\n{"mcp": {"gone": {"enabled": false}}}')
    tools = "{fake_create_issue: true, fake_*: true, gone_x: true, ghost_x: true, ghost_y: false,"
    path = agent(project, ".opencode/agent/rev.md", tools + " bash: true, no_tool_*: true}")
    entry = checked(home, project, path)
    assert mcp_findings(entry) == {"gone_x": "tools-mcp-off", "ghost_x": "tools-mcp-unknown"}
    assert "`opencode.json(c)` of the project" in message_of(entry, "tools-mcp-unknown")
    assert '`"enabled": false`' in message_of(entry, "tools-mcp-off")
    write(project / ".opencode/tool/ghost.ts", "export default {}\n")  # a custom tool
    assert mcp_findings(checked(home, project, path)) == {"gone_x": "tools-mcp-off"}
    (project / ".opencode/tool/ghost.ts").unlink()
    write(project / ".opencode/plugin/tools.ts", "export default {}\n")  # tools of its own
    assert mcp_findings(checked(home, project, path)) == {"gone_x": "tools-mcp-off"}


def test_each_harness_reads_its_configuration_as_its_own_json_reader_does(tmp_path):
    """OpenCode 1.18.33 reads its configuration with jsonc-parser, which takes a comma before a
    closing bracket: the servers of such a file count. Gemini CLI 0.61.0 turns comments into
    white space (strip-json-comments) before JSON.parse: `tr/**/ue` is no `true`, the file
    does not parse, and its servers do not count."""
    home, project = place(tmp_path)
    write(project / "opencode.json", '{"mcp": {"fake": {"command": ["x"],},}, // trailing\n}')
    path = agent(project, ".opencode/agent/rev.md", "{fake_create_issue: true, ghost_x: true}")
    assert mcp_findings(checked(home, project, path)) == {"ghost_x": "tools-mcp-unknown"}
    write(
        home / ".gemini/settings.json",
        '{"mcpServers": {"user": {"command": "x", "trust": tr/**/ue}}}',
    )
    entry = checked(home, project, gemini_agent(project, "[mcp_user_create_issue]"))
    assert mcp_findings(entry) == {"mcp_user_create_issue": "tools-mcp-unknown"}
    write(home / ".gemini/settings.json", '{"mcpServers": {"user": {"command": "x", /* c */}}}')
    entry = checked(home, project, gemini_agent(project, "[mcp_user_create_issue]"))
    assert mcp_findings(entry) == {"mcp_user_create_issue": "tools-mcp-unknown"}  # JSON.parse
    write(home / ".gemini/settings.json", '{"mcpServers": {"user": {"command": /* c */ "x"}}}')
    assert mcp_findings(checked(home, project, gemini_agent(project, "[mcp_user_x]"))) == {}


@pytest.mark.parametrize(
    "content",
    ["{", "[]", '{"mcpServers": []}', '{"mcpServers": {"other": 3}, "projects": 5}', "\x00\xff",
     "[" * 5000 + "]" * 5000, '{"mcp": [], "plugin": 5}', '{"mcp": {"x": 3, "y": null}}',
     '// only a comment',
     '{"allowedMcpServers": [3, {"serverName": []}], "deniedMcpServers": "x",'
     ' "disabledMcpjsonServers": {}}'],
)  # fmt: skip
def test_broken_configuration_files_never_break_the_check(tmp_path, content):
    home, project = place(tmp_path)
    for path in (home / ".claude.json", project / ".mcp.json", project / ".claude/settings.json",
                 home / ".gemini/settings.json", home / ".gemini/trustedFolders.json",
                 project / ".gemini/settings.json", home / ".copilot/mcp-config.json",
                 home / ".copilot/config.json", project / ".github/mcp.json",
                 home / ".config/opencode/opencode.json", project / "opencode.jsonc",
                 project / ".opencode/opencode.json"):  # fmt: skip
        write(path, content)
    agents = {
        "mcp__x__y": agent(project, ".claude/agents/rev.md", "mcp__x__y"),
        "mcp_x_y": gemini_agent(project, "[mcp_x_y]"),
        "x/y": copilot_agent(project, "[x/y]"),
        "x_y": agent(project, ".opencode/agent/rev.md", "{x_y: true}"),
    }
    for name, path in agents.items():  # no file configures a server `x`
        assert mcp_findings(checked(home, project, path)) == {name: "tools-mcp-unknown"}
