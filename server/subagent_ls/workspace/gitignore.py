"""What git ignores, as ``.gitignore`` files say it (and ``.git/info/exclude`` and git's
``core.excludesFile``), and the same patterns for the ``exclude`` settings.

Lines are read as git reads them (gitignore(5)): a UTF-8 BOM and a ``\\r`` before each newline
are dropped, ``#`` starts a comment, trailing spaces go unless a ``\\`` keeps the last, ``!``
re-includes, one trailing ``/`` makes a pattern match folders only, a pattern with a ``/``
anywhere else is matched against the path below its file's folder (a leading ``/`` dropped),
any other against each name; within one file the last matching pattern decides. Each pattern
is matched by ``wildmatch``'s expression for it; a file's patterns are compiled once, in blocks
of alternatives tried from the last pattern to the first, so a thousand patterns cost a few
matches per path, in C, in time bounded by the path's length times the patterns'.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable, Sequence
from typing import NamedTuple

from subagent_ls.core.source import read_head
from subagent_ls.workspace.wildmatch import NEVER, expression

MAX_IGNORE_FILE_BYTES = 1 << 20
"""A larger ignore file is read up to this size."""

SPECIAL = b"*?[\\"
"""The bytes after which git stops comparing a pattern literally."""


class Pattern(NamedTuple):
    text: str
    """The line as written (for messages)."""
    negated: bool
    folders_only: bool
    by_name: bool
    """True: matched against each name (the pattern has no ``/`` before its end)."""
    source: bytes
    """The expression matching what the pattern names (``NEVER``: nothing)."""


def _literal_length(pattern: bytes) -> int:
    """How much of the pattern git compares literally before it starts matching (its
    ``simple_length``)."""
    for index, char in enumerate(pattern):
        if char in SPECIAL:
            return index
    return len(pattern)


def _trim_trailing_spaces(line: bytes) -> bytes:
    """The line without its trailing spaces, unless a ``\\`` escapes one (git's
    ``trim_trailing_spaces``)."""
    last_space = -1
    index = 0
    while index < len(line):
        char = line[index]
        if char == ord(" "):
            if last_space < 0:
                last_space = index
        elif char == ord("\\"):
            index += 1
            if index >= len(line):
                return line
            last_space = -1
        else:
            last_space = -1
        index += 1
    return line[:last_space] if last_space >= 0 else line


def parse_pattern(line: bytes | str) -> Pattern | None:
    """One line of an ignore file as a pattern (None: blank or a comment)."""
    raw = line.encode("utf-8", "surrogateescape") if isinstance(line, str) else line
    raw = raw.removesuffix(b"\n").removesuffix(b"\r")
    if not raw or raw.startswith(b"#"):
        return None
    raw = _trim_trailing_spaces(raw)
    text = raw.decode("utf-8", "replace")
    negated = raw.startswith(b"!")
    body = raw[1:] if negated else raw
    folders_only = body.endswith(b"/")
    body = body[:-1] if folders_only else body
    by_name = b"/" not in body
    if by_name:
        source = expression(body)
    else:
        body = body.removeprefix(b"/")
        source = expression(body, _literal_length(body))
    return Pattern(text, negated, folders_only, by_name, source)


BLOCK = 64
"""Patterns tried by one expression before the patterns one by one (an alternation of many
groups that capture costs the square of their number in Python's engine, so the expressions
do not capture: a block says whether one of its patterns matches, the patterns which)."""


class _Matcher:
    """The patterns of one kind (matched against names, or against paths) of one file, from
    the last to the first, in blocks."""

    def __init__(self, patterns: Sequence[tuple[int, Pattern]]) -> None:
        tried = [(index, p.source) for index, p in reversed(patterns) if p.source != NEVER]
        self._blocks = [
            (re.compile(b"|".join(b"(?:" + source + b")" for _, source in block)), block)
            for block in (tried[at : at + BLOCK] for at in range(0, len(tried), BLOCK))
        ]
        self._single: dict[bytes, re.Pattern[bytes]] = {}

    def _matches(self, source: bytes, text: bytes) -> bool:
        if (single := self._single.get(source)) is None:
            single = self._single[source] = re.compile(source)
        return single.match(text) is not None

    def last(self, text: bytes, allowed: Callable[[int], bool]) -> int:
        """The index of the last pattern matching ``text`` that ``allowed`` lets count (-1:
        none)."""
        for block_expression, block in self._blocks:
            if block_expression.match(text) is None:
                continue
            for index, source in block:
                if allowed(index) and self._matches(source, text):
                    return index
        return -1


class IgnoreFile:
    """The patterns of one ignore file, the folder they are relative to, and where they are
    written (for messages); compiled once."""

    __slots__ = ("_by_name", "_by_path", "_top", "folder", "patterns", "source")

    def __init__(self, folder: str, patterns: Sequence[Pattern], source: str) -> None:
        self.folder = folder
        self.patterns = tuple(patterns)
        self.source = source
        self._top = folder.rstrip(os.sep) + os.sep
        numbered = list(enumerate(self.patterns))
        self._by_name = _Matcher([(i, p) for i, p in numbered if p.by_name])
        self._by_path = _Matcher([(i, p) for i, p in numbered if not p.by_name])

    def decides(self, path: str, is_folder: bool) -> Pattern | None:
        """The last pattern of this file that matches the absolute, normalised ``path``
        (None: none does); a negated one re-includes it."""
        if not path.startswith(self._top):
            return None
        relative = os.fsencode(path[len(self._top) :])
        if os.sep != "/":
            relative = relative.replace(os.fsencode(os.sep), b"/")
        name = relative.rsplit(b"/", 1)[-1]
        patterns = self.patterns

        def allowed(index: int) -> bool:
            return is_folder or not patterns[index].folders_only

        index = max(self._by_name.last(name, allowed), self._by_path.last(relative, allowed))
        return self.patterns[index] if index >= 0 else None


def patterns_of(data: bytes) -> tuple[Pattern, ...]:
    """The patterns of an ignore file's bytes."""
    data = data.removeprefix(b"\xef\xbb\xbf")
    found = (parse_pattern(line) for line in data.split(b"\n"))
    return tuple(p for p in found if p is not None)


def read_patterns(path: str) -> tuple[Pattern, ...]:
    """The patterns of the ignore file at ``path`` (none when it cannot be read)."""
    data = read_head(path, MAX_IGNORE_FILE_BYTES)
    return () if data is None else patterns_of(data)


def from_lines(folder: str, lines: Iterable[str], source: str) -> IgnoreFile:
    """Patterns given as lines (the ``exclude`` settings), relative to ``folder``."""
    patterns = tuple(p for p in map(parse_pattern, lines) if p is not None)
    return IgnoreFile(folder, patterns, source)
