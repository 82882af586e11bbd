"""Mapping a function over many files with one process per core.

``parallel_map`` is for a plain program (the CLI): it forks after the first item ran here, so
what the work imports is imported once; small batches, one core or no ``fork`` run in this
process. ``parallel_map_async`` is for a process that must not fork itself (the language
server has threads and an event loop): workers come from a fork server that imported
``preload`` once, and the event loop keeps running while they work. Like every
``multiprocessing`` program that does not fork, a program using it must guard its entry
point with ``if __name__ == "__main__"``: the workers import the main module."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from functools import partial
from typing import TypeVar

PARALLEL_FROM = 400
"""Batches of at least this many items use one process per core."""
FORK_SERVER_FROM = 1000
"""``parallel_map_async`` starts a fork server (≈0.3 s) for at least this many items; a
thread reads fewer as fast."""

Item = TypeVar("Item")
Result = TypeVar("Result")


def _workers() -> int:
    return min(os.cpu_count() or 1, 8)


def parallel_map(function: Callable[[Item], Result], items: Sequence[Item]) -> Iterator[Result]:
    """``map(function, items)``, in order, spread over processes for large batches."""
    workers = _workers()
    if len(items) < PARALLEL_FROM or workers < 2:
        yield from map(function, items)
        return
    import multiprocessing  # imported here: a language server that scans little never pays
    from concurrent.futures import ProcessPoolExecutor

    if "fork" not in multiprocessing.get_all_start_methods():
        yield from map(function, items)
        return
    context = multiprocessing.get_context("fork")
    yield function(items[0])
    rest = items[1:]
    import gc

    gc.freeze()  # the workers share what exists now: no collection of theirs touches it
    with ProcessPoolExecutor(workers, mp_context=context) as pool:
        yield from pool.map(function, rest, chunksize=max(16, len(rest) // (workers * 8)))


async def parallel_map_async(
    function: Callable[[Item], Result], items: Sequence[Item], preload: list[str]
) -> list[Result]:
    """``list(map(function, items))`` without blocking the event loop: on a fork server's
    processes for large batches, else on a thread. ``function`` must be picklable."""
    import asyncio  # imported here: the CLI never waits on an event loop

    workers = _workers()
    batch = partial(_map_batch, function)
    if len(items) < FORK_SERVER_FROM or workers < 2:
        return await asyncio.to_thread(batch, items)
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    if "forkserver" not in multiprocessing.get_all_start_methods():
        return await asyncio.to_thread(batch, items)

    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload(preload)
    size = max(16, len(items) // (workers * 4))
    chunks = [items[start : start + size] for start in range(0, len(items), size)]
    loop = asyncio.get_running_loop()
    pool = ProcessPoolExecutor(workers, mp_context=context, initializer=_keep_stdout_clean)
    try:
        done = await asyncio.gather(*(loop.run_in_executor(pool, batch, c) for c in chunks))
    finally:
        pool.shutdown(wait=False, cancel_futures=True)
    return [result for chunk in done for result in chunk]


def _map_batch(function: Callable[[Item], Result], items: Sequence[Item]) -> list[Result]:
    return [function(item) for item in items]


def _keep_stdout_clean() -> None:
    """A worker's stdout is the server's protocol stream: send stray output to stderr."""
    os.dup2(2, 1)
