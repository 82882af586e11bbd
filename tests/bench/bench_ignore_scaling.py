"""How the cost of a walk grows with the size of a ``.gitignore``: a project of agent files and
other folders, its ``.gitignore`` of random wildcard patterns (stars, ``**``, classes, runs of
``*x*x*x``) at 1, 10 and 100 KB, checked with ``subagent-ls check`` through the console script,
and listed by ``git ls-files --others --exclude-standard`` for comparison.

Run: ``python tests/bench/bench_ignore_scaling.py [--files N] [--repeat R]``. It prints, for
each size, the median wall time of each command and the ratios 10x/1x and 100x/1x (linear
cost: about 10 and 100, the fixed start-up cost of the command pulls them lower).
"""

from __future__ import annotations

import argparse
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SIZES = (1_000, 10_000, 100_000)
PIECES = ["a", "b", "d", "e", ".", "*", "*", "**", "?", "/", "[ab]", "[!a]", "[[:digit:]]"]
AGENT = (
    "---\nname: {name}\n"
    "description: Reviews code for defects. Use when a change is ready.\n---\nBody\n"
)
SUBAGENT_LS = Path(sys.executable).with_name("subagent-ls")


def _patterns(rng: random.Random, size: int) -> str:
    """Patterns that each must be tried on every path and match none (each ends in a ``b``,
    which no path holds)."""
    lines: list[str] = []
    while sum(map(len, lines)) < size:
        if rng.random() < 0.3:
            lines.append("*" + "*".join(rng.choice("de") for _ in range(rng.randint(4, 12))) + "b")
        else:
            lines.append("".join(rng.choice(PIECES) for _ in range(rng.randint(3, 12))) + "b")
    return "\n".join(lines) + "\n"


def _project(root: Path, files: int) -> None:
    subprocess.run(["git", "init", "-q", str(root)], check=True)
    for index in range(files):
        folder = root / f"src{index % 50}" / ("d" * (index % 30)) / "deed"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"note{index}.txt").write_text("x\n")
    agents = root / ".claude" / "agents"
    agents.mkdir(parents=True)
    for index in range(20):
        (agents / f"agent-{index}.md").write_text(AGENT.format(name=f"agent-{index}"))


def _timed(command: list[str], cwd: Path, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        subprocess.run(command, cwd=cwd, capture_output=True, check=False)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--files", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    root = Path(tempfile.mkdtemp(prefix="ignore scaling "))
    try:
        _project(root, args.files)
        rng = random.Random(0)
        rows = []
        for size in SIZES:
            (root / ".gitignore").write_text(_patterns(rng, size))
            ours = _timed([str(SUBAGENT_LS), "check", "--quiet", "."], root, args.repeat)
            git = _timed(["git", "ls-files", "--others", "--exclude-standard"], root, args.repeat)
            rows.append((size, ours, git))
            print(f"{size // 1000:>4} KB  check {ours:7.3f} s   git {git:7.3f} s", flush=True)
        base = rows[0]
        for size, ours, git in rows[1:]:
            scale = size // base[0]
            print(f"{scale}x/1x: check {ours / base[1]:.1f}, git {git / base[2]:.1f}")
    finally:
        shutil.rmtree(root, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
