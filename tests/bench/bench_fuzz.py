"""Fuzz run: random documents (see ``tests/fuzzing.py``) linted and fixed in every dialect.

Run: ``python tests/bench/bench_fuzz.py [--documents N] [--start SEED]``. It prints how many
documents were tried, how many failed (with the first seeds and what went wrong) and the time
taken, and exits non-zero on any failure. A failing seed reproduces with
``failures(random_document(seed))``.
"""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parents[1])]

from fuzzing import failures, random_document  # noqa: E402


def run_seed(seed: int) -> tuple[int, list[str]]:
    return seed, failures(random_document(seed))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--documents", type=int, default=100_000)
    parser.add_argument("--start", type=int, default=0)
    args = parser.parse_args()
    start = time.perf_counter()
    failed = []
    seeds = range(args.start, args.start + args.documents)
    with ProcessPoolExecutor() as pool:
        for seed, problems in pool.map(run_seed, seeds, chunksize=200):
            if problems:
                failed.append((seed, problems))
    elapsed = time.perf_counter() - start
    print(f"{args.documents} documents x 8 dialects: {len(failed)} failed, {elapsed:.0f} s")
    for seed, problems in failed[:10]:
        print(f"  seed {seed}: {problems[0][:400]}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
