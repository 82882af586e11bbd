"""Glob patterns over relative paths, as settings name files (``per-file-ignores``): ``*`` and
``?`` within one path segment, ``[...]`` a class of characters, ``**`` any number of
segments; a pattern without ``/`` names a file name wherever it lies; a pattern ending in ``/``
names everything below that folder. Each pattern is compiled once, into a regular expression
that runs in linear time (no nested quantifier)."""

from __future__ import annotations

import re
from functools import lru_cache


@lru_cache(maxsize=256)
def _compiled(pattern: str) -> re.Pattern[str]:
    body = pattern.removeprefix("./").lstrip("/")
    if body.endswith("/"):
        body += "**"
    out: list[str] = []
    index = 0
    while index < len(body):
        char = body[index]
        if body.startswith("**/", index):
            out.append("(?:[^/]*/)*")
            index += 3
            continue
        if body.startswith("**", index):
            out.append(".*")
            index += 2
            continue
        if char == "*":
            out.append("[^/]*")
        elif char == "?":
            out.append("[^/]")
        elif char == "[" and (end := body.find("]", index + 2)) > 0:
            inner = body[index + 1 : end]
            negated = inner.startswith(("!", "^"))
            inner = inner[1:] if negated else inner
            escaped = inner.replace("\\", "\\\\").replace("[", "\\[")
            out.append(f"[{'^' if negated else ''}{escaped}]")
            index = end
        else:
            out.append(re.escape(char))
        index += 1
    return re.compile("".join(out))


def glob_matches(pattern: str, relative: str) -> bool:
    """Whether ``pattern`` names the file at ``relative`` (a POSIX path, no leading ``./``)."""
    if "/" not in pattern.rstrip("/") and not pattern.endswith("/"):
        return _compiled(pattern).fullmatch(relative.rsplit("/", 1)[-1]) is not None
    return _compiled(pattern).fullmatch(relative) is not None
