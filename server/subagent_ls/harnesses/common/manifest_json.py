"""Reading the JSON files plugins are described by (``plugin.json``, ``marketplace.json``,
the plugin records in a harness's home), with bounded work: only regular files of at most
``MAX_JSON_BYTES`` (a FIFO or device named like one is never opened to block), invalid UTF-8
read with replacement characters and one leading byte order mark dropped (as Node's
``readFile(path, "utf-8")`` and Claude Code's ``ki`` do), ``JSON.parse``'s grammar (no
``NaN`` or ``Infinity``), and nesting too deep for the parser reported, not raised. A read is
cached on the file's stat stamp, so a file read again unchanged costs one ``stat``; what is
made from a file's value (``derived``: the maps of a marketplace's entries) is made once per
version of the file."""

from __future__ import annotations

import json
import os
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import NamedTuple, TypeVar

from subagent_ls.core.source import read_bytes

MAX_JSON_BYTES = 8 * 1024 * 1024
"""Larger manifests are reported, not parsed (wshobson's 92-plugin marketplace is 45 KB)."""
CACHED_FILES = 1024

Stamp = tuple[int, ...] | None
"""A file's (device, inode, size, modification time in ns), or None where there is no file."""


class JsonRead(NamedTuple):
    """A JSON file's value, or why there is none (``missing``: no file at all)."""

    value: object = None
    problem: str | None = None
    missing: bool = False


_CACHE: OrderedDict[str, tuple[Stamp, JsonRead]] = OrderedDict()
_RECORDERS: list[list[tuple[str, Stamp]]] = []
"""While ``recorded_reads`` runs, every path read (or looked for) with the stamp it had."""


@contextmanager
def recorded_reads() -> Iterator[list[tuple[str, Stamp]]]:
    """Record the files read inside the block, so that a result computed from them can be
    kept while none of them changes (``unchanged``)."""
    reads: list[tuple[str, Stamp]] = []
    _RECORDERS.append(reads)
    try:
        yield reads
    finally:
        _RECORDERS.remove(reads)


def recording_reads() -> bool:
    """Whether a ``recorded_reads`` block is running (what is read now is recorded)."""
    return bool(_RECORDERS)


def note_read(path: str, key: Stamp) -> None:
    """Record that a result depends on the file (or folder) at ``path`` as it is now."""
    for reads in _RECORDERS:
        reads.append((path, key))


def unchanged(reads: list[tuple[str, Stamp]]) -> bool:
    """Whether every recorded path still has the stamp it had."""
    return all(stamp(path) == key for path, key in reads)


def stamp(path: str) -> Stamp:
    """What changes when the file at ``path`` changes (None: nothing there, or not readable
    as a folder entry): its change time too, which a write moves and no tool can set back (a
    file rewritten in place at the same size with its modification time restored)."""
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return None
    return (
        info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns, info.st_mode,
    )  # fmt: skip


def _no_constant(name: str) -> object:
    raise ValueError(f"Unexpected token '{name[0]}'")


MAX_INT_DIGITS = 4_000
"""Longer integers are read as floats, as ``JSON.parse`` reads every number (Python would refuse
past 4,300 digits, and a file the harness reads would be unreadable here)."""


def _js_integer(digits: str) -> int | float:
    return int(digits) if len(digits) <= MAX_INT_DIGITS else float(digits)


def parse_json(data: bytes, strip: Callable[[str], str] | None = None) -> JsonRead:
    """``JSON.parse`` of the bytes as Node reads them in UTF-8 (after ``strip``, where the
    harness drops comments first)."""
    text = data.decode("utf-8", errors="replace").removeprefix("\ufeff")
    if strip is not None:
        text = strip(text)
    try:
        return JsonRead(json.loads(text, parse_constant=_no_constant, parse_int=_js_integer))
    except RecursionError:
        return JsonRead(problem="the JSON is nested too deeply to parse")
    except ValueError as error:  # JSONDecodeError, an integer of too many digits
        return JsonRead(problem=f"it is not valid JSON ({error})")


def read_json(path: str, strip: Callable[[str], str] | None = None) -> JsonRead:
    """The JSON value of the file at ``path`` (its text passed through ``strip`` first, where
    given), cached on its stamp."""
    key = stamp(path)
    note_read(path, key)
    if key is None:
        return JsonRead(problem="there is no such file", missing=True)
    entry = f"{path}\0{strip.__qualname__}" if strip is not None else path
    cached = _CACHE.get(entry)
    if cached is not None and cached[0] == key:
        _CACHE.move_to_end(entry)
        return cached[1]
    data = read_bytes(path, MAX_JSON_BYTES)
    if isinstance(data, int):
        too_large = f"it is {data:,} bytes; manifests over {MAX_JSON_BYTES:,} bytes are not read"
        read = JsonRead(problem=too_large)
    elif isinstance(data, str):
        read = JsonRead(problem=data)
    else:
        read = parse_json(data, strip)
    _CACHE[entry] = (key, read)
    if len(_CACHE) > CACHED_FILES:
        _CACHE.popitem(last=False)
    return read


T = TypeVar("T")
_DERIVED: dict[tuple[str, Callable], tuple[JsonRead, object]] = {}


def derived(path: str, build: Callable[[str, JsonRead], T]) -> T:
    """``build(path, read)`` of the JSON file at ``path``, made once per version of the file
    (a map of a marketplace's entries: looked up per plugin, built once, whatever their
    number)."""
    read = read_json(path)
    key = (path, build)
    cached = _DERIVED.get(key)
    if cached is not None and cached[0] is read:
        return cached[1]  # type: ignore[return-value]
    made = build(path, read)
    if len(_DERIVED) >= CACHED_FILES:
        _DERIVED.clear()
    _DERIVED[key] = (read, made)
    return made


def member(value: object, *keys: str) -> dict:
    """The object at ``keys`` in a JSON value (empty where there is none, or not an object)."""
    for key in keys:
        value = value.get(key) if isinstance(value, dict) else None
    return value if isinstance(value, dict) else {}


def strings(value: object) -> list[str]:
    """The strings of a JSON list (empty where it is not a list)."""
    return [item for item in value if isinstance(item, str)] if isinstance(value, list) else []
