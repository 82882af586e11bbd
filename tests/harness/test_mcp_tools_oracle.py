"""The MCP tools an agent really gets, per harness: each case is a project and home with (or
without) MCP configuration and one agent that lists MCP tools; the real harness runs the agent
offline (a stub model server records the tools it is sent, a fake stdio MCP server offers
``create_issue`` and ``list_issues``), and ``check --format json`` must grant the same MCP
tools (its ``tools`` for the harness; Claude Code's ``mcp__server`` and ``mcp__server__*``,
Copilot's ``server/*`` and Gemini's ``mcp_server_*`` standing for both of the server's tools)
and warn about every listed name that grants nothing. Claude Code runs
``claude -p hello --agent probe``; Copilot CLI runs ``copilot -p hello --agent probe`` in a git
repository, and names the tools it sends ``server-tool``; Gemini CLI runs ``gemini -p hi`` with
the stub answering ``invoke_agent`` of ``probe``, the tools of the subagent's own request read
(its servers are ``trust: true``: a headless run withholds others' tools); OpenCode runs
``opencode run --agent probe hello`` and gives every agent every tool of the servers it
connects (its ``tools`` map can only take tools away). For those two each name is checked: a
warning exactly for each listed name the agent does not get."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import oracle_claude_code
import oracle_copilot
import oracle_gemini
import oracle_opencode
import pytest
from claude_plugin_cases import entry, manifest, market
from claude_plugin_cases import settings as plugin_settings
from oracle import HERE, SCRIPT, Case, build, free_port, run_offline
from oracle_claude_code import CLAUDE, ENV

from helpers import require

SERVER = HERE / "fixtures/mcp/fake_server.py"
FAKE_TOOLS = ("create_issue", "list_issues")
DESCRIPTION = "Reviews code for defects and reports them. Use when a change is ready."


def servers(*names: str) -> str:
    """An ``mcpServers`` object of fake servers, as JSON."""
    entry = {"command": sys.executable, "args": [str(SERVER)]}
    return json.dumps({"mcpServers": {name: entry for name in names}})


@dataclass(frozen=True)
class ToolCase:
    """A layout (``files``, as in the oracle matrix), the ``tools`` of the agent ``probe`` at
    ``where``, and environment variables of the run."""

    id: str
    tools: str
    files: dict[str, str] = field(default_factory=dict)
    env: dict[str, str] = field(default_factory=dict)
    where: str = ""
    extra: str = ""
    harness: str = "claude-code"

    @property
    def path(self) -> str:
        """Where the agent lies (the harness's project folder unless ``where`` says)."""
        return self.where or HOMES[self.harness]

    def listed(self) -> list[str]:
        """The names ``tools`` lists (Copilot's cases write a list)."""
        if self.tools.startswith("["):
            return json.loads(self.tools)
        if self.tools.startswith("{"):
            return [name for name, on in json.loads(self.tools).items() if on is True]
        return [name.strip() for name in self.tools.split(",")]

    def environ(self, home: Path) -> dict[str, str]:
        """The case's variables, ``@HOME@`` standing for the home folder."""
        return {key: value.replace("@HOME@", str(home)) for key, value in self.env.items()}

    def case(self) -> Case:
        agent = f"---\nname: probe\ndescription: {DESCRIPTION}\ntools: {self.tools}\n"
        text = agent + self.extra + "---\nYou review code.\n"
        return Case(self.id, {**self.files, self.path: text})


HOMES = {
    "claude-code": ".claude/agents/probe.md",
    "copilot": ".github/agents/probe.agent.md",
    "opencode": ".opencode/agent/probe.md",
    "gemini": ".gemini/agents/probe.md",
}
FAKE = json.loads(servers("fake"))


def copilot_servers(*names: str, **fields: object) -> str:
    """Copilot's ``mcpServers`` of fake local servers that offer every tool, as JSON."""
    entry = {"type": "local", "command": sys.executable, "args": [str(SERVER)], "tools": ["*"]}
    return json.dumps({"mcpServers": {name: {**entry, **fields} for name in names}})


def copilot(case_id: str, tools: list[str], files: dict[str, str] | None = None, **more):
    return ToolCase(f"copilot-{case_id}", json.dumps(tools), files or {}, harness="copilot", **more)


TRUSTED = {"~/.copilot/config.json": json.dumps({"trustedFolders": ["@PROJECT@"]})}


def opencode_servers(*names: str, **fields: object) -> str:
    """OpenCode's ``mcp`` of fake local servers, as JSON."""
    entry = {"type": "local", "command": [sys.executable, str(SERVER)]}
    return json.dumps({"mcp": {name: {**entry, **fields} for name in names}})


def opencode(case_id: str, tools: dict[str, bool], files: dict[str, str] | None = None, **more):
    return ToolCase(f"opencode-{case_id}", json.dumps(tools), files or {}, harness="opencode",
                    extra="mode: primary\n", **more)  # fmt: skip


GEMINI_FAKE = {"command": sys.executable, "args": [str(SERVER)], "trust": True}


def gemini_servers(*names: str, entry: dict = GEMINI_FAKE, **values: object) -> str:
    """Gemini CLI settings with fake servers it trusts (a headless run uses no other's tools)
    and ``values``, as JSON."""
    return json.dumps({"mcpServers": {name: entry for name in names}, **values})


def gemini(case_id: str, tools: list[str], files: dict[str, str] | None = None, **more):
    return ToolCase(f"gemini-{case_id}", json.dumps(tools), files or {}, harness="gemini", **more)


def extension(name: str, servers: str) -> dict[str, str]:
    """A Gemini CLI extension ``name`` in the home whose manifest holds ``servers``."""
    manifest = {"name": name, "version": "1.0.0", **json.loads(servers)}
    return {f"~/.gemini/extensions/{name}/gemini-extension.json": json.dumps(manifest)}


GEMINI_USER = "~/.gemini/settings.json"


def settings(**values: object) -> str:
    return json.dumps(values)


def plugin_files(mcp_json: str) -> dict[str, str]:
    """An enabled plugin ``pa`` of a directory marketplace in the home, with ``.mcp.json``."""
    return {
        "~/.claude/settings.json": plugin_settings("pa"),
        "~/market/.claude-plugin/marketplace.json": market(entry("pa")),
        "~/market/plugins/pa/.claude-plugin/plugin.json": manifest(name="pa"),
        "~/market/plugins/pa/.mcp.json": mcp_json,
    }


CASES = [
    ToolCase("no-configuration", "Read, mcp__fake__create_issue"),
    ToolCase("project-mcp-json", "Read, mcp__fake__create_issue", {".mcp.json": servers("fake")}),
    ToolCase("whole-server", "Read, mcp__fake", {".mcp.json": servers("fake")}),
    ToolCase("server-wildcard", "mcp__fake__*", {".mcp.json": servers("fake")}),
    ToolCase("other-server-only", "mcp__github__create_issue, mcp__fake__list_issues",
             {".mcp.json": servers("fake")}),
    ToolCase("user-servers", "mcp__fake__create_issue", {"~/.claude.json": servers("fake")}),
    ToolCase("parent-folder", "mcp__fake", {"../.mcp.json": servers("fake")}),
    ToolCase("local-servers", "mcp__fake",
             {"~/.claude.json": json.dumps({"projects": {"@PROJECT@": FAKE}})}),
    ToolCase("disabled-project-server", "mcp__fake", {
        ".mcp.json": servers("fake"),
        ".claude/settings.json": settings(disabledMcpjsonServers=["fake"]),
    }),
    ToolCase("disabled-by-the-mcp-switch", "mcp__fake", {"~/.claude.json": json.dumps({
        **json.loads(servers("fake")), "projects": {"@PROJECT@": {"disabledMcpServers": ["fake"]}},
    })}),
    ToolCase("denied", "mcp__fake, mcp__other", {
        ".mcp.json": servers("fake", "other"),
        "~/.claude/settings.json": settings(deniedMcpServers=[{"serverName": "fake"}]),
    }),
    ToolCase("not-allowed", "mcp__fake, mcp__other", {
        ".mcp.json": servers("fake", "other"),
        ".claude/settings.json": settings(allowedMcpServers=[{"serverName": "other"}]),
    }),
    ToolCase("none-allowed", "mcp__fake", {
        ".mcp.json": servers("fake"), "~/.claude/settings.json": settings(allowedMcpServers=[]),
    }),
    ToolCase("a-disabled-key-does-nothing", "mcp__fake", {".mcp.json": json.dumps(
        {"mcpServers": {"fake": {**FAKE["mcpServers"]["fake"], "disabled": True}}}
    )}),
    ToolCase("spelled-server", "mcp__my_srv__create_issue, mcp__my.srv__list_issues",
             {".mcp.json": servers("my.srv")}),
    ToolCase("double-underscore-server", "mcp__a__b, mcp__a__b__*", {".mcp.json": servers("a__b")}),
    ToolCase("config-dir", "mcp__fake, mcp__home",
             {"~/cfg/.claude.json": servers("fake"), "~/.claude.json": servers("home")},
             env={"CLAUDE_CONFIG_DIR": "@HOME@/cfg"}),
    ToolCase("plugin-server", "mcp__plugin_pa_fake__create_issue, mcp__fake",
             plugin_files(servers("fake"))),
    ToolCase("plugin-server-bare-map", "mcp__plugin_pa_fake, mcp__plugin_pa_other",
             plugin_files(json.dumps(FAKE["mcpServers"]))),
    ToolCase("user-agent-inline-server", "mcp__inline__create_issue, mcp__fake",
             where="~/.claude/agents/probe.md",
             extra=f"mcpServers:\n  - inline:\n      command: {sys.executable}\n"
                   f"      args: [{json.dumps(str(SERVER))}]\n"),
    copilot("no-configuration", ["read", "fake/create_issue"]),
    copilot("user-config", ["read", "fake/create_issue"],
            {"~/.copilot/mcp-config.json": copilot_servers("fake")}),
    copilot("server-wildcard", ["fake/*"], {"~/.copilot/mcp-config.json": copilot_servers("fake")}),
    copilot("server-case", ["FAKE/list_issues"],
            {"~/.copilot/mcp-config.json": copilot_servers("fake")}),
    copilot("copilot-home", ["fake/*", "home/*"], {
        "~/cfg/mcp-config.json": copilot_servers("fake"),
        "~/.copilot/mcp-config.json": copilot_servers("home"),
    }, env={"COPILOT_HOME": "@HOME@/cfg"}),
    copilot("untrusted-workspace", ["fake/create_issue"], {".mcp.json": copilot_servers("fake")}),
    copilot("trusted-workspace", ["fake/create_issue"],
            {".mcp.json": copilot_servers("fake"), **TRUSTED}),
    copilot("trusted-github-mcp-json", ["fake/*"],
            {".github/mcp.json": copilot_servers("fake"), **TRUSTED}),
    copilot("allow-all", ["fake/create_issue"], {".mcp.json": copilot_servers("fake")},
            env={"COPILOT_ALLOW_ALL": "true"}),
    copilot("disabled", ["fake/*"],
            {"~/.copilot/mcp-config.json": copilot_servers("fake", disabled=True)}),
    copilot("disabled-in-settings", ["fake/*", "other/*"], {
        "~/.copilot/mcp-config.json": copilot_servers("fake", "other"),
        "~/.copilot/settings.json": json.dumps({"disabledMcpServers": ["fake"]}),
    }),
    opencode("no-configuration", {"fake_create_issue": True}),
    opencode("project-config", {"fake_create_issue": True},
             {"opencode.json": opencode_servers("fake")}),
    opencode("user-config", {"fake_list_issues": True},
             {"~/.config/opencode/opencode.json": opencode_servers("fake")}),
    opencode("dot-opencode-config", {"fake_*": True},
             {".opencode/opencode.json": opencode_servers("fake")}),
    opencode("parent-folder", {"fake_create_issue": True},
             {"../opencode.json": opencode_servers("fake")}),
    opencode("jsonc", {"fake_create_issue": True},
             {"opencode.jsonc": "// servers\n" + opencode_servers("fake")}),
    opencode("disabled", {"fake_create_issue": True},
             {"opencode.json": opencode_servers("fake", enabled=False)}),
    opencode("disabled-by-the-project", {"fake_create_issue": True}, {
        "~/.config/opencode/opencode.json": opencode_servers("fake"),
        "opencode.json": json.dumps({"mcp": {"fake": {"enabled": False}}}),
    }),
    opencode("other-server", {"github_create_issue": True, "fake_list_issues": True},
             {"opencode.json": opencode_servers("fake")}),
    opencode("spelled-server", {"my_srv_create_issue": True},
             {"opencode.json": opencode_servers("my.srv")}),
    opencode("switched-off-only", {"fake_create_issue": False}, {}),
    gemini("no-configuration", ["read_file", "mcp_fake_create_issue"]),
    gemini("user-settings", ["read_file", "mcp_fake_create_issue"],
           {GEMINI_USER: gemini_servers("fake")}),
    gemini("server-wildcard", ["mcp_fake_*"], {GEMINI_USER: gemini_servers("fake")}),
    gemini("every-server", ["mcp_*"], {GEMINI_USER: gemini_servers("fake", "other")}),
    gemini("other-server", ["mcp_github_create_issue", "mcp_fake_list_issues"],
           {GEMINI_USER: gemini_servers("fake")}),
    gemini("untrusted-project", ["mcp_fake_create_issue"],
           {".gemini/settings.json": gemini_servers("fake")}),
    gemini("trusted-by-the-variable", ["mcp_fake_create_issue"],
           {".gemini/settings.json": gemini_servers("fake")},
           env={"GEMINI_CLI_TRUST_WORKSPACE": "true"}),
    gemini("trusted-folder", ["mcp_fake_create_issue"], {
        ".gemini/settings.json": gemini_servers("fake"),
        "~/.gemini/trustedFolders.json": json.dumps({"@PROJECT@": "TRUST_FOLDER"}),
    }),
    gemini("excluded", ["mcp_fake_*", "mcp_other_*"],
           {GEMINI_USER: gemini_servers("fake", "other", mcp={"excluded": ["fake"]})}),
    gemini("not-allowed", ["mcp_fake_*", "mcp_other_*"],
           {GEMINI_USER: gemini_servers("fake", "other", mcp={"allowed": ["other"]})}),
    gemini("extension-server", ["mcp_fake_create_issue", "mcp_home_*"], {
        # an extension's trust makes no rule of the policy: mcp.allowed lets a headless run use it
        **extension("ext1", gemini_servers("fake")),
        GEMINI_USER: settings(mcp={"allowed": ["fake"]}),
    }),
    gemini("spelled-server", ["mcp_my.srv_create_issue", "mcp_my_srv_list_issues"],
           {GEMINI_USER: gemini_servers("my.srv")}),
    gemini("user-agent", ["mcp_fake_list_issues", "mcp_other_*"],
           {GEMINI_USER: gemini_servers("fake")}, where="~/.gemini/agents/probe.md"),
    gemini("moved-home", ["mcp_fake_create_issue", "mcp_home_*"], {
        "~/alt/.gemini/settings.json": gemini_servers("fake"), GEMINI_USER: gemini_servers("home"),
    }, env={"GEMINI_CLI_HOME": "@HOME@/alt"}, where="~/alt/.gemini/agents/probe.md"),
    gemini("excluded-tool", ["mcp_fake_create_issue", "mcp_fake_list_issues"], {GEMINI_USER:
           gemini_servers("fake", entry={**GEMINI_FAKE, "excludeTools": ["create_issue"]})}),
    gemini("included-tools", ["mcp_fake_create_issue", "mcp_fake_*"], {GEMINI_USER:
           gemini_servers("fake", entry={**GEMINI_FAKE, "includeTools": ["list_issues"]})}),
    gemini("switched-off-by-mcp-disable", ["mcp_fake_*", "mcp_other_*"], {
        GEMINI_USER: gemini_servers("fake", "other"),
        "~/.gemini/mcp-server-enablement.json": json.dumps({"fake": {"enabled": False}}),
    }),
    gemini("no-command", ["mcp_fake_create_issue"],
           {GEMINI_USER: gemini_servers("fake", entry={"trust": True})}),
    gemini("settings-over-an-extension", ["mcp_fake_create_issue", "mcp_fake_list_issues"], {
        **extension("ext1", gemini_servers("fake")),
        GEMINI_USER: gemini_servers(
            "fake", entry={"trust": True, "excludeTools": ["create_issue"]}),
    }),
    gemini("inline-server", ["read_file"],
           extra=f"mcp_servers:\n  inline:\n    command: {sys.executable}\n"
                 f"    args: [{json.dumps(str(SERVER))}]\n    trust: true\n"),
    copilot("inline-server", ["inline/create_issue", "fake/*"],
            extra=f"mcp-servers:\n  inline:\n    type: local\n    command: {sys.executable}\n"
                  f"    args: [{json.dumps(str(SERVER))}]\n    tools: ['*']\n"),
]  # fmt: skip
MISSING = {
    "claude-code": oracle_claude_code.missing,
    "copilot": oracle_copilot.missing,
    "opencode": oracle_opencode.missing,
    "gemini": oracle_gemini.missing,
}


def opencode_wildcard(text: str, pattern: str) -> bool:
    """OpenCode 1.18.33's ``Wildcard.match(str, pattern)`` (packages/opencode/src/util/
    wildcard.ts), written from its source, not from the product's matcher: backslashes read as
    ``/``, the pattern escaped for a regular expression, ``*`` as ``.*``, ``?`` as ``.``, a
    trailing `` .*`` made optional, anchored, with the ``s`` flag (``re.DOTALL``)."""
    text, pattern = text.replace("\\", "/"), pattern.replace("\\", "/")
    escaped = re.sub(r"[.+^${}()|[\]\\]", lambda m: "\\" + m[0], pattern)
    escaped = escaped.replace("*", ".*").replace("?", ".")
    if escaped.endswith(" .*"):
        escaped = escaped[:-3] + "( .*)?"
    return re.fullmatch(escaped, text, re.DOTALL) is not None


def expand(names: list[str], harness: str, real: set[str] = frozenset()) -> set[str]:
    """The MCP tools the names stand for, given the fake servers' two tools (Copilot's as
    ``server/tool``, its server in lower case; Gemini's among the ``real`` ones a run sent)."""
    granted = set()
    if harness == "gemini":
        return {
            tool
            for name in names
            for tool in real
            if name in ("mcp_*", tool) or (name.endswith("_*") and tool.startswith(name[:-1]))
        }
    if harness == "opencode":
        servers = ("fake", "github", "my_srv")
        everything = {f"{server}_{tool}" for server in servers for tool in FAKE_TOOLS}
        return {tool for name in names for tool in everything if opencode_wildcard(tool, name)}
    if harness == "copilot":
        for name in names:
            server, _, tool = name.partition("/")
            if tool == "*" or tool in FAKE_TOOLS:
                tools = FAKE_TOOLS if tool == "*" else (tool,)
                granted |= {f"{server.lower()}/{each}" for each in tools}
        return granted
    for name in names:
        if not name.startswith("mcp__"):
            continue
        rest = name[len("mcp__") :]
        if rest.endswith("__*"):
            granted |= {f"mcp__{rest[:-3]}__{tool}" for tool in FAKE_TOOLS}
        elif "__" not in rest:
            granted |= {f"mcp__{rest}__{tool}" for tool in FAKE_TOOLS}
        else:
            granted.add(name)
    return granted


def theirs(case: ToolCase, project: Path, home: Path) -> set[str]:
    """The MCP tools the harness sends in the request of a run of the agent."""
    if case.harness == "copilot":
        return copilot_sends(case, project, home)
    if case.harness == "opencode":
        return opencode_sends(project, home)
    if case.harness == "gemini":
        return gemini_sends(case, project, home)
    env = {**ENV, "ANTHROPIC_API_KEY": "sk-fake"}
    env |= case.environ(home)
    port = free_port()
    env["ANTHROPIC_BASE_URL"] = f"http://127.0.0.1:{port}"
    command = [str(CLAUDE), "-p", "hello", "--agent", "probe"]
    run = run_offline(command, project, home, env, stub_port=port, timeout=90)
    for request in run.requests:
        body = request.get("body")
        if isinstance(body, dict) and "hello" in json.dumps(body.get("messages")):
            tools = [t.get("name", "") for t in body.get("tools", [])]
            return {name for name in tools if name.startswith("mcp__")}
    raise RuntimeError(f"Claude Code sent the agent no request: {run.output[-800:]}")


def copilot_sends(case: ToolCase, project: Path, home: Path) -> set[str]:
    """The MCP tools Copilot CLI sends (``fake-create_issue`` as ``fake/create_issue``)."""
    oracle_copilot.prepare(project)
    port = free_port()
    env = oracle_copilot.environment(port) | case.environ(home)
    command = [str(oracle_copilot.BINARY), "--no-auto-update", "-p", "hello", "--agent", "probe"]
    run = run_offline(command, project, home, env, stub_port=port, timeout=90)
    for request in run.requests:
        body = request.get("body")
        if isinstance(body, dict) and body.get("tools") is not None:
            names = [(t.get("function") or {}).get("name", "") for t in body["tools"]]
            return {
                f"{server}/{tool}"
                for server, _, tool in (name.partition("-") for name in names)
                if tool in FAKE_TOOLS
            }
    raise RuntimeError(f"Copilot sent the agent no request: {run.output[-800:]}")


def gemini_sends(case: ToolCase, project: Path, home: Path) -> set[str]:
    """The MCP tools Gemini CLI declares in the subagent's request (the one that offers
    ``complete_task``)."""
    ran = oracle_gemini.run(project, home, case.environ(home), agent="probe")
    for request in ran.requests:
        body = request.get("body")
        tools = body.get("tools") if isinstance(body, dict) else None
        names = [d.get("name", "") for t in tools or [] for d in t.get("functionDeclarations", [])]
        if "complete_task" in names:
            return {name for name in names if name.startswith("mcp_")}
    raise RuntimeError(f"Gemini CLI sent the subagent no request: {ran.output[-800:]}")


def opencode_sends(project: Path, home: Path) -> set[str]:
    """The MCP tools OpenCode sends for the agent (``server_tool``)."""
    ran = oracle_opencode.run_agent(project, home, "probe")
    for request in ran.requests:
        body = request.get("body")
        if isinstance(body, dict) and body.get("tools"):
            names = [(t.get("function") or {}).get("name", "") for t in body["tools"]]
            return {name for name in names if name.endswith(FAKE_TOOLS)}
    raise RuntimeError(f"OpenCode sent the agent no request: {ran.output[-800:]}")


def ours(case: ToolCase, project: Path, home: Path) -> tuple[list[str], list[dict]]:
    """The tool names ``check`` says the harness grants, and its MCP warnings."""
    path = home / case.path[2:] if case.path.startswith("~/") else project / case.path
    env = {**os.environ, "HOME": str(home)}
    env |= case.environ(home)
    done = subprocess.run(
        [str(SCRIPT), "check", "--format", "json", str(path)],
        cwd=project, env=env, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode in (0, 1), done.stderr
    (entry,) = json.loads(done.stdout)["files"]
    (verdict,) = [h for h in entry["harnesses"] if h["id"] == case.harness]
    names = verdict.get("tools")
    if names is None:
        names = case.listed()
    warned = [d for d in entry["diagnostics"] if d["code"].startswith("tools-mcp-")]
    return names, warned


_RESULTS: dict[str, tuple[set[str], list[str], list[dict]] | BaseException] = {}


def _judge(case: ToolCase) -> tuple[set[str], list[str], list[dict]] | BaseException:
    try:
        with tempfile.TemporaryDirectory(prefix="oracle-mcp-") as scratch:
            project, home = build(case.case(), Path(scratch))
            granted, warned = ours(case, project, home)
            return theirs(case, project, home), granted, warned
    except Exception as error:  # reported by the case's own test
        return error


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_the_mcp_tools_an_agent_gets_agree_with_the_harness(case: ToolCase):
    require(MISSING[case.harness]())
    if not _RESULTS:
        with ThreadPoolExecutor(4) as pool:
            _RESULTS.update(zip((c.id for c in CASES), pool.map(_judge, CASES), strict=True))
    result = _RESULTS[case.id]
    if isinstance(result, BaseException):
        raise result
    real, names, warned = result
    if case.harness in ("opencode", "gemini"):  # each name is checked against what was sent
        listed = case.listed()
        if case.harness == "gemini":
            assert expand(names, "gemini", real) == real, f"we grant {names} of {sorted(real)}"
            kept = [name for name in names if name.startswith("mcp_")]
            assert all(expand([name], "gemini", real) for name in kept), f"{names}: {real}"
            listed = [name for name in listed if name.startswith("mcp_")]
        missed = [name for name in listed if not expand([name], case.harness, real) & real]
        assert sorted(d["message"].split("`")[1] for d in warned) == sorted(missed), warned
        return
    granted = expand(names, case.harness)
    assert granted == real, f"{case.harness} grants {sorted(real)}, we say {sorted(granted)}"
    listed = expand(case.listed(), case.harness)
    if listed - real:
        assert warned, "a listed MCP tool grants nothing and no warning says so"
    else:
        assert not warned, warned
