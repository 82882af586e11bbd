"""Finding the plugin manifests of a project: one bounded walk of each project root (the shared
walker: each real folder once, no other file system, depth and entry limits) for files named
like a manifest, leaving out what ``check``'s walks leave out (the ``exclude`` settings and
what git ignores).
Each harness's profile takes from them the manifests it reads (``Environment.plugin_manifests``).
"""

from __future__ import annotations

import os
from pathlib import Path

from subagent_ls.core.settings import Settings
from subagent_ls.harnesses.environment import Environment
from subagent_ls.harnesses.registry import PROFILES
from subagent_ls.workspace.ignore import Ignore, ignore_for
from subagent_ls.workspace.walk import Seen, walk

MANIFEST_NAMES = frozenset(
    manifest.rpartition("/")[2] for p in PROFILES.values() for manifest in p.project_manifests
)
"""The names of the manifests some harness's profile takes plugins from (``project_manifests``)."""


def manifests_in(roots: tuple[Path, ...], settings: Settings) -> tuple[Path, ...]:
    """Every regular file named like a plugin manifest below ``roots``, in walk order."""
    seen: Seen = set()
    found: list[Path] = []
    for root in roots:
        found += _manifests_below(str(root), seen, ignore_for(str(root), settings))
    return tuple(found)


def _manifests_below(root: str, seen: Seen, ignore: Ignore) -> list[Path]:
    def enter(entry: os.DirEntry[str]) -> bool:
        return ignore.reason(entry.path, True) is None

    def wanted(entry: os.DirEntry[str]) -> bool:
        return entry.name in MANIFEST_NAMES and ignore.reason(entry.path, False) is None

    return [
        Path(os.path.normpath(item.path))
        for item in walk(root, seen, enter, wanted)
        if item.problem is None
    ]


def with_plugin_manifests(env: Environment, settings: Settings) -> Environment:
    """``env`` with the plugin manifests of its project roots."""
    return env._replace(plugin_manifests=manifests_in(env.roots, settings))
