"""Work done once after a burst of changes rather than once per change: a client that adds 200
workspace folders one at a time, or pushes its settings on every keystroke, has the open
documents linted again once, with the last state, and the requests sent meanwhile are answered
without waiting behind it."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

log = logging.getLogger(__name__)
QUIET_SECONDS = 0.1
"""A burst ends when no change came for this long."""
LONGEST_SECONDS = 1.0
"""A burst that does not end is taken in this long after its first change, and again after."""


class Coalesced:
    """``work`` run once after each burst of ``poke``s; a poke while it runs runs it again
    after. An error of ``work`` is logged, and the next burst runs it again."""

    def __init__(self, work: Callable[[], Awaitable[None]]) -> None:
        self.work = work
        self.first: float | None = None
        """When the burst waited for began (None: no change waits)."""
        self.last = 0.0
        self.task: asyncio.Task[None] | None = None

    def poke(self) -> None:
        """A change: the work runs once the burst it belongs to ends."""
        now = asyncio.get_running_loop().time()
        if self.first is None:
            self.first = now
        self.last = now
        if self.task is None or self.task.done():
            self.task = asyncio.get_running_loop().create_task(self._run())

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        while self.first is not None:
            until = min(self.last + QUIET_SECONDS, self.first + LONGEST_SECONDS)
            if until > loop.time():
                await asyncio.sleep(until - loop.time())
                continue
            self.first = None
            try:
                await self.work()
            except Exception:
                log.exception("taking in a burst of changes failed")
