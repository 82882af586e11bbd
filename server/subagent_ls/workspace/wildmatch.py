"""git's ``wildmatch`` as a regular expression: one gitignore pattern translated, byte for byte,
into an expression over UTF-8 paths that matches exactly what git matches, in bounded time.

What git does (``wildmatch.c`` with ``WM_PATHNAME``): ``?`` and ``*`` never take a ``/``;
``**`` spans folders only between slashes (``**/x``, ``x/**/y``, ``x/**``), elsewhere it is
``*``; ``[...]`` holds bytes, ranges (a reversed one holds nothing), ``[:digit:]`` and the other
POSIX classes, ``\\`` escapes, ``!`` or ``^`` as complement, a ``]`` first as itself; ``\\x`` is
``x``. A pattern git cannot read to its end (an unterminated class, an unknown POSIX class, a
trailing ``\\``) matches nothing. ``?`` takes one byte, as git's does, not one character.

Why the time is bounded: every ``*`` but the last of a path segment is an atomic lazy group
(the earliest place its following literal part fits is the only one tried, which is exact
because a later place could only leave less to match), and every run of folders between two
``**`` is matched at the earliest folder it fits, atomically, for the same reason. So no
expression backtracks over more than one star per segment and one ``**`` per pattern: the cost
is at most the path's length times the pattern's, whatever the pattern.
"""

from __future__ import annotations

from typing import NamedTuple

NEVER = rb"(?!)"
"""The expression of a pattern that matches nothing."""

SLASH = ord("/")
POSIX_CLASSES: dict[bytes, frozenset[int]] = {
    b"alnum": frozenset(b for b in range(128) if chr(b).isalnum()),
    b"alpha": frozenset(b for b in range(128) if chr(b).isalpha()),
    b"blank": frozenset(b" \t"),
    b"cntrl": frozenset([*range(32), 127]),
    b"digit": frozenset(range(0x30, 0x3A)),
    b"graph": frozenset(range(0x21, 0x7F)),
    b"lower": frozenset(range(0x61, 0x7B)),
    b"print": frozenset(range(0x20, 0x7F)),
    b"punct": frozenset(b for b in range(0x21, 0x7F) if not chr(b).isalnum()),
    b"space": frozenset(b" \t\n\r\f\v"),
    b"upper": frozenset(range(0x41, 0x5B)),
    b"xdigit": frozenset(b"0123456789abcdefABCDEF"),
}
"""The POSIX classes git knows, over ASCII (git tests bytes with the C locale's ``ctype``)."""


class Unreadable(Exception):
    """The pattern cannot be read to its end: git's wildmatch matches nothing with it."""


class Star(NamedTuple):
    """A run of ``*`` that stays within one path segment."""


class Skip(NamedTuple):
    """``**`` between slashes: any number (at least ``least``) of whole folders."""

    least: int


class AnyRest(NamedTuple):
    """``**`` at the end after a slash (or alone): everything that is left."""


Token = bytes | Star | Skip | AnyRest
"""A byte-class expression for one byte (``bytes``: an expression source), or a star."""


def _byte(value: int) -> bytes:
    return b"\\x%02x" % value


def _class_source(members: set[int]) -> bytes:
    """An expression for one byte among ``members`` (never ``/``)."""
    members.discard(SLASH)
    if not members:
        return NEVER
    ordered = sorted(members)
    parts: list[bytes] = []
    start = previous = ordered[0]
    for value in [*ordered[1:], -2]:
        if value == previous + 1:
            previous = value
            continue
        parts.append(_byte(start) if start == previous else _byte(start) + b"-" + _byte(previous))
        start = previous = value
    return b"[" + b"".join(parts) + b"]"


def _bracket(pattern: bytes, index: int) -> tuple[bytes, int]:
    """The class opening at ``pattern[index] == '['``: its expression and the index after its
    ``]`` (read as git's ``dowild`` reads it)."""
    index += 1
    negated = index < len(pattern) and pattern[index] in b"!^"
    if negated:
        index += 1
    members: set[int] = set()
    previous: int | None = None
    first = True
    while True:
        if index >= len(pattern):
            raise Unreadable
        char = pattern[index]
        if char == ord("]") and not first:
            break
        first = False
        if char == ord("\\"):
            index += 1
            if index >= len(pattern):
                raise Unreadable
            char = pattern[index]
            members.add(char)
        elif (
            char == ord("-")
            and previous is not None
            and index + 1 < len(pattern)
            and pattern[index + 1] != ord("]")
        ):
            index += 1
            high = pattern[index]
            if high == ord("\\"):
                index += 1
                if index >= len(pattern):
                    raise Unreadable
                high = pattern[index]
            members.update(range(previous, high + 1))
            index += 1
            previous = None
            continue
        elif char == ord("[") and pattern[index + 1 : index + 2] == b":":
            end = pattern.find(b"]", index + 2)
            if end < 0:
                raise Unreadable
            if end - 1 < index + 2 or pattern[end - 1] != ord(":"):
                members.add(char)  # no ":]": a plain "["
            else:
                name = pattern[index + 2 : end - 1]
                if name not in POSIX_CLASSES:
                    raise Unreadable
                members.update(POSIX_CLASSES[name])
                index = end + 1
                previous = None
                continue
        else:
            members.add(char)
        previous = char
        index += 1
    if negated:
        members = set(range(256)) - members
    return _class_source(members), index + 1


def _stars(pattern: bytes, index: int, start: int) -> tuple[Token, int]:
    """The run of ``*`` starting at ``index``: what it is, and where the pattern goes on
    (``start``: where git's wildmatch sees the pattern begin)."""
    end = index
    while end < len(pattern) and pattern[end] == ord("*"):
        end += 1
    at_boundary = index in (0, start) or pattern[index - 1] == SLASH
    if end - index >= 2 and at_boundary:
        rest = pattern[end : end + 2]
        if end == len(pattern):
            return AnyRest(), end
        if rest[:1] == b"/":
            return Skip(0), end + 1
        if rest == b"\\/":
            return Skip(1), end + 2
    return Star(), end


def tokens(pattern: bytes, start: int = 0) -> list[Token]:
    """The pattern read as git reads it (``Unreadable`` when git matches nothing with it);
    ``start``: where git's wildmatch sees the pattern begin (after the literal part git compares
    first, for a pattern with a ``/``)."""
    found: list[Token] = []
    index = 0
    while index < len(pattern):
        char = pattern[index]
        if char == ord("*"):
            token, index = _stars(pattern, index, start)
            found.append(token)
        elif char == ord("?"):
            found.append(rb"[^/]")
            index += 1
        elif char == ord("["):
            source, index = _bracket(pattern, index)
            found.append(source)
        elif char == ord("\\"):
            if index + 1 >= len(pattern):
                raise Unreadable
            found.append(_byte(pattern[index + 1]))
            index += 2
        else:
            found.append(_byte(char))
            index += 1
    return found


def _segment(parts: list[Token]) -> bytes:
    """One path segment's expression: each star but the last takes the least it can, at once
    and for good; the last one gives back until the segment's end fits."""
    chunks: list[list[bytes]] = [[]]
    for part in parts:
        if isinstance(part, Star):
            chunks.append([])
        else:
            assert isinstance(part, bytes)
            chunks[-1].append(part)
    source = b"".join(chunks[0])
    for middle in chunks[1:-1]:
        source += rb"(?>[^/]*?" + b"".join(middle) + b")"
    if len(chunks) > 1:
        source += rb"[^/]*" + b"".join(chunks[-1])
    return source


def _run(parts: list[Token]) -> bytes:
    """Segments between two ``**``: each segment's expression, joined by ``/``."""
    segments: list[list[Token]] = [[]]
    for part in parts:
        if part == _byte(SLASH):
            segments.append([])
        else:
            segments[-1].append(part)
    return b"/".join(_segment(segment) for segment in segments)


def expression(pattern: bytes, start: int = 0) -> bytes:
    """The expression (to be matched at the start of the text) that matches exactly the texts
    git's wildmatch matches with ``pattern`` (seen as beginning at ``start``, see ``tokens``);
    ``NEVER`` when git matches nothing with it."""
    try:
        found = tokens(pattern, start)
    except Unreadable:
        return NEVER
    runs: list[list[Token]] = [[]]
    skips: list[Skip] = []
    rest = False
    for token in found:
        if isinstance(token, Skip):
            skips.append(token)
            runs.append([])
        elif isinstance(token, AnyRest):
            rest = True
        else:
            runs[-1].append(token)
    source = _run(runs[0])
    for position, skip in enumerate(skips, start=1):
        folders = rb"(?:[^/]*/)" + (b"*?" if skip.least == 0 else b"+?")
        run = _run(runs[position])
        last = position == len(skips)
        source += folders + run if last else rb"(?>" + folders + run + b")"
    return source if rest else source + rb"\Z"
