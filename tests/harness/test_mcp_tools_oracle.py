"""The MCP tools an agent really gets, per harness: each case is a project and home with (or
without) MCP configuration and one agent that lists MCP tools; the real harness runs the agent
offline (a stub model server records the tools it is sent, a fake stdio MCP server offers
``create_issue`` and ``list_issues``), and ``check --format json`` must grant the same MCP
tools (its ``tools`` for the harness, ``mcp__server`` and ``mcp__server__*`` standing for
both of the server's tools) and warn about every listed name that grants nothing."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from claude_plugin_cases import entry, manifest, market
from claude_plugin_cases import settings as plugin_settings
from oracle import HERE, SCRIPT, Case, build, free_port, run_offline
from oracle_claude_code import CLAUDE, ENV, missing

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
    where: str = ".claude/agents/probe.md"
    extra: str = ""

    def environ(self, home: Path) -> dict[str, str]:
        """The case's variables, ``@HOME@`` standing for the home folder."""
        return {key: value.replace("@HOME@", str(home)) for key, value in self.env.items()}

    def case(self) -> Case:
        agent = f"---\nname: probe\ndescription: {DESCRIPTION}\ntools: {self.tools}\n"
        text = agent + self.extra + "---\nYou review code.\n"
        return Case(self.id, {**self.files, self.where: text})


FAKE = json.loads(servers("fake"))


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
]  # fmt: skip


def expand(names: list[str]) -> set[str]:
    """The MCP tools the names stand for, given the fake servers' two tools."""
    granted = set()
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
    """The MCP tools Claude Code sends in the request of a run of the agent."""
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


def ours(case: ToolCase, project: Path, home: Path) -> tuple[set[str], list[dict]]:
    """The MCP tools ``check`` says Claude Code grants, and its MCP warnings."""
    path = home / case.where[2:] if case.where.startswith("~/") else project / case.where
    env = {**os.environ, "HOME": str(home)}
    env |= case.environ(home)
    done = subprocess.run(
        [str(SCRIPT), "check", "--format", "json", str(path)],
        cwd=project, env=env, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode in (0, 1), done.stderr
    (entry,) = json.loads(done.stdout)["files"]
    (verdict,) = [h for h in entry["harnesses"] if h["id"] == "claude-code"]
    names = verdict.get("tools")
    if names is None:
        names = [n.strip() for n in case.tools.split(",")]
    warned = [d for d in entry["diagnostics"] if d["code"].startswith("tools-mcp-")]
    return expand(names), warned


_RESULTS: dict[str, tuple[set[str], set[str], list[dict]] | BaseException] = {}


def _judge(case: ToolCase) -> tuple[set[str], set[str], list[dict]] | BaseException:
    try:
        with tempfile.TemporaryDirectory(prefix="oracle-mcp-") as scratch:
            project, home = build(case.case(), Path(scratch))
            granted, warned = ours(case, project, home)
            return theirs(case, project, home), granted, warned
    except Exception as error:  # reported by the case's own test
        return error


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.id)
def test_the_mcp_tools_an_agent_gets_agree_with_claude_code(case: ToolCase):
    if lacking := missing():
        pytest.fail(f"missing: {', '.join(lacking)}")
    if not _RESULTS:
        with ThreadPoolExecutor(4) as pool:
            _RESULTS.update(zip((c.id for c in CASES), pool.map(_judge, CASES), strict=True))
    result = _RESULTS[case.id]
    if isinstance(result, BaseException):
        raise result
    real, granted, warned = result
    assert granted == real, f"Claude Code grants {sorted(real)}, we say {sorted(granted)}"
    listed = expand([n.strip() for n in case.tools.split(",")])
    if listed - real:
        assert warned, "a listed MCP tool grants nothing and no warning says so"
    else:
        assert not warned, warned
