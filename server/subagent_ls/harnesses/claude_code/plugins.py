"""Which Claude Code plugin an agent file belongs to, which of its files the plugin gives Claude
Code 2.1.332, and the name each gets.

A plugin is a folder (its root) that holds ``.claude-plugin/plugin.json``, or that an entry of
a marketplace above it names (see ``marketplace``); a file belongs to the nearest root above
it. Its agent files (``yge`` and ``zlt``): the manifest's ``agents`` paths and the entry's,
relative to the root; and, unless the manifest sets ``agents``, the ``agents/`` folder walked
by ``sG``: every subfolder (at most 32 deep), ``*.md`` in any case, hidden files and folders
included, linked files and folders skipped without a word, ``.mcpb-cache`` never entered. The
name (``cXn``) is ``<plugin>:<subfolders below agents/>:<name>`` (a listed file has no
subfolder part), ``<name>`` being the frontmatter's or else the file name without ``.md``.

A listed path must stay in its folders (``$re``): one that leaves the root as written (``jz``:
``./../x.md``) is refused before anything is read ("Agent path … escapes plugin directory"),
and so is one that resolves (through a link) outside the plugin's folder, or outside its
marketplace's folder for a plugin read in place from one (``ppt``); the plugin's other files
still load.

Finding a file's plugin looks at each folder above it (``common.plugin_search``: one ``stat``
each where there is no ``.claude-plugin``), cached on the stamps of the manifests it found.
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from subagent_ls.core.paths import within
from subagent_ls.harnesses.claude_code.manifest import (
    INVALID_NAME,
    MANIFEST,
    loadable_name,
    read_manifest,
)
from subagent_ls.harnesses.claude_code.marketplace import (
    CONFLICT,
    MARKETPLACE,
    Listed,
    listed_at,
)
from subagent_ls.harnesses.common.plugin_search import Layout, Probe, search_up
from subagent_ls.harnesses.sources import Listing, Source

AGENTS = "agents"
SKIPPED = frozenset({".mcpb-cache"})
"""``AMt``: the folder the walk never enters."""
MAX_DEPTH = 32
"""The walk skips folders this many levels below ``agents/`` (with an error in the log)."""
DIALECT = "claude-code-plugin"


class Plugin(NamedTuple):
    """A plugin as Claude Code loads it: the name its agents are namespaced with, its root,
    its ``plugin.json`` (None: it has none) and the marketplace that lists it, whether the
    ``agents/`` folder is read, the files the manifest and the entry list (absolute), and why
    Claude Code does not load the plugin at all, with the file that says so."""

    name: str
    root: str
    manifest: str | None = None
    marketplace: str | None = None
    default_folder: bool = True
    files: tuple[str, ...] = ()
    problem: str | None = None
    problem_file: str | None = None
    refused: tuple[tuple[str, str], ...] = ()
    """The listed paths that leave the root as written, with the reason Claude Code refuses
    them."""

    @property
    def folder(self) -> str:
        return os.path.join(self.root, AGENTS)

    @property
    def market_folder(self) -> str | None:
        """The folder of the marketplace that lists the plugin (None: none does)."""
        return os.path.dirname(os.path.dirname(self.marketplace)) if self.marketplace else None

    @property
    def label(self) -> str:
        """``plugin `name` (where)``: the root below its marketplace's folder, else in full."""
        market = self.market_folder
        where = self.root if market is None else os.path.relpath(self.root, market)
        return f"plugin `{self.name}` ({where})"

    def _below(self, path: str) -> list[str] | None:
        """The subfolders from ``agents/`` down to the file (None: not in ``agents/``)."""
        folder = self.folder + os.sep
        return path[len(folder) :].split(os.sep)[:-1] if path.startswith(folder) else None

    def holds(self, path: str) -> bool:
        """Whether the file at the absolute ``path`` is one of the plugin's agent files, read
        or not (a file of ``agents/`` when the manifest lists others)."""
        path = os.path.abspath(path)
        return _listing(self).holds(path, True)

    def skips(self, path: str) -> str | None:
        """Why Claude Code does not read a file the plugin holds (None: it reads it)."""
        if self.problem is not None:
            return self.problem
        path = os.path.abspath(path)
        below = self._below(path)
        if below is not None and self.default_folder:
            return _walk_skips(self.folder, below, path)
        if path in self.files:
            return _resolves_outside(self, path)
        return (
            "its manifest sets `agents`, so Claude Code does not read the "
            "`agents/` folder: only the files the manifest lists"
        )

    def agent_name(self, path: str, name: str | None) -> str:
        """The full name of the file at ``path``; ``name`` is what its frontmatter names it
        (None: the file name without ``.md`` stands in)."""
        path = os.path.abspath(path)
        below = self._below(path) if self.default_folder or path not in self.files else None
        stem = os.path.basename(path)
        stem = stem[:-3] if stem.endswith(".md") else stem
        return ":".join([self.name, *(below or ()), stem if name is None else name])


def _walk_skips(folder: str, below: list[str], path: str) -> str | None:
    if len(below) >= MAX_DEPTH:
        return f"Claude Code does not walk folders more than {MAX_DEPTH} levels below `agents/`"
    here = folder
    for part in [*below, os.path.basename(path)]:
        here = os.path.join(here, part)
        if os.path.islink(here):
            what = "file" if here == path else f"folder `{part}`"
            return f"Claude Code skips the linked {what} in a plugin's `agents/` folder silently"
    return None


def _resolves_outside(plugin: Plugin, path: str) -> str | None:
    """Why Claude Code refuses a listed file that resolves outside the folder it must stay in
    (``ppt``; None: it stays in it)."""
    market = plugin.market_folder
    folder, what = (plugin.root, "plugin's") if market is None else (market, "marketplace's")
    real = os.path.realpath(path)
    if within(real, os.path.realpath(folder)):
        return None
    below = os.path.relpath(real, os.path.realpath(folder)).replace(os.sep, "/")
    return f"the listed path escapes the plugin: it resolves outside the {what} folder, to {below}"


def _listed(
    root: str, name: str, paths: list[tuple[str, str]]
) -> tuple[tuple[str, ...], tuple[tuple[str, str], ...]]:
    """The listed files (absolute), and the listed paths that leave ``root`` as written with
    why they are refused (``jz``); ``paths``: each path with what lists it."""
    files: dict[str, None] = {}
    refused: dict[str, str] = {}
    for spelled, where in paths:
        path = os.path.normpath(os.path.join(root, spelled))
        if within(path, root):
            files[path] = None
        else:
            refused.setdefault(
                path,
                f"the {where} of plugin `{name}` lists it as `{spelled}`, a path that escapes "
                "the plugin's folder: Claude Code refuses it and reads nothing there",
            )
    return tuple(files), tuple(refused.items())


@lru_cache(maxsize=512)
def _listing(plugin: Plugin) -> Listing:
    return Listing(
        ((plugin.folder, True),), plugin.files, True, SKIPPED, links=False, refused=plugin.refused
    )


@lru_cache(maxsize=512)
def plugin_source(plugin: Plugin) -> Source:
    """The catalog's source for the plugin: level ``plugin``, read in the plugin dialect."""
    return Source(
        f"plugin:{plugin.name}", plugin.label, "plugin", 1, DIALECT, Path(plugin.root),
        recursive=True, hidden=True, listing=_listing(plugin),
    )  # fmt: skip


def build_plugin(root: str, listed: Listed | None) -> Plugin:
    """The plugin at ``root``, with the marketplace entry that lists it (if any), as ``$Vo``
    combines the two."""
    called = listed.name if listed else os.path.basename(root)
    manifest = read_manifest(root, called)
    name = manifest.name if manifest.exists and manifest.name else called
    problem, at = None, None
    if manifest.problem is not None:
        problem, at = manifest.problem, manifest.path
    elif listed is not None and listed.problem is not None:
        problem, at = listed.problem, listed.marketplace
    elif listed is not None and manifest.exists and not listed.strict and listed.components:
        problem, at = CONFLICT.format(listed.name), listed.marketplace
    paths = [(path, "manifest") for path in manifest.agents or ()]
    paths += [(path, "marketplace entry") for path in (listed.agents if listed else ())]
    files, refused = _listed(root, name, paths)
    return Plugin(
        name, root, manifest.path if manifest.exists else None,
        listed.marketplace if listed else None, manifest.agents is None, files, problem, at,
        refused,
    )  # fmt: skip


LAYOUT = Layout((MANIFEST,), (MARKETPLACE,))


def plugin_of(path: str) -> Plugin | None:
    """The plugin whose root is the nearest folder above the file at ``path``."""
    return search_up(os.path.dirname(os.path.abspath(path)), LAYOUT, _nearest)


def plugin_at(root: str) -> Plugin | None:
    """The plugin whose root is ``root`` (None: ``root`` is no plugin's)."""
    root = os.path.abspath(root)
    found = search_up(root, LAYOUT, _nearest)
    return found if found is not None and found.root == root else None


def _nearest(chain: list[str], probes: tuple[Probe, ...]) -> Plugin | None:
    """The nearest folder that holds a ``plugin.json`` or that a marketplace at or above it
    names."""
    markets = [index for index, (_, market) in enumerate(probes) if market is not None]
    for index, (folder, (manifest, _)) in enumerate(zip(chain, probes, strict=True)):
        listed = next(
            (found for at in markets if at >= index if (found := listed_at(chain[at], folder))),
            None,
        )
        if manifest is not None or listed is not None:
            return build_plugin(folder, listed)
    return None


def folder_plugin(root: str, called: str | None = None) -> Plugin:
    """The plugin in a folder given as one (``--plugin-dir``, an installed copy): its
    manifest's, or without one the folder's own, named ``called`` or after the folder (``_ge``
    without ``plugin.json``; ``KVo`` checks that name)."""
    found = plugin_at(root)
    if found is not None:
        return found
    name = called or os.path.basename(os.path.abspath(root))
    problem = None
    if not loadable_name(name):
        problem = (
            f'Validation errors: name: "{name}" {INVALID_NAME} — this plugin is named after '
            "its directory; rename the directory"
        )
    return Plugin(name, os.path.abspath(root), problem=problem)


def loose_plugin(path: str) -> Plugin | None:
    """The plugin of a file that no manifest claims, in a folder given as a plugin: the folder
    above the nearest ``agents/``; an installed copy (``Yfe``:
    ``plugins/cache/<marketplace>/<plugin>/<version>``) is named after its plugin."""
    parts = os.path.abspath(path).split(os.sep)[:-1]
    for index in range(len(parts) - 1, 0, -1):
        if parts[index] == AGENTS:
            cached = index >= 5 and parts[index - 5 : index - 3] == ["plugins", "cache"]
            root = os.sep.join(parts[:index]) or os.sep
            return folder_plugin(root, parts[index - 2] if cached else None)
    return None


def holding_plugin(path: str) -> Plugin | None:
    """The plugin that holds the file at ``path`` (None: none does)."""
    plugin = plugin_of(path)
    return plugin if plugin is not None and plugin.holds(path) else None
