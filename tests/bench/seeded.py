"""What the fuzz runs share: each seed tried in one process per core, and the report of the
failing seeds (the first ten, with what went wrong) with the time taken."""

from __future__ import annotations

import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor


def run_seeds(
    trial: Callable[[int], list[str]], seeds: range, what: str, chunksize: int = 1
) -> int:
    """Run ``trial`` (a module-level function: it crosses processes) on every seed; print
    ``N WHAT: F failed, T s`` and the first failures; 1 when any seed failed, else 0."""
    start = time.perf_counter()
    with ProcessPoolExecutor() as pool:
        results = zip(seeds, pool.map(trial, seeds, chunksize=chunksize), strict=True)
        failed = [(seed, problems) for seed, problems in results if problems]
    elapsed = time.perf_counter() - start
    print(f"{len(seeds)} {what}: {len(failed)} failed, {elapsed:.0f} s")
    for seed, problems in failed[:10]:
        print(f"  seed {seed}: {'; '.join(problems)[:600]}")
    return 1 if failed else 0
