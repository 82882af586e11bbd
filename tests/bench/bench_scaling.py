"""Scaling benchmark: the lookups whose cost grows with a catalog, each shape built at 1x, 10x
and 100x its size and timed, so that a cost that grows faster than the input shows in the
ratios (linear: 10x/1x near 10 and 100x/1x near 100; a fixed start-up cost makes them lower).

- ``references``: 200 x step Claude Code agents in ``.claude/agents/``, each naming the next with
  ``tools: Agent(x)`` (``subagent-ls check``: each reference is checked against the catalog);
- ``task-patterns``: one OpenCode agent whose ``permission.task`` holds 40 patterns of
  10 x step characters (``*``-only and ``?`` ones, each failing near the end of every name)
  against 100 agent names of 25 x step characters (the engine's lint of that file, as the
  server runs it on each keystroke);
- ``task-agents``: 200 x step OpenCode agents in ``.opencode/agent/``, each allowing another
  by name in ``permission.task`` and asking for ``helper-*``, which matches none
  (``subagent-ls check``: each pattern is matched against the agents' names);
- ``near-miss``: 200 x step agent names and one file in 20 naming an agent with a typo (the
  engine's lint of those files: each unknown name is searched for its nearest);
- ``plugins``: a Copilot CLI marketplace (``.github/plugin/marketplace.json``) listing
  50 x step plugins of one agent each (``subagent-ls check``);
- ``plugin-references``: as ``plugins``, each plugin's agent handing off to one of as many
  agents in the project's ``.github/agents/`` (``subagent-ls check``: the agents of the
  project and of each plugin are what the handoffs are checked against).

Each step runs in a process of its own and is stopped past ``--limit`` seconds (the larger steps
are then skipped). Run: ``python tests/bench/bench_scaling.py [--shapes a,b] [--limit 60]``. It
prints one line per step and the ratios; there are no budgets.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from installed import as_installed

SCRIPT = Path(sys.executable).with_name("subagent-ls")
STEPS = (1, 10, 100)
DESCRIPTION = "Reviews one area of the code. Use when a change touches that area."
WORDS = ["review", "test", "build", "deploy", "audit", "docs", "lint", "search", "plan", "fix"]


class Stopped(Exception):
    """The step ran past the limit."""


def _agent(name: str, extra: str = "") -> str:
    return f"---\nname: {name}\ndescription: {DESCRIPTION}\n{extra}---\nBody.\n"


def _check(root: Path, limit: float) -> float:
    """Seconds of ``subagent-ls check --format json`` in ``root`` (HOME an empty folder)."""
    home = root.parent / "home"
    home.mkdir(exist_ok=True)
    start = time.perf_counter()
    process = subprocess.Popen(
        [str(SCRIPT), "check", "--format", "json"], cwd=root, stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE, env={**os.environ, "HOME": str(home)}, start_new_session=True,
    )  # fmt: skip
    try:
        _, err = process.communicate(timeout=limit)
    except subprocess.TimeoutExpired as stopped:
        os.killpg(process.pid, signal.SIGKILL)  # its worker processes too
        process.wait()
        raise Stopped from stopped
    assert process.returncode in (0, 1), err
    return time.perf_counter() - start


def references(folder: Path, step: int, limit: float) -> float:
    count = 200 * step
    agents = folder / "project/.claude/agents"
    agents.mkdir(parents=True)
    for index in range(count):
        named = f"tools: Read, Agent(agent-{(index + 1) % count:05d})\n"
        (agents / f"agent-{index:05d}.md").write_text(_agent(f"agent-{index:05d}", named))
    return _check(folder / "project", limit)


def plugins(folder: Path, step: int, limit: float, handoffs: bool = False) -> float:
    count = 50 * step
    project = folder / "project"
    (project / ".github/agents").mkdir(parents=True)
    entries = []
    for index in range(count):
        plugin = f"p{index:05d}"
        agents = project / "plugins" / plugin / "agents"
        agents.mkdir(parents=True)
        extra = f"handoffs:\n  - label: Go\n    agent: local-{index:05d}\n" if handoffs else ""
        (agents / f"helper-{index:05d}.md").write_text(_agent(f"helper-{index:05d}", extra))
        entries.append({"name": plugin, "source": f"./plugins/{plugin}"})
        if handoffs:
            local = project / f".github/agents/local-{index:05d}.agent.md"
            local.write_text(_agent(f"local-{index:05d}"))
    listing = project / ".github/plugin/marketplace.json"
    listing.parent.mkdir(parents=True)
    listing.write_text(json.dumps({"name": "market", "plugins": entries}))
    return _check(project, limit)


def plugin_references(folder: Path, step: int, limit: float) -> float:
    return plugins(folder, step, limit, handoffs=True)


def _lint_all(texts: list[str], path: str, dialect: str, names: set[str], limit: float) -> float:
    """Seconds of the engine's lint of each text against ``names`` (one lookup for all, as
    one run keeps it); every text must get an ``agent-unknown`` finding."""
    from subagent_ls.analysis.lint import lint
    from subagent_ls.core.document import AgentDocument
    from subagent_ls.core.settings import Settings
    from subagent_ls.harnesses.references import AgentNames
    from subagent_ls.harnesses.registry import DIALECTS

    known = AgentNames(frozenset(names), ("project",))
    docs = [AgentDocument(path, text) for text in texts]

    def stop(*_: object) -> None:
        raise Stopped

    signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, limit)
    start = time.perf_counter()
    found = [lint(doc, DIALECTS[dialect], Settings(), agents=lambda: known) for doc in docs]
    took = time.perf_counter() - start
    signal.setitimer(signal.ITIMER_REAL, 0)
    assert all(any(f.code == "agent-unknown" for f in r.findings) for r in found)
    return took


def task_patterns(folder: Path, step: int, limit: float) -> float:
    length = 25 * step
    names = {"a" * (length - 4) + f"{index:04d}" for index in range(100)}
    rules = []
    for index in range(40):
        middle = "a" * (10 * step - 4) if index % 2 else "?a" * (5 * step - 2)
        rules.append(f'    "*{middle}b{index:02d}*": allow\n')
    text = _agent("lead", "mode: primary\npermission:\n  task:\n" + "".join(rules))
    return _lint_all([text], "/p/.opencode/agent/lead.md", "opencode", names, limit)


def task_agents(folder: Path, step: int, limit: float) -> float:
    count = 200 * step
    agents = folder / "project/.opencode/agent"
    agents.mkdir(parents=True)
    for index in range(count):
        allowed = f"agent-{(index * 7 + 3) % count:05d}"
        rules = f'    "*": deny\n    {allowed}: allow\n    helper-*: ask\n'
        extra = f"mode: subagent\npermission:\n  task:\n{rules}"
        (agents / f"agent-{index:05d}.md").write_text(_agent(f"agent-{index:05d}", extra))
    return _check(folder / "project", limit)


def near_miss(folder: Path, step: int, limit: float) -> float:
    count = 200 * step
    names = [f"{WORDS[i % 10]}-{WORDS[i // 10 % 10]}-helper-{i:05d}" for i in range(count)]
    texts = []
    for index in range(0, count, 20):
        name = names[index]
        typo = name[:1] + name[2] + name[1] + name[3:]  # two letters swapped
        texts.append(_agent("lead", f"tools: Read, Agent({typo})\n"))
    return _lint_all(texts, "/p/.claude/agents/lead.md", "claude-code", set(names), limit)


SHAPES: dict[str, Callable[[Path, int, float], float]] = {
    "references": references,
    "task-patterns": task_patterns,
    "task-agents": task_agents,
    "near-miss": near_miss,
    "plugins": plugins,
    "plugin-references": plugin_references,
}


def run_step(shape: str, step: int, limit: float) -> float | None:
    """Seconds of one step, run in a process of its own (None: stopped past ``limit``)."""
    done = subprocess.run(
        [sys.executable, __file__, "--step", shape, str(step), "--limit", str(limit)],
        capture_output=True, text=True,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return None if done.stdout.strip() == "stopped" else float(done.stdout)


def _step_here(shape: str, step: int, limit: float) -> None:
    with tempfile.TemporaryDirectory() as folder:
        try:
            print(f"{SHAPES[shape](Path(folder), step, limit):.4f}")
        except Stopped:
            print("stopped")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--shapes", default=",".join(SHAPES))
    parser.add_argument("--limit", type=float, default=60.0)
    parser.add_argument("--step", nargs=2, metavar=("SHAPE", "STEP"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.step:
        _step_here(args.step[0], int(args.step[1]), args.limit)
        return 0
    for shape in args.shapes.split(","):
        timings: dict[int, float] = {}
        for step in STEPS:
            took = run_step(shape, step, args.limit)
            if took is None:
                print(f"{shape} {step}x: stopped past {args.limit:.0f} s")
                break
            timings[step] = took
            print(f"{shape} {step}x: {took:.3f} s", flush=True)
        ratios = [f"{s}x/1x {timings[s] / timings[1]:.1f}" for s in STEPS[1:] if s in timings]
        print(f"{shape}: " + (", ".join(ratios) or "no ratio"), flush=True)
    return 0


if __name__ == "__main__":
    as_installed()
    raise SystemExit(main())
