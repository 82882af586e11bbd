"""Reading a file's bytes and turning them into text, or into the one reason it cannot be read as
text. Only regular files are read: a FIFO, socket or device is reported without a blocking open.
Every read of a file the user's tree holds goes through here (``read_source``, ``read_bytes``,
``read_head``): a FIFO among agent files, ignore files or settings must not hang a run.

The UTF-8 byte order mark is taken off the text (positions start after it, as editors show them)
and remembered so that a fix writes it back.
"""

from __future__ import annotations

import os
import stat
from typing import NamedTuple

MAX_FILE_BYTES = 1024 * 1024
"""Files above this size are reported and not parsed (Claude Code skips them too)."""

_OPEN_FLAGS = os.O_RDONLY | sum(getattr(os, f, 0) for f in ("O_NONBLOCK", "O_NOCTTY", "O_CLOEXEC"))
"""A FIFO or device swapped in after the first look must not block the open or become the
controlling terminal."""

_UTF8_BOM = b"\xef\xbb\xbf"
_UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")


class SourceText(NamedTuple):
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
    """Read and decode a regular file; never raises for I/O problems, never blocks on a FIFO
    or device (one that takes the place of a file after the first look is caught by the
    descriptor's own type)."""
    data = read_bytes(path, MAX_FILE_BYTES)
    if isinstance(data, str):
        return SourceText("", unreadable=data)
    if isinstance(data, int):
        return _too_large(data)
    return decode(data)


def read_bytes(path: str, limit: int) -> bytes | int | str:
    """The bytes of a regular file of at most ``limit`` bytes; the size of a larger one; or
    why it cannot be read (not a regular file, an I/O error). Never raises for I/O problems
    and never blocks on a FIFO or device."""
    try:
        kind = not_regular(os.stat(path).st_mode)
        if kind is not None:
            return kind
        handle = os.open(path, _OPEN_FLAGS)
        try:
            info = os.fstat(handle)
            kind = not_regular(info.st_mode)
            if kind is not None:
                return kind
            if info.st_size > limit:
                return info.st_size
            data = _read_at_most(handle, limit + 1)
            return os.fstat(handle).st_size if len(data) > limit else data
        finally:
            os.close(handle)
    except OSError as error:
        return f"the file cannot be read: {error.strerror or error}"


def read_head(path: str, size: int) -> bytes | None:
    """The first ``size`` bytes of a regular file; None for anything else (a FIFO, a device, a
    folder) or an I/O error. Never blocks on a FIFO or device."""
    try:
        if not_regular(os.stat(path).st_mode) is not None:
            return None
        handle = os.open(path, _OPEN_FLAGS)
        try:
            if not_regular(os.fstat(handle).st_mode) is not None:
                return None
            return _read_at_most(handle, size)
        finally:
            os.close(handle)
    except OSError:
        return None


def _read_at_most(handle: int, limit: int) -> bytes:
    """Up to ``limit`` bytes from the descriptor (no buffered file object: its set-up costs
    two more system calls per file)."""
    chunks, size = [], 0
    while size < limit and (chunk := os.read(handle, limit - size)):
        chunks.append(chunk)
        size += len(chunk)
    return b"".join(chunks)


_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a FIFO"),
    (stat.S_ISSOCK, "a socket"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
)


def not_regular(mode: int) -> str | None:
    """Why a file of this mode is not read (``"not a regular file (a FIFO)"``), None for a
    regular file."""
    if stat.S_ISREG(mode):
        return None
    kind = next((name for test, name in _KINDS if test(mode)), "a special file")
    return f"it is not a regular file ({kind})"


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
