"""Blocking work the event loop waits for without blocking, and the process does not wait for
at exit: each call runs on a daemon thread of its own. The catalog's folder walks run this way,
so that the end of the session ends the process even while a walk is stuck (a folder on a
mount that no longer answers) or long."""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable
from typing import TypeVar

Result = TypeVar("Result")


async def off_loop(function: Callable[[], Result]) -> Result:
    """``function()``, on a daemon thread; cancelling the wait abandons the thread's result."""
    loop = asyncio.get_running_loop()
    done: asyncio.Future[Result] = loop.create_future()

    def settle(result: Result | None, error: BaseException | None) -> None:
        if done.done():
            return
        if error is not None:
            done.set_exception(error)
        else:
            done.set_result(result)  # type: ignore[arg-type]

    def run() -> None:
        result, error = None, None
        try:
            result = function()
        except BaseException as raised:
            error = raised
        with contextlib.suppress(RuntimeError):  # the loop is closed: nobody waits any more
            loop.call_soon_threadsafe(settle, result, error)

    threading.Thread(target=run, name=getattr(function, "__name__", "work"), daemon=True).start()
    return await done
