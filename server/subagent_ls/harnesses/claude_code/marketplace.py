"""The plugins a marketplace lists, as Claude Code 2.1.332 reads its
``.claude-plugin/marketplace.json``.

Each entry of ``plugins`` names a plugin and its ``source`` (``pt``): a path that starts with
``./`` (``"."`` is ``"./"``) relative to the marketplace's folder, read in place from a
directory marketplace; a bare name (``rka``: ``^[A-Za-z0-9][-A-Za-z0-9._]*$``) only under
``metadata.pluginRoot``, else the entry is unsupported; or an object (``github``, ``url``,
``npm``, ...) that Claude Code installs into its cache, which names no folder of the tree. An
entry that fails the manifest schema (its ``agents`` above all) is kept as a stub and its
plugin does not load (``Stubbing unparseable marketplace plugin entry``). An entry's
``agents`` are added to the plugin's own (``YKo``), and an entry with ``strict: false`` that
sets components beside a ``plugin.json`` is a conflict that keeps the plugin from loading
(``$Vo``).
"""

from __future__ import annotations

import os
from typing import NamedTuple

from subagent_ls.core.patterns import LazyPattern
from subagent_ls.harnesses.claude_code.manifest import agent_paths, manifest_issues
from subagent_ls.harnesses.common.manifest_json import JsonRead, derived

MARKETPLACE = os.path.join(".claude-plugin", "marketplace.json")
_BARE = LazyPattern(r"[A-Za-z0-9][-A-Za-z0-9._]*")
COMPONENTS = (
    "commands",
    "agents",
    "skills",
    "hooks",
    "outputStyles",
    "themes",
    "syntaxHighlighting",
)
CONFLICT = (
    "Plugin {} has both plugin.json and marketplace manifest entries for "
    "commands/agents/skills/hooks/outputStyles/themes/syntaxHighlighting. This is a conflict."
)


class Listed(NamedTuple):
    """One entry of a marketplace: the plugin's name, the folder its source names (None: a
    remote source, or one Claude Code does not support), the ``agents`` it adds, whether it is
    ``strict``, whether it sets components, and why its plugin does not load (a stub)."""

    name: str
    marketplace: str
    root: str | None
    agents: tuple[str, ...] = ()
    strict: bool = True
    components: bool = False
    problem: str | None = None


class Marketplace(NamedTuple):
    """A marketplace's entries in order, and the first entry of each folder and of each name
    (a plugin is found in one look-up, whatever the number of entries)."""

    entries: tuple[Listed, ...]
    by_root: dict[str, Listed]
    by_name: dict[str, Listed]


def _source_root(source: object, folder: str, plugin_root: object) -> str | None:
    """The folder a string ``source`` names below the marketplace's ``folder`` (None: not a
    path Claude Code reads in place)."""
    if not isinstance(source, str):
        return None
    if source == ".":
        source = "./"
    if isinstance(plugin_root, str) and _BARE.fullmatch(source):
        source = f"./{source}" if plugin_root == "." else f"./{plugin_root}/{source}"
    if not source.startswith("./"):
        return None
    root = os.path.normpath(os.path.join(folder, source))
    return root if root == folder or root.startswith(folder + os.sep) else None


def _entry(entry: dict, path: str, folder: str, plugin_root: object) -> Listed | None:
    name = entry.get("name")
    if not isinstance(name, str) or not name:
        return None
    root = _source_root(entry.get("source"), folder, plugin_root)
    checked = {key: value for key, value in entry.items() if key in ("name", "version", "agents")}
    issues = manifest_issues(checked)
    problem = None
    if issues:
        problem = f"Stubbing unparseable marketplace plugin entry ({name}): " + ", ".join(issues)
    agents = agent_paths(entry["agents"]) if "agents" in entry and not issues else ()
    return Listed(
        name=name,
        marketplace=path,
        root=root,
        agents=agents,
        strict=entry.get("strict", True) is not False,
        components=any(entry.get(key) for key in COMPONENTS),
        problem=problem,
    )


def marketplace_plugins(folder: str) -> tuple[Listed, ...]:
    """The plugins the marketplace in ``folder`` lists (none when it has no readable
    ``marketplace.json``), cached while the file is unchanged."""
    return _marketplace(folder).entries


def listed_at(folder: str, root: str) -> Listed | None:
    """The first entry of the marketplace in ``folder`` whose source is the folder ``root``."""
    return _marketplace(folder).by_root.get(root)


def listed_named(folder: str, name: str) -> Listed | None:
    """The first entry of the marketplace in ``folder`` named ``name``."""
    return _marketplace(folder).by_name.get(name)


def _marketplace(folder: str) -> Marketplace:
    return derived(os.path.join(folder, MARKETPLACE), _resolve)


def _resolve(path: str, read: JsonRead) -> Marketplace:
    folder = os.path.dirname(os.path.dirname(path))
    value = read.value if isinstance(read.value, dict) else {}
    entries = value.get("plugins")
    metadata = value.get("metadata")
    plugin_root = metadata.get("pluginRoot") if isinstance(metadata, dict) else None
    listed = tuple(
        found
        for entry in (entries if isinstance(entries, list) else ())
        if isinstance(entry, dict) and (found := _entry(entry, path, folder, plugin_root))
    )
    by_root: dict[str, Listed] = {}
    by_name: dict[str, Listed] = {}
    for entry in listed:
        if entry.root is not None:
            by_root.setdefault(entry.root, entry)
        by_name.setdefault(entry.name, entry)
    return Marketplace(listed, by_root, by_name)
