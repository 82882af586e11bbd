"""References to other agents, against the real harnesses: each case gives the agent ``lead``
one reference (Claude Code: ``Agent(x)`` in ``tools``, run as the main thread with
``--agent lead``; OpenCode: a ``permission.task`` pattern allowed after ``"*": deny``, run
with ``--agent lead``) beside the agents ``worker``, ``Helper``, ``docs-a`` and
``sub/nested`` (OpenCode). The harness lists the agents the reference lets the agent call (the
Agent tool's "Available agent types", OpenCode's ``task`` tool); ``check`` must warn
``agent-unknown`` exactly when that list is empty, and offer the fix only where the name
it suggests is listed when written instead."""

from __future__ import annotations

import json
import os
import re
import subprocess
import tempfile
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import oracle_claude_code
import oracle_opencode
import pytest
from oracle import SCRIPT, Case, build, free_port, run_offline

from helpers import require

SUBAGENT = "---\nname: {name}\ndescription: The {name} agent does its part of the work.\n"
CLAUDE_TEAM = {
    f".claude/agents/{name}.md": SUBAGENT.format(name=name) + "---\nYou help.\n"
    for name in ("worker", "Helper", "docs-a")
}
OPENCODE_TEAM = {
    f".opencode/agent/{name}.md": "---\ndescription: The agent does its part.\nmode: subagent\n"
    "---\nYou help.\n"
    for name in ("worker", "Helper", "docs-a", "sub/nested")
}
CLAUDE_CASES = [
    "Agent(worker)", "Agent(missing)", "Agent(helper)", "Agent(Helper)", "Task(worker)",
    "Agent(Explore)", "Agent(explore)", "Agent(docs-a)", "Read, Agent( worker )",
]  # fmt: skip
OPENCODE_CASES = [
    "worker", "wroker", "Worker", "work*", "w?rker", "docs-?", "sub/nested", "sub\\\\nested",
    "*er", "x*", "general", "nested",
]  # fmt: skip
_CLAUDE_HEAD = "Available agent types for the Agent tool:"


def _strings(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def claude_case(tools: str) -> Case:
    lead = SUBAGENT.format(name="lead") + f"tools: {tools}\n---\nYou lead.\n"
    return Case(tools, {**CLAUDE_TEAM, ".claude/agents/lead.md": lead})


def opencode_case(pattern: str) -> Case:
    lead = (
        "---\ndescription: Leads the work.\nmode: primary\npermission:\n  task:\n"
        f'    "*": deny\n    "{pattern}": allow\n---\nYou lead.\n'
    )
    return Case(pattern, {**OPENCODE_TEAM, ".opencode/agent/lead.md": lead})


def claude_listed(project: Path, home: Path) -> set[str]:
    """The agent types Claude Code offers ``lead``'s Agent tool."""
    env = {**oracle_claude_code.ENV, "ANTHROPIC_API_KEY": "sk-fake"}
    port = free_port()
    env["ANTHROPIC_BASE_URL"] = f"http://127.0.0.1:{port}"
    command = [str(oracle_claude_code.CLAUDE), "-p", "hello", "--agent", "lead"]
    run = run_offline(command, project, home, env, stub_port=port, timeout=90)
    for request in run.requests:
        body = request.get("body")
        if not isinstance(body, dict) or "hello" not in json.dumps(body.get("messages")):
            continue
        for text in _strings(body):
            if _CLAUDE_HEAD in text:
                listing = text.split(_CLAUDE_HEAD, 1)[1].split("\n\n", 1)[0]
                return set(re.findall(r"^- ([^:\n]+):", listing, re.MULTILINE))
        return set()
    raise RuntimeError(f"Claude Code sent the agent no request: {run.output[-800:]}")


def opencode_listed(project: Path, home: Path) -> set[str]:
    """The agents OpenCode's ``task`` tool offers ``lead``."""
    ran = oracle_opencode.run_agent(project, home, "lead")
    task = oracle_opencode._task_tool(ran.requests)
    if task is None:
        raise RuntimeError(f"opencode sent no request with a task tool:\n{ran.output[-2000:]}")
    listing = task.split(oracle_opencode._TASK_HEAD, 1)[-1]
    return set(re.findall(r"^- ([^:\n]+):", listing, re.MULTILINE))


def check(path: Path, project: Path, home: Path, *options: str) -> subprocess.CompletedProcess:
    done = subprocess.run(
        [str(SCRIPT), "check", *options, str(path)],
        cwd=project, env={**os.environ, "HOME": str(home)}, capture_output=True, text=True,
        timeout=60,
    )  # fmt: skip
    assert done.returncode in (0, 1), done.stderr
    return done


def ours(path: Path, project: Path, home: Path) -> list[dict]:
    """The ``agent-unknown`` diagnostics ``check --format json`` gives the file."""
    (entry,) = json.loads(check(path, project, home, "--format", "json").stdout)["files"]
    return [d for d in entry["diagnostics"] if d["code"] == "agent-unknown"]


HARNESSES = {
    "claude-code": (claude_case, claude_listed, ".claude/agents/lead.md", CLAUDE_CASES),
    "opencode": (opencode_case, opencode_listed, ".opencode/agent/lead.md", OPENCODE_CASES),
}
MISSING = {"claude-code": oracle_claude_code.missing, "opencode": oracle_opencode.missing}
PAIRS = [(harness, written) for harness, spec in HARNESSES.items() for written in spec[3]]
Judged = tuple[set[str], list[dict], set[str] | None]
"""What the harness offers, our warnings, and what it offers once the fix is applied."""
_RESULTS: dict[tuple[str, str], Judged | BaseException] = {}


def _judge(pair: tuple[str, str]) -> Judged | BaseException:
    harness, written = pair
    make, listed, where, _ = HARNESSES[harness]
    try:
        with tempfile.TemporaryDirectory(prefix="oracle-references-") as scratch:
            project, home = build(make(written), Path(scratch))
            offered, warned = listed(project, home), ours(project / where, project, home)
            fixed = None
            if any(d.get("data", {}).get("fix") for d in warned):
                check(project / where, project, home, "--fix", "--unsafe-fixes")
                fixed = listed(project, home)
            return offered, warned, fixed
    except Exception as error:  # reported by the case's own test
        return error


@pytest.mark.parametrize(("harness", "written"), PAIRS, ids=[f"{h}-{w}" for h, w in PAIRS])
def test_a_reference_warns_exactly_when_the_harness_offers_no_agent_for_it(
    harness: str, written: str
):
    require(MISSING[harness]())
    if not _RESULTS:
        with ThreadPoolExecutor(4) as pool:
            _RESULTS.update(zip(PAIRS, pool.map(_judge, PAIRS), strict=True))
    result = _RESULTS[(harness, written)]
    if isinstance(result, BaseException):
        raise result
    offered, warned, fixed = result
    if offered:
        assert not warned, f"{harness} offers {sorted(offered)}, we warn: {warned}"
    else:
        assert len(warned) == 1, f"{harness} offers no agent for it and no warning says so"
    if fixed is not None:
        assert fixed, f"after the fix ({warned[0]['data']['fix']}) {harness} offers no agent"
