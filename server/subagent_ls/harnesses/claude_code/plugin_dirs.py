"""The plugins of a folder given to Claude Code 2.1.332 as a plugin folder (``--plugin-dir``,
``CLAUDE_CODE_PLUGIN_DIRS``; here the ``extraDirs`` setting too) and of the manifests found in
a project.

``X_r`` decides whether such a folder is one plugin or a folder of plugins: it is one when it
holds ``.claude-plugin`` (unless that holds only a ``marketplace.json``, ``EWr``), ``SKILL.md``,
a non-empty ``.mcp.json`` or ``.lsp.json``, or a component folder (``agents``, ``commands``,
``skills``, ``hooks``, ``themes``, ``output-styles``, ``monitors``, ``workflows``) without a
manifest of its own inside (``vWr``). Otherwise each child folder not starting with ``.``, in
name order, is a plugin when it holds ``.claude-plugin/plugin.json`` (``RWr``); the others are
skipped. A marketplace is never read there.
"""

from __future__ import annotations

import os
from pathlib import Path

from subagent_ls.harnesses.claude_code.manifest import MANIFEST
from subagent_ls.harnesses.claude_code.marketplace import MARKETPLACE, marketplace_plugins
from subagent_ls.harnesses.claude_code.plugins import Plugin, folder_plugin, plugin_at

COMPONENT_FOLDERS = (
    "commands", "skills", "agents", "hooks", "themes", "output-styles", "monitors", "workflows",
)  # fmt: skip
MAX_CHILDREN = 10_000
"""A folder of plugins is read up to this many entries (a plugin folder is small)."""
PROJECT_MANIFESTS = (MANIFEST.replace(os.sep, "/"), MARKETPLACE.replace(os.sep, "/"))
"""The manifests found in a project that ``manifest_plugins`` takes plugins from."""


def _exists(path: str) -> bool:
    return os.path.lexists(path)


def _empty(path: str) -> bool:
    try:
        return os.path.getsize(path) == 0
    except OSError:
        return True


def _marks_one_plugin(folder: str, names: set[str]) -> bool:
    """``vWr``: whether an entry at the top marks ``folder`` as one plugin."""
    if ".claude-plugin" in names:
        only_market = _exists(os.path.join(folder, MARKETPLACE)) and not _exists(
            os.path.join(folder, MANIFEST)
        )
        if not only_market:
            return True
    if "SKILL.md" in names or ".lsp.json" in names:
        return True
    if ".mcp.json" in names and not _empty(os.path.join(folder, ".mcp.json")):
        return True
    return any(
        n in names and not _exists(os.path.join(folder, n, MANIFEST)) for n in COMPONENT_FOLDERS
    )


def plugin_dir_plugins(folder: str) -> list[Plugin]:
    """The plugins Claude Code loads from a plugin folder (none when it cannot be listed)."""
    try:
        with os.scandir(folder) as scan:
            entries = [entry for _, entry in zip(range(MAX_CHILDREN), scan, strict=False)]
    except OSError:
        return []
    names = {entry.name for entry in entries}
    if _marks_one_plugin(folder, names):
        return [folder_plugin(folder)]
    children = sorted(e.name for e in entries if not e.name.startswith(".") and _is_dir(e))
    return [
        folder_plugin(os.path.join(folder, name))
        for name in children
        if _exists(os.path.join(folder, name, MANIFEST))
    ]


def _is_dir(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_dir()
    except OSError:
        return False


def manifest_plugins(manifests: tuple[Path, ...]) -> list[Plugin]:
    """The plugins that manifests found in a project describe: the folder above each
    ``.claude-plugin/plugin.json``, and each folder a ``.claude-plugin/marketplace.json``
    names."""
    roots: list[str] = []
    for path in manifests:
        if path.parent.name != ".claude-plugin":
            continue
        folder = str(path.parent.parent)
        if path.name == "plugin.json":
            roots.append(folder)
        elif path.name == "marketplace.json":
            roots += [
                e.root for e in marketplace_plugins(folder) if e.root and os.path.isdir(e.root)
            ]
    plugins = (plugin_at(root) for root in sorted(set(roots)))
    return [plugin for plugin in plugins if plugin is not None]
