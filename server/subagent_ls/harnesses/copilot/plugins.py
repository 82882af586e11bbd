"""GitHub Copilot CLI 1.0.102 reads Claude-style plugins too, by rules of its own (its native
``custom_agents_discovery``, probed through ``--plugin-dir`` and directory marketplaces).

A plugin is a folder with a manifest: ``.plugin/plugin.json``, ``.github/plugin/plugin.json``,
``.claude-plugin/plugin.json`` or ``plugin.json`` (a folder without one is no plugin); or a
folder an entry of a marketplace above it names (``.plugin/``, ``.github/plugin/`` or
``.claude-plugin/marketplace.json``; ``metadata.pluginRoot`` is put before every ``source``,
``./`` ones included). Its agent files: the top level of ``agents/`` (no subfolders), or
instead the manifest's ``agents``: a path or a list of paths, or ``{"paths": [...]}``, each a
file or a folder (its top level), ``./`` optional; ``[]`` is none; a path that leaves the
plugin's folder is refused. An entry's own ``agents`` are ignored. Hidden and linked files
are read; ``.MD`` is refused (``is not a markdown file``). An agent's id is
``<plugin>:<file name without .agent.md or .md>`` whatever its ``name``; the plugin is named
after its marketplace entry, else its manifest's ``name``, else its folder.
"""

from __future__ import annotations

import os
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from subagent_ls.harnesses.common.manifest_json import JsonRead, derived, read_json
from subagent_ls.harnesses.common.plugin_search import (
    Layout,
    Probe,
    manifest_of,
    marketplaces_of,
    search_up,
)
from subagent_ls.harnesses.sources import Listing, Source

LAYOUT = Layout(
    (".plugin/plugin.json", ".github/plugin/plugin.json", ".claude-plugin/plugin.json",
     "plugin.json"),
    (".plugin/marketplace.json", ".github/plugin/marketplace.json",
     ".claude-plugin/marketplace.json"),
)  # fmt: skip
DIALECT = "copilot-plugin"


class CopilotPlugin(NamedTuple):
    """A plugin as Copilot reads it: its name, root, manifest, the folders and files it reads
    (absolute), and why it reads none (an ``agents`` value it refuses)."""

    name: str
    root: str
    manifest: str | None
    folders: tuple[str, ...] = ()
    files: tuple[str, ...] = ()
    problem: str | None = None
    market: str | None = None
    """The folder of the marketplace that lists it."""

    @property
    def label(self) -> str:
        where = os.path.relpath(self.root, self.market) if self.market else self.root
        return f"plugin `{self.name}` ({where})"

    def holds(self, path: str) -> bool:
        return _listing(self).holds(os.path.abspath(path), True)

    def agent_id(self, path: str) -> str:
        name = os.path.basename(path)
        lower = name.lower()
        for suffix in (".agent.md", ".md"):
            if lower.endswith(suffix):
                name = name[: -len(suffix)]
                break
        return f"{self.name}:{name}"


@lru_cache(maxsize=512)
def _listing(plugin: CopilotPlugin) -> Listing:
    return Listing(tuple((f, False) for f in plugin.folders), plugin.files, any_case=True)


def _paths(value: object) -> list[str] | None:
    """The paths of a manifest's ``agents`` (None: a form Copilot refuses)."""
    if isinstance(value, dict) and set(value) == {"paths"}:
        value = value["paths"]
    if isinstance(value, str):
        return [value]
    if isinstance(value, list) and all(isinstance(item, str) for item in value):
        return value
    return None


def _read(root: str, manifest: str | None, listed: tuple[str, str] | None) -> CopilotPlugin:
    """The plugin at ``root``; ``listed`` is the marketplace entry's name and folder."""
    name, market = listed or (None, None)
    value = read_json(manifest).value if manifest else None
    value = value if isinstance(value, dict) else {}
    own = value.get("name")
    called = name or (own if isinstance(own, str) and own else os.path.basename(root))
    if "agents" not in value:
        return CopilotPlugin(called, root, manifest, (os.path.join(root, "agents"),), market=market)
    paths = _paths(value["agents"])
    if paths is None:
        problem = "Invalid agents object form: expected { paths: string[] }"
        return CopilotPlugin(called, root, manifest, problem=problem, market=market)
    folders, files = [], []
    for path in paths:
        full = os.path.normpath(os.path.join(root, path))
        if full != root and not full.startswith(root + os.sep):
            continue  # "agents path escapes plugin directory"
        (folders if os.path.isdir(full) else files).append(full)
    return CopilotPlugin(called, root, manifest, tuple(folders), tuple(files), market=market)


def _market_folder(market: str) -> str:
    """The folder a marketplace list lies in (above ``.plugin/``, ``.github/plugin/``, ...)."""
    folder = os.path.dirname(os.path.dirname(market))
    nested = market.endswith(os.path.join(".github", "plugin", "marketplace.json"))
    return os.path.dirname(folder) if nested else folder


def _entry_roots(value: object, folder: str) -> dict[str, str]:
    """The folders a marketplace's entries name, by entry name (of one name, the last)."""
    if not isinstance(value, dict) or not isinstance(value.get("plugins"), list):
        return {}
    metadata = value.get("metadata")
    prefix = metadata.get("pluginRoot") if isinstance(metadata, dict) else None
    roots = {}
    for entry in value["plugins"]:
        if not isinstance(entry, dict):
            continue
        name, source = entry.get("name"), entry.get("source")
        if isinstance(name, str) and name and isinstance(source, str):
            parts = [folder, prefix, source] if isinstance(prefix, str) else [folder, source]
            roots[name] = os.path.normpath(os.path.join(*parts))
    return roots


def _names_by_root(market: str, read: JsonRead) -> dict[str, str]:
    """The entry name of each folder a marketplace names (of two entries naming one folder,
    the first): a plugin is found in one look-up, whatever the number of entries."""
    by_root: dict[str, str] = {}
    for name, root in _entry_roots(read.value, _market_folder(market)).items():
        by_root.setdefault(root, name)
    return by_root


def _listed_name(folder: str, markets: list[tuple[int, str]], index: int) -> tuple[str, str] | None:
    """The entry name and the marketplace folder of the first marketplace at or above the
    chain's ``index`` that names ``folder``."""
    for at, market in markets:
        name = derived(market, _names_by_root).get(folder) if at >= index else None
        if name is not None:
            return name, _market_folder(market)
    return None


def _nearest(chain: list[str], probes: tuple[Probe, ...]) -> CopilotPlugin | None:
    markets = [
        (index, market)
        for index, (folder, found) in enumerate(zip(chain, probes, strict=True))
        for market in marketplaces_of(folder, LAYOUT, found)
    ]
    for index, (folder, found) in enumerate(zip(chain, probes, strict=True)):
        named = _listed_name(folder, markets, index)
        manifest = manifest_of(folder, LAYOUT, found)
        if manifest is not None or named is not None:
            return _read(folder, manifest, named)
    return None


def plugin_of(path: str) -> CopilotPlugin | None:
    """The plugin that holds the file at ``path`` (None: none does)."""
    folder = os.path.dirname(os.path.abspath(path))
    plugin = search_up(folder, LAYOUT, _nearest)
    return plugin if plugin is not None and plugin.holds(path) else None


@lru_cache(maxsize=512)
def _source(plugin: CopilotPlugin) -> Source:
    return Source(
        f"plugin:{plugin.name}", plugin.label, "plugin", 0,
        DIALECT, Path(plugin.root), hidden=True, listing=_listing(plugin),
    )  # fmt: skip


def copilot_plugin_source(path: str) -> Source | None:
    """The source of the plugin that holds the file at ``path``, wherever it lies."""
    plugin = plugin_of(path)
    return _source(plugin) if plugin is not None else None
