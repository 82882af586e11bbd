"""Mutation run: every corpus file, typo'd many times, fixed in every dialect, safe fixes and
then unsafe ones too; each result is checked with the invariants of ``tests/mutations.py``.

Run: ``python tests/bench/bench_mutations.py [--mutations N] [--dialects a,b]``. It prints the
number of fix runs, how many changed the file, how many damaged it (with the first cases) and
the time taken, and exits non-zero when any file was damaged.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parents[1])]

from helpers import CORPUS  # noqa: E402
from mutations import agent_path, damage, mutations  # noqa: E402
from subagent_ls.harnesses.registry import DIALECTS  # noqa: E402


def run_file(job: tuple[Path, tuple[str, ...], int]) -> tuple[int, int, list[str]]:
    file, dialects, count = job
    text = file.read_bytes().decode("utf-8", "replace").removeprefix("\ufeff")
    runs, changed, damaged = 0, 0, []
    seed = str(file.relative_to(CORPUS))
    for number, mutated in enumerate(mutations(text, seed, count)):
        for dialect_id in dialects:
            for unsafe in (False, True):
                runs += 1
                path = agent_path(dialect_id, file.name)
                problems = damage(mutated, path, dialect_id, unsafe)
                changed += problems is not None
                if problems:
                    kind = "unsafe" if unsafe else "safe"
                    damaged.append(f"{seed} #{number} {dialect_id} {kind}: {problems}")
    return runs, changed, damaged


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--mutations", type=int, default=10, help="typos per file")
    parser.add_argument("--dialects", default=",".join(sorted(DIALECTS)))
    args = parser.parse_args()
    dialects = tuple(d for d in args.dialects.split(",") if d)
    files = sorted(p for p in CORPUS.rglob("*.md") if not p.name.startswith("."))
    start = time.perf_counter()
    runs, changed, damaged = 0, 0, []
    with ProcessPoolExecutor() as pool:
        jobs = [(file, dialects, args.mutations) for file in files]
        for file_runs, file_changed, file_damaged in pool.map(run_file, jobs, chunksize=8):
            runs += file_runs
            changed += file_changed
            damaged += file_damaged
    elapsed = time.perf_counter() - start
    print(
        f"{len(files)} files x {args.mutations} typos x {len(dialects)} dialects x safe/unsafe: "
        f"{runs} fix runs, {changed} changed the file, {len(damaged)} damaged, {elapsed:.0f} s"
    )
    for line in damaged[:30]:
        print("  " + line)
    return 1 if damaged else 0


if __name__ == "__main__":
    sys.exit(main())
