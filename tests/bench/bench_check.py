"""Benchmark: ``subagent-ls check --format json`` on generated projects of 2,000 and 20,000
agent files (wall time of the real console script, best and median of several runs).

Run: ``python tests/bench/bench_check.py [--runs N] [--sizes 2000,20000]``. It prints one line
per size and exits non-zero when a size misses its budget (2,000 files < 1 s, 20,000 < 10 s).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from generate import generate
from installed import as_installed

BUDGET_SECONDS = {2000: 1.0, 20000: 10.0}


def time_check(root: Path, runs: int) -> list[float]:
    script = Path(sys.executable).with_name("subagent-ls")
    timings = []
    for _ in range(runs):
        start = time.perf_counter()
        done = subprocess.run(
            [str(script), "check", "--format", "json"], cwd=root, capture_output=True
        )
        timings.append(time.perf_counter() - start)
        assert done.returncode in (0, 1), done.stderr
    return timings


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--sizes", default="2000,20000")
    args = parser.parse_args()
    failed = False
    for size in (int(s) for s in args.sizes.split(",")):
        with tempfile.TemporaryDirectory() as folder:
            root = generate(Path(folder), size)
            timings = time_check(root, args.runs)
        best, median = min(timings), statistics.median(timings)
        budget = BUDGET_SECONDS.get(size, size / 2000)
        verdict = "ok" if median <= budget else "OVER BUDGET"
        print(f"check --format json, {size} files: best {best:.2f} s, median {median:.2f} s "
              f"(budget {budget:.1f} s) {verdict}")  # fmt: skip
        failed |= median > budget
    return 1 if failed else 0


if __name__ == "__main__":
    as_installed()
    raise SystemExit(main())
