"""What git ignores, as ``.gitignore`` files say it (and ``.git/info/exclude`` and the user's
``~/.config/git/ignore``), and the same patterns for the ``exclude`` settings.

Patterns follow gitignore(5): ``#`` comments, ``!`` re-includes, a trailing ``/`` matches folders
only, a pattern with a ``/`` before its end is anchored to its file's folder (else it matches a
name at any depth), ``*`` and ``?`` do not cross ``/``, ``**`` spans folders, ``[...]`` classes and
``\\`` escapes; within one file the last matching pattern decides, and a deeper file overrides
a higher one. Matching is linear in the path for any pattern: one name is matched by a single
backtracking point per ``*`` run (no regular expressions), folders by a table over the
pattern's and the path's parts.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from typing import NamedTuple

from subagent_ls.core.source import read_head

MAX_PATTERN_BYTES = 4096
"""A longer line of a .gitignore file is not a pattern (git's own limit is the path length)."""
MAX_IGNORE_FILE_BYTES = 1 << 20
"""A larger ignore file is read up to this size."""


SPECIAL = frozenset("*?[\\")


def part_matcher(part: str) -> Callable[[str], bool]:
    """A test of one path part against one glob part: a comparison where the glob is a literal,
    a prefix or a suffix (most patterns), else ``match_name``."""
    if not SPECIAL & set(part):
        return part.__eq__
    if part == "*":
        return bool
    body = part.strip("*")
    if not SPECIAL & set(body):
        if part == "*" + body:
            return lambda name: name.endswith(body)
        if part == body + "*":
            return lambda name: name.startswith(body)
    return lambda name: match_name(part, name)


class Pattern(NamedTuple):
    text: str
    """The line as written (for messages)."""
    parts: tuple[str, ...]
    """The pattern's path parts; ``**`` stands for any number of folders."""
    negated: bool
    folders_only: bool
    anchored: bool
    tests: tuple[Callable[[str], bool] | None, ...]
    """Each part's test (None for ``**``)."""

    def matches(self, path: list[str]) -> bool:
        """Whether the path's parts match: a name at any depth, parts one for one, or (with
        ``**``) ``match_parts``."""
        tests = self.tests
        if len(tests) == 2 and tests[0] is None and tests[1] is not None:
            return tests[1](path[-1])
        if None not in tests:
            return len(tests) == len(path) and all(t(p) for t, p in zip(tests, path, strict=True))
        return match_parts(self.parts, path)


def _unescaped_end(line: str) -> str:
    """The line without trailing spaces, unless a backslash escapes the last one."""
    stripped = line.rstrip(" ")
    if stripped.endswith("\\") and len(stripped) < len(line):
        return stripped + " "
    return stripped


def parse_pattern(line: str) -> Pattern | None:
    """One line of an ignore file as a pattern (None: blank, a comment or too long)."""
    line = line.rstrip("\r\n")
    if len(line) > MAX_PATTERN_BYTES or not line or line.startswith("#"):
        return None
    line = text = _unescaped_end(line)
    negated = line.startswith("!")
    if negated or line.startswith("\\!") or line.startswith("\\#"):
        line = line[1:]
    folders_only = line.endswith("/")
    line = line.rstrip("/")
    if not line:
        return None
    anchored = "/" in line
    parts: list[str] = []
    for part in line.strip("/").split("/"):
        if part == "**" and parts and parts[-1] == "**":
            continue  # a run of ``**`` is one
        if part:
            parts.append(part)
    if not anchored and parts != ["**"]:
        parts.insert(0, "**")
    tests = tuple(None if part == "**" else part_matcher(part) for part in parts)
    return Pattern(text, tuple(parts), negated, folders_only, anchored, tests)


def _class_end(pattern: str, start: int) -> int:
    """Where the ``[...]`` class opening at ``start`` ends (its ``]``), or -1."""
    index = start + 1
    if index < len(pattern) and pattern[index] in "!^":
        index += 1
    if index < len(pattern) and pattern[index] == "]":
        index += 1
    while index < len(pattern) and pattern[index] != "]":
        index += 1
    return index if index < len(pattern) else -1


def _in_class(body: str, char: str) -> bool:
    negated = body[:1] in ("!", "^")
    body = body[1:] if negated else body
    found, index = False, 0
    while index < len(body):
        if index + 2 < len(body) and body[index + 1] == "-":
            found |= body[index] <= char <= body[index + 2]
            index += 3
        else:
            found |= body[index] == char
            index += 1
    return found != negated


def _one(pattern: str, p: int, name: str, n: int) -> tuple[bool, int]:
    """Whether the single-character token at ``pattern[p]`` takes ``name[n]``, and the
    token's length."""
    token = pattern[p]
    if token == "?":
        return True, 1
    if token == "[":
        end = _class_end(pattern, p)
        if end > 0:
            return _in_class(pattern[p + 1 : end], name[n]), end - p + 1
    if token == "\\" and p + 1 < len(pattern):
        return pattern[p + 1] == name[n], 2
    return token == name[n], 1


def match_name(pattern: str, name: str) -> bool:
    """Whether one path part matches one glob part (``*``, ``?``, ``[...]``, ``\\``), with one
    backtracking point: at most len(pattern) * len(name) steps."""
    p = n = 0
    star, resume = -1, 0
    while n < len(name):
        if p < len(pattern) and pattern[p] == "*":
            while p < len(pattern) and pattern[p] == "*":
                p += 1
            star, resume = p, n
            continue
        if p < len(pattern):
            taken, width = _one(pattern, p, name, n)
            if taken:
                p, n = p + width, n + 1
                continue
        if star < 0:
            return False
        resume += 1
        p, n = star, resume
    while p < len(pattern) and pattern[p] == "*":
        p += 1
    return p == len(pattern)


def match_parts(parts: tuple[str, ...], path: list[str]) -> bool:
    """Whether the pattern's parts match the path's, ``**`` taking any number of folders
    (a table over both: len(parts) * len(path) steps)."""
    reach = [True] + [False] * len(path)  # reach[j]: the parts so far match path[:j]
    for part in parts:
        nxt = [False] * (len(path) + 1)
        if part == "**":
            seen = False
            for j in range(len(path) + 1):
                seen = seen or reach[j]
                nxt[j] = seen
        else:
            for j in range(len(path)):
                if reach[j] and match_name(part, path[j]):
                    nxt[j + 1] = True
        reach = nxt
    return reach[len(path)]


class IgnoreFile(NamedTuple):
    """The patterns of one ignore file, the folder they are relative to, and where they are
    written (for messages)."""

    folder: str
    patterns: tuple[Pattern, ...]
    source: str

    def decides(self, path: str, is_folder: bool) -> Pattern | None:
        """The last pattern of this file that matches the absolute, normalised ``path``
        (None: none does); a negated one re-includes it."""
        top = self.folder.rstrip(os.sep) + os.sep
        if not path.startswith(top):
            return None
        parts = path[len(top) :].split(os.sep)
        for pattern in reversed(self.patterns):
            if pattern.folders_only and not is_folder:
                continue
            if pattern.matches(parts):
                return pattern
        return None


def read_patterns(path: str) -> tuple[Pattern, ...]:
    """The patterns of the ignore file at ``path`` (none when it cannot be read)."""
    data = read_head(path, MAX_IGNORE_FILE_BYTES)
    if data is None:
        return ()
    lines = data.decode("utf-8", "replace").split("\n")
    return tuple(p for p in map(parse_pattern, lines) if p is not None)


def from_lines(folder: str, lines: Iterable[str], source: str) -> IgnoreFile:
    """Patterns given as lines (the ``exclude`` settings), relative to ``folder``."""
    patterns = tuple(p for p in map(parse_pattern, lines) if p is not None)
    return IgnoreFile(folder, patterns, source)
