"""Line index of a text: offsets (code points) to line/column in every coordinate system.

Lines end at ``\\n``, ``\\r\\n`` or a lone ``\\r``, as in LSP. Columns are counted in code points
internally; LSP positions use UTF-16 code units by default (UTF-8 and UTF-32 when negotiated).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from itertools import accumulate
from typing import Literal, NamedTuple

Encoding = Literal["utf-16", "utf-8", "utf-32"]

_LINE_BREAK = re.compile(r"\r\n|\r|\n")


class Position(NamedTuple):
    """A 0-based line and column in the unit of the encoding it was made for."""

    line: int
    character: int


class LineIndex:
    """Maps code-point offsets of one text to positions and back."""

    __slots__ = ("_starts", "text")

    def __init__(self, text: str) -> None:
        self.text = text
        if "\r" in text:
            self._starts = [0, *(m.end() for m in _LINE_BREAK.finditer(text))]
        else:
            lengths = map(len, text.split("\n")[:-1])
            self._starts = [0, *accumulate(map((1).__add__, lengths))]

    @property
    def line_count(self) -> int:
        return len(self._starts)

    def line_start(self, line: int) -> int:
        return self._starts[min(max(line, 0), len(self._starts) - 1)]

    def line_end(self, line: int) -> int:
        """Offset of the end of ``line``, before its line break."""
        start = self.line_start(line)
        end = self._starts[line + 1] if line + 1 < len(self._starts) else len(self.text)
        while end > start and self.text[end - 1] in "\r\n":
            end -= 1
        return end

    def line_of(self, offset: int) -> int:
        return bisect_right(self._starts, offset) - 1

    def position(self, offset: int, encoding: Encoding = "utf-16") -> Position:
        offset = min(max(offset, 0), len(self.text))
        line = self.line_of(offset)
        start = self._starts[line]
        return Position(line, column_width(self.text[start:offset], encoding))

    def offset(self, position: Position, encoding: Encoding = "utf-16") -> int:
        """Offset of a client position; a column past the line's end clamps to the end."""
        if position.line >= len(self._starts):
            return len(self.text)
        start = self.line_start(position.line)
        end = self.line_end(position.line)
        if encoding == "utf-32":
            return min(start + position.character, end)
        units = 0
        for index in range(start, end):
            if units >= position.character:
                return index
            units += column_width(self.text[index], encoding)
        return end


def column_width(segment: str, encoding: Encoding) -> int:
    """Length of ``segment`` in the code units of ``encoding``."""
    if encoding == "utf-32" or segment.isascii():
        return len(segment)
    if encoding == "utf-16":
        return len(segment) + sum(1 for char in segment if ord(char) > 0xFFFF)
    return len(segment.encode("utf-8", "surrogatepass"))
