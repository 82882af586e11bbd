"""Benchmark: ``subagent-ls check --format json`` of one file in a project of three agents, as a
pre-commit hook or an editor linting through the command line runs it on every call (wall time
of the real console script, and its CPU time, best and median of several runs; beside them a
bare Python start, and the ratio of the medians, which holds on a noisy machine).

Run: ``python tests/bench/bench_one_file.py [--runs N]``. It prints the figures and exits
non-zero when the median wall time misses its budget (60 ms). It also times the libraries
alone (``LIBRARIES``): no check can start faster than they import. On a loaded machine the wall
time waits for a core; the CPU time (user + system, of the process alone) says what the run
itself costs.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from generate import agent_text
from installed import as_installed

BUDGET_MS = 60.0
LIBRARIES = "import argparse, json, pathlib, typing, ruamel.yaml"
"""What any check imports before a line of its own: the floor of a one-file check."""


def project(root: Path) -> Path:
    import random

    folder = root / ".agents" / "agents"
    folder.mkdir(parents=True)
    rng = random.Random(7)
    for index in range(3):
        (folder / f"agent-{index:05d}.md").write_text(agent_text(index, rng), "utf-8")
    return folder / "agent-00000.md"


def time_runs(command: list[str], cwd: Path, runs: int) -> tuple[list[float], list[float]]:
    """Wall and CPU milliseconds of each run."""
    wall, cpu = [], []
    for _ in range(runs):
        start = time.perf_counter()
        process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.DEVNULL)
        _, status, usage = os.wait4(process.pid, 0)
        wall.append((time.perf_counter() - start) * 1000)
        cpu.append((usage.ru_utime + usage.ru_stime) * 1000)
        assert os.waitstatus_to_exitcode(status) in (0, 1), command
    return wall, cpu


def _line(what: str, wall: list[float], cpu: list[float]) -> str:
    return (
        f"{what}: wall best {min(wall):.0f} ms, median {statistics.median(wall):.0f} ms; "
        f"CPU best {min(cpu):.0f} ms, median {statistics.median(cpu):.0f} ms"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=21)
    args = parser.parse_args()
    script = Path(sys.executable).with_name("subagent-ls")
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        target = project(root)
        check = [str(script), "check", "--format", "json", str(target.relative_to(root))]
        wall, cpu = time_runs(check, root, args.runs)
        bare_wall, bare_cpu = time_runs([sys.executable, "-c", "pass"], root, args.runs)
        floor_wall, floor_cpu = time_runs([sys.executable, "-c", LIBRARIES], root, args.runs)
    median = statistics.median(wall)
    verdict = "ok" if median <= BUDGET_MS else "OVER BUDGET"
    print(_line("check --format json, 1 file of 3", wall, cpu) + f" (budget {BUDGET_MS:.0f} ms "
          f"wall) {verdict}")  # fmt: skip
    print(_line("bare Python start", bare_wall, bare_cpu))
    print(_line("the libraries alone (argparse, json, pathlib, typing, ruamel.yaml)", floor_wall,
                floor_cpu))  # fmt: skip
    print(
        f"ratio to a bare Python start: wall {median / statistics.median(bare_wall):.1f}x, "
        f"CPU {statistics.median(cpu) / statistics.median(bare_cpu):.1f}x; the libraries alone: "
        f"CPU {statistics.median(floor_cpu) / statistics.median(bare_cpu):.1f}x"
    )
    return 0 if median <= BUDGET_MS else 1


if __name__ == "__main__":
    as_installed()
    raise SystemExit(main())
