"""Turning a file's bytes into text, or into the one reason it cannot be read as text.

The UTF-8 byte order mark is taken off the text (positions start after it, as editors show them)
and remembered so that a fix writes it back.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

MAX_FILE_BYTES = 1024 * 1024
"""Files above this size are reported and not parsed (Claude Code skips them too)."""

_UTF8_BOM = b"\xef\xbb\xbf"
_UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")


@dataclass(frozen=True, slots=True)
class SourceText:
    """The text of a file, or why there is none."""

    text: str
    has_bom: bool = False
    unreadable: str | None = None


def decode(data: bytes) -> SourceText:
    """Decode UTF-8 bytes; binary data, other encodings and oversize files get a reason."""
    if len(data) > MAX_FILE_BYTES:
        return _too_large(len(data))
    if data.startswith(_UTF16_BOMS):
        return SourceText("", unreadable="the file is UTF-16 encoded; subagent files are UTF-8")
    if b"\x00" in data[:8192]:
        return SourceText("", unreadable="the file is binary (it contains NUL bytes), not text")
    has_bom = data.startswith(_UTF8_BOM)
    try:
        text = data[len(_UTF8_BOM) if has_bom else 0 :].decode("utf-8")
    except UnicodeDecodeError as error:
        return SourceText(
            "", unreadable=f"the file is not valid UTF-8 (byte {error.start} cannot be decoded)"
        )
    return SourceText(text, has_bom=has_bom)


def read_source(path: str) -> SourceText:
    """Read and decode a file; never raises for I/O problems."""
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
            if len(data) > MAX_FILE_BYTES:
                return _too_large(os.fstat(handle.fileno()).st_size)
            return decode(data)
    except OSError as error:
        return SourceText("", unreadable=f"the file cannot be read: {error.strerror or error}")


def encode(text: str, has_bom: bool) -> bytes:
    """The bytes to write back for ``text``, keeping the byte order mark if it had one."""
    return (_UTF8_BOM if has_bom else b"") + text.encode("utf-8")


def _too_large(size: int) -> SourceText:
    return SourceText(
        "",
        unreadable=(
            f"the file is {size / 1048576:.1f} MiB; files over 1 MiB are not parsed "
            "(Claude Code skips them as well)"
        ),
    )
