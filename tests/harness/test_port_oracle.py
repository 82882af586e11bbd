"""Ported agents run by the real target harness, offline, at its pinned version: ``subagent-ls
port`` writes an agent into the target's folder of a project, the target runs it through the
stub provider, and the request the agent sends must carry the tools the port mapped (each
harness's own tools for them), under the name the port gave it.

One case per pair of harnesses, each direction. OpenCode and Copilot run a subagent when the
model calls their ``task`` tool (the stub answers with that call), Gemini CLI when it calls
``invoke_agent``, Claude Code as the main agent (``--agent``)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import oracle_claude_code
import oracle_copilot
import oracle_gemini
import oracle_opencode
import pytest
from oracle import HERE, SCRIPT, Case, build, free_port, run_offline
from oracle_claude_code import CLAUDE, ENV

from helpers import require


def claude_agent(tools: str) -> str:
    return (
        "---\nname: port-probe\ndescription: Reads and searches files.\n"
        f"tools: {tools}\n---\nPORTED-BODY\n"
    )


def listed_agent(tools: str) -> str:
    """A Copilot CLI or Gemini CLI agent (both write ``tools`` as a list)."""
    return claude_agent(tools)


def opencode_agent(*tools: str) -> str:
    switched = "".join(f"  {tool}: true\n" for tool in tools)
    return (
        '---\ndescription: Reads and searches files.\ntools:\n  "*": false\n'
        f"{switched}---\nPORTED-BODY\n"
    )


SOURCE = "src/port-probe.md"
"""Where no harness reads the source (it is read in the dialect ``port --dialect`` names)."""
CASES = {
    # (source, target): the source's text, the tools the ported agent's own request carries
    # OpenCode's `edit` and `write` are one switch: the port gives both
    ("claude-code", "opencode"): (
        claude_agent("Read, Grep, Bash, Edit"),
        {"read", "grep", "bash", "edit", "write"},
    ),
    ("claude-code", "copilot"): (
        claude_agent("Read, Grep, Bash"),
        {"view", "rg", "bash", "read_bash", "stop_bash", "list_bash"},
    ),
    # a headless run of Gemini CLI leaves out the tools that ask for confirmation (the shell,
    # edits), whatever the agent lists: no case for it lists them
    ("claude-code", "gemini"): (
        claude_agent("Read, Grep, Glob"),
        {"read_file", "grep_search", "glob"},
    ),
    # Claude Code 2.1.332 sends no `Grep` or `Glob` to an agent that also has `Bash`: no case
    # for it has both
    ("opencode", "claude-code"): (
        opencode_agent("read", "grep", "webfetch"),
        {"Read", "Grep", "WebFetch"},
    ),
    ("opencode", "copilot"): (
        opencode_agent("read", "grep", "bash"),
        {"view", "rg", "bash", "read_bash", "stop_bash", "list_bash"},
    ),
    ("opencode", "gemini"): (opencode_agent("read", "grep"), {"read_file", "grep_search"}),
    ("copilot", "claude-code"): (listed_agent("[view, rg, glob]"), {"Read", "Grep", "Glob"}),
    ("copilot", "opencode"): (listed_agent("[view, rg, bash]"), {"read", "grep", "bash"}),
    ("copilot", "gemini"): (
        listed_agent("[view, rg, glob]"),
        {"read_file", "grep_search", "glob"},
    ),
    ("gemini", "claude-code"): (listed_agent("[read_file, grep_search]"), {"Read", "Grep"}),
    ("gemini", "opencode"): (
        listed_agent("[read_file, glob, write_file]"),
        {"read", "glob", "write", "edit"},
    ),
    ("gemini", "copilot"): (listed_agent("[read_file, grep_search]"), {"view", "rg"}),
}
MISSING = {
    "claude-code": oracle_claude_code.missing,
    "copilot": oracle_copilot.missing,
    "opencode": oracle_opencode.missing,
    "gemini": oracle_gemini.missing,
}
TASK_CALLS = {
    "copilot": {"name": "task", "args": {"agent_type": "NAME"}},
    "opencode": {"name": "task", "args": {"subagent_type": "NAME"}},
}
"""The call the stub model answers with, so that the harness runs the subagent."""
NOT_GRANTED = {"complete_task", "DeferredToolPlaceholder"}
"""Tools a harness adds to every agent's request: Gemini CLI's way for a subagent to end,
Claude Code's placeholder that keeps deferred tools loadable ("never call this tool")."""


def port(project: Path, dialect: str, target: str) -> dict:
    """``subagent-ls port --to TARGET``, as a user runs it in the project."""
    done = subprocess.run(
        [str(SCRIPT), "port", "--dialect", dialect, "--to", target, "--format", "json", SOURCE],
        cwd=project, capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    (ported,) = json.loads(done.stdout)["ports"]
    return ported


def _names(body: dict) -> list[str]:
    """The tool names of a request (OpenAI's ``function.name`` or a custom tool's ``name``;
    Anthropic's ``name``; Gemini's function declarations)."""
    names = []
    for tool in body.get("tools") or []:
        if "functionDeclarations" in tool:
            names += [d.get("name", "") for d in tool["functionDeclarations"]]
        else:
            names.append((tool.get("function") or tool.get("custom") or tool).get("name", ""))
    return names


def called(target: str, project: Path, home: Path, name: str) -> list[dict]:
    """The requests of a run whose model calls the harness's ``task`` tool naming ``name``."""
    port_number = free_port()
    if target == "copilot":
        oracle_copilot.prepare(project)
        env = oracle_copilot.environment(port_number)
        command = [str(oracle_copilot.BINARY), "--no-auto-update", "-p", "hello",
                   "--allow-all-tools"]  # fmt: skip
    else:
        env = {**oracle_opencode.QUIET, "OPENCODE_CONFIG_CONTENT": oracle_opencode.stub_config(
            port_number)}  # fmt: skip
        env |= {f"XDG_{kind}_HOME": str(home / "xdg" / kind) for kind in ("DATA", "STATE", "CACHE")}
        command = [str(oracle_opencode.OPENCODE), "run", "hello", "--pure"]
    call = json.loads(json.dumps(TASK_CALLS[target]).replace("NAME", name))
    log = home / "requests.jsonl"
    subprocess.run(
        ["unshare", "-n", sys.executable, str(HERE / "offline.py"), "--timeout", "120",
         "--stub-port", str(port_number), "--stub-log", str(log),
         "--stub-openai-call", json.dumps(call), "--", *command],
        cwd=project, env={"PATH": os.environ.get("PATH", ""), "HOME": str(home), **env},
        capture_output=True, timeout=180, check=False,
    )  # fmt: skip
    return [json.loads(line) for line in log.read_text().splitlines()] if log.exists() else []


def sent(target: str, project: Path, home: Path, name: str) -> set[str]:
    """The tools the agent ``name`` sends in its own request (the one carrying its body)."""
    if target == "gemini":
        requests = oracle_gemini.run(project, home, agent=name).requests
    elif target in TASK_CALLS:
        requests = called(target, project, home, name)
    else:
        port_number = free_port()
        env = {**ENV, "ANTHROPIC_API_KEY": "sk-fake"}
        env["ANTHROPIC_BASE_URL"] = f"http://127.0.0.1:{port_number}"
        command = [str(CLAUDE), "-p", "hello", "--agent", name]
        requests = run_offline(command, project, home, env, stub_port=port_number).requests
    for request in requests:
        body = request.get("body")
        if isinstance(body, dict) and "PORTED-BODY" in json.dumps(body) and body.get("tools"):
            if target == "gemini" and "complete_task" not in _names(body):
                continue
            return set(_names(body)) - NOT_GRANTED
    raise RuntimeError(f"{target} sent no request of the ported agent {name}")


def judged(pair: tuple[str, str]) -> tuple[dict, set[str]] | BaseException:
    source, target = pair
    try:
        with tempfile.TemporaryDirectory(prefix="oracle-port-") as scratch:
            files = {SOURCE: CASES[pair][0]}
            project, home = build(Case(f"port-{source}-{target}", files), Path(scratch))
            subprocess.run(["git", "init", "-q", str(project)], check=True, capture_output=True)
            ported = port(project, source, target)
            Path(ported["target"]).relative_to(project)  # written into the project
            return ported, sent(target, project, home, ported["name"])
    except Exception as error:  # reported by the case's own test
        return error


_RESULTS: dict[tuple[str, str], tuple[dict, set[str]] | BaseException] = {}


@pytest.mark.timeout(1800)
@pytest.mark.parametrize("pair", list(CASES), ids=lambda pair: f"{pair[0]}-to-{pair[1]}")
def test_a_ported_agent_runs_in_the_target_with_the_mapped_tools(pair):
    require(MISSING[pair[1]]())
    if not _RESULTS:
        with ThreadPoolExecutor(4) as pool:
            _RESULTS.update(zip(CASES, pool.map(judged, CASES), strict=True))
    result = _RESULTS[pair]
    if isinstance(result, BaseException):
        raise result
    ported, tools = result
    assert ported["loads"] and ported["name"] == "port-probe"
    said = f"{pair[1]} sent {sorted(tools)}; the port mapped {ported['tools']}"
    assert tools == CASES[pair][1], said
