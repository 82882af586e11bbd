"""Fuzz run: random documents (see ``tests/fuzzing.py``) linted and fixed in every dialect.

Run: ``python tests/bench/bench_fuzz.py [--documents N] [--start SEED]``. It prints how many
documents were tried, how many failed (with the first seeds and what went wrong) and the time
taken, and exits non-zero on any failure. A failing seed reproduces with
``failures(random_document(seed))``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path[:0] = [str(Path(__file__).resolve().parents[1])]

from seeded import run_seeds  # noqa: E402

from fuzzing import failures, random_document  # noqa: E402


def trial(seed: int) -> list[str]:
    return failures(random_document(seed))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--documents", type=int, default=100_000)
    parser.add_argument("--start", type=int, default=0)
    args = parser.parse_args()
    seeds = range(args.start, args.start + args.documents)
    return run_seeds(trial, seeds, "documents x 8 dialects", chunksize=200)


if __name__ == "__main__":
    sys.exit(main())
