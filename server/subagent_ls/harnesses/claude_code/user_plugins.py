"""The plugins Claude Code 2.1.332 loads from the user's setup: each id ``plugin@marketplace``
that ``enabledPlugins`` switches on (``true`` or a list; ``.claude/settings.local.json`` over
``.claude/settings.json`` over ``~/.claude/settings.json``, ``Z1t``) whose marketplace is
known, in ``~/.claude/plugins/known_marketplaces.json`` (``~/.claude`` is the user folder,
``config_home``) or declared in the user settings'
``extraKnownMarketplaces``. A plugin of a ``directory`` marketplace is read in place, from the
folder its entry's ``source`` names (``ylt``); any other is read from the copy
``installed_plugins.json`` records (``installPath``), when that exists.

Not read: project-level ``extraKnownMarketplaces`` (Claude Code takes them only in a trusted
workspace, and no relative path), managed settings, ``--settings``, skills-dir plugins.
"""

from __future__ import annotations

import os

from subagent_ls.core.patterns import LazyPattern
from subagent_ls.harnesses.claude_code.config_home import config_home
from subagent_ls.harnesses.claude_code.marketplace import listed_named
from subagent_ls.harnesses.claude_code.plugins import Plugin, folder_plugin
from subagent_ls.harnesses.common.manifest_json import member, read_json
from subagent_ls.harnesses.environment import Environment

_PART = "[A-Za-z0-9][-A-Za-z0-9._]*"
PLUGIN_ID = LazyPattern(f"({_PART})@({_PART})")
"""``dF``: an id must be ``plugin@marketplace``."""


def enabled_ids(env: Environment) -> list[tuple[str, str]]:
    """The (plugin, marketplace) pairs the settings switch on, in the order they are named."""
    files = [str(config_home(env) / "settings.json")]
    for root in env.roots:
        files += [str(root / ".claude/settings.json"), str(root / ".claude/settings.local.json")]
    merged: dict[str, object] = {}
    for path in files:
        merged.update(member(read_json(path).value, "enabledPlugins"))
    pairs = []
    for plugin_id, value in merged.items():
        match = PLUGIN_ID.fullmatch(plugin_id)
        if match and (value is True or isinstance(value, list)):
            pairs.append((match[1], match[2]))
    return pairs


def _in_place(source: object, location: object) -> str | None:
    """The folder of a ``directory`` marketplace (None: another kind)."""
    if not isinstance(source, dict) or source.get("source") != "directory":
        return None
    path = source.get("path", location)
    return os.path.abspath(os.path.expanduser(path)) if isinstance(path, str) else None


def user_plugins(env: Environment) -> list[Plugin]:
    """The plugins the user's settings enable, where Claude Code would find them."""
    plugins_home = config_home(env) / "plugins"
    known = member(read_json(str(plugins_home / "known_marketplaces.json")).value)
    declared = member(
        read_json(str(config_home(env) / "settings.json")).value, "extraKnownMarketplaces"
    )
    installed = member(read_json(str(plugins_home / "installed_plugins.json")).value, "plugins")
    found = []
    for plugin, market in enabled_ids(env):
        record = known.get(market) or declared.get(market)
        if not isinstance(record, dict):
            continue  # "Skipping orphaned enabledPlugins entry"
        folder = _in_place(record.get("source"), record.get("installLocation"))
        if folder is not None:
            listed = listed_named(folder, plugin)
            if listed is not None and listed.root is not None:
                found.append(folder_plugin(listed.root))
                continue
        copies = installed.get(f"{plugin}@{market}")
        copy = copies[0] if isinstance(copies, list) and copies else None
        path = copy.get("installPath") if isinstance(copy, dict) else None
        if isinstance(path, str) and os.path.isdir(path):
            found.append(folder_plugin(path, plugin))
    return found
