"""Finding the plugin an agent file belongs to from the file's folders upward, for any harness
whose plugins are folders with a manifest (a ``Layout``: where a plugin's manifest and a
marketplace's list lie in a folder). Each folder above the file is probed with one ``stat``
per manifest folder (``.claude-plugin``) and one per manifest file only where that folder
exists; the harness's own rule (``decide``) picks the plugin from the probes, and its answer is
cached on them, so an unchanged tree costs those ``stat`` calls and nothing more; the probes
themselves are kept within ``steady`` (a command's run), so a check of many files probes each
folder once; ``steady_run`` says which run it is, for other readers of the tree that keep what
they read for the run (the agents references are checked against)."""

from __future__ import annotations

import os
from collections import OrderedDict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import NamedTuple, TypeVar

from subagent_ls.harnesses.common.manifest_json import Stamp, stamp

T = TypeVar("T")
CACHED = 4096


class Layout(NamedTuple):
    """Where, relative to a folder, a plugin's manifest lies (the first that exists is read)
    and where a marketplace's list of plugins lies."""

    manifests: tuple[str, ...]
    marketplaces: tuple[str, ...]


Probe = tuple[Stamp, ...]
"""The stamps of a folder's ``Layout.manifests`` then ``Layout.marketplaces`` (None: absent)."""


def probe(folder: str, layout: Layout) -> Probe:
    """What of ``layout`` lies in ``folder``."""
    folders: dict[str, bool] = {}
    stamps = []
    for relative in (*layout.manifests, *layout.marketplaces):
        parent = os.path.dirname(relative)
        if parent and parent not in folders:
            folders[parent] = stamp(os.path.join(folder, parent)) is not None
        present = not parent or folders[parent]
        stamps.append(stamp(os.path.join(folder, relative)) if present else None)
    return tuple(stamps)


def manifest_of(folder: str, layout: Layout, found: Probe) -> str | None:
    """The manifest the probe found in ``folder`` (the first of the layout's)."""
    for relative, present in zip(layout.manifests, found, strict=False):
        if present is not None:
            return os.path.join(folder, relative)
    return None


def marketplaces_of(folder: str, layout: Layout, found: Probe) -> list[str]:
    """The marketplace lists the probe found in ``folder``."""
    rest = found[len(layout.manifests) :]
    return [os.path.join(folder, r) for r, s in zip(layout.marketplaces, rest, strict=True) if s]


Decide = Callable[[list[str], tuple[Probe, ...]], T]
"""A harness's rule: the plugin of a folder, from its folders upward (nearest first) and
what each holds."""

_FOUND: OrderedDict[tuple[object, str, tuple[Probe, ...]], object] = OrderedDict()
_PROBED: dict[tuple[str, Layout], Probe] = {}
_DECIDED: dict[tuple[object, str, Layout], object] = {}
_steady = False
"""While the tree is taken as steady (``steady``): what each folder held when first probed, and
the plugin found for each folder, are kept (a check of many files probes each folder once)."""
_runs = 0
"""How many steady blocks have begun (the current one's number, while one runs)."""


@contextmanager
def steady() -> Iterator[None]:
    """Take the tree as unchanging for the block (a command's run): each folder is probed once.
    Outside such a block every search probes again, so the server sees a manifest change at the
    next keystroke."""
    global _steady, _runs
    was, _steady = _steady, True
    _runs += 0 if was else 1
    try:
        yield
    finally:
        _steady = was
        if not was:
            _PROBED.clear()
            _DECIDED.clear()


def steady_run() -> int | None:
    """The number of the steady block running (None: none). What was read from the tree in
    this block may be kept without looking at the tree again until the block ends."""
    return _runs if _steady else None


def _probed(folder: str, layout: Layout) -> Probe:
    if not _steady:
        return probe(folder, layout)
    key = (folder, layout)
    found = _PROBED.get(key)
    if found is None:
        if len(_PROBED) > CACHED:
            _PROBED.clear()
        found = _PROBED[key] = probe(folder, layout)
    return found


def search_up(folder: str, layout: Layout, decide: Decide[T]) -> T:
    """``decide`` over ``folder`` and the folders above it, cached on what they hold."""
    if not _steady:
        return _search(folder, layout, decide)
    known = (decide, folder, layout)
    if known in _DECIDED:
        return _DECIDED[known]  # type: ignore[return-value]
    if len(_DECIDED) > CACHED:
        _DECIDED.clear()
    found = _DECIDED[known] = _search(folder, layout, decide)
    return found


def _search(folder: str, layout: Layout, decide: Decide[T]) -> T:
    chain = [folder]
    while (parent := os.path.dirname(chain[-1])) != chain[-1]:
        chain.append(parent)
    probes = tuple(_probed(f, layout) for f in chain)
    key = (decide, folder, probes)
    if key in _FOUND:
        _FOUND.move_to_end(key)
        return _FOUND[key]  # type: ignore[return-value]
    found = decide(chain, probes)
    _FOUND[key] = found
    if len(_FOUND) > CACHED:
        _FOUND.popitem(last=False)
    return found
