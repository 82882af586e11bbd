"""Mapping a function over many files with one process per core (forked, so nothing is imported
twice); small batches, one core or no ``fork`` run in this process."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from typing import TypeVar

PARALLEL_FROM = 400
"""Batches of at least this many items use one process per core."""

Item = TypeVar("Item")
Result = TypeVar("Result")


def parallel_map(function: Callable[[Item], Result], items: Sequence[Item]) -> Iterator[Result]:
    """``map(function, items)``, in order, spread over processes for large batches."""
    workers = min(os.cpu_count() or 1, 8)
    if len(items) < PARALLEL_FROM or workers < 2:
        yield from map(function, items)
        return
    import multiprocessing  # imported here: a language server that scans little never pays
    from concurrent.futures import ProcessPoolExecutor

    if "fork" not in multiprocessing.get_all_start_methods():
        yield from map(function, items)
        return
    context = multiprocessing.get_context("fork")
    with ProcessPoolExecutor(workers, mp_context=context) as pool:
        yield from pool.map(function, items, chunksize=max(16, len(items) // (workers * 8)))
