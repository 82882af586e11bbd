"""Glob patterns over relative paths, as settings name files (``per-file-ignores``): ``*`` and
``?`` within one path segment, ``[...]`` a class of characters (``[!...]`` or ``[^...]`` its
complement), ``**`` as a whole segment any number of segments; a pattern without ``/`` names a
file name wherever it lies; a pattern ending in ``/`` names everything below that folder.

Matching is linear in practice whatever the input: segments are compared one by one (the
``**`` segments by a table over the segments, whose count the path's depth bounds), and one
segment by ``fnmatch``, whose expressions try each part between two stars once (atomic
groups): no pattern from a settings file can make a check backtrack."""

from __future__ import annotations

from fnmatch import fnmatchcase
from functools import lru_cache


def glob_matches(pattern: str, relative: str) -> bool:
    """Whether ``pattern`` names the file at ``relative`` (a POSIX path, no leading ``./``)."""
    if "/" not in pattern:
        return _segment(pattern, relative.rsplit("/", 1)[-1])
    return _segments(_split(pattern), tuple(relative.split("/")))


@lru_cache(maxsize=256)
def _split(pattern: str) -> tuple[str, ...]:
    body = pattern.removeprefix("./").lstrip("/")
    if body.endswith("/"):
        body += "**"
    return tuple(body.split("/"))


def _segments(parts: tuple[str, ...], names: tuple[str, ...]) -> bool:
    """Whether the pattern's segments name the path's: ``reach[j]`` says the segments read so
    far match the first ``j`` names (``**`` keeps every later ``j`` reachable)."""
    reach = [True] + [False] * len(names)
    for part in parts:
        if part == "**":
            for j in range(1, len(names) + 1):
                reach[j] = reach[j] or reach[j - 1]
            continue
        reach = [False] + [
            reach[j - 1] and _segment(part, names[j - 1]) for j in range(1, len(names) + 1)
        ]
    return reach[len(names)]


def _segment(part: str, name: str) -> bool:
    """One segment: ``fnmatch`` (``[^`` written as its ``[!``; ``**`` inside a segment is
    ``*``)."""
    return fnmatchcase(name, part.replace("[^", "[!"))
