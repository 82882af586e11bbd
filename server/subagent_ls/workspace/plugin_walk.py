"""Finding the plugin manifests of a project: one bounded walk of each project root (the shared
walker: each real folder once, no other file system, depth and entry limits) for files named
like a manifest, outside the folders discovery never enters (``.git``, ``node_modules``, ...).
Each harness's profile takes from them the manifests it reads (``Environment.plugin_manifests``).
"""

from __future__ import annotations

import os
from pathlib import Path

from subagent_ls.harnesses.environment import Environment
from subagent_ls.workspace.discovery import SKIPPED_DIRS
from subagent_ls.workspace.walk import Seen, walk

MANIFEST_NAMES = frozenset({"plugin.json", "marketplace.json", "gemini-extension.json"})


def manifests_in(roots: tuple[Path, ...]) -> tuple[Path, ...]:
    """Every regular file named like a plugin manifest below ``roots``, in walk order."""
    seen: Seen = set()
    found: list[Path] = []
    for root in roots:
        for item in walk(
            str(root),
            seen,
            lambda entry: entry.name not in SKIPPED_DIRS,
            lambda entry: entry.name in MANIFEST_NAMES,
        ):
            if item.problem is None:
                found.append(Path(os.path.normpath(item.path)))
    return tuple(found)


def with_plugin_manifests(env: Environment) -> Environment:
    """``env`` with the plugin manifests of its project roots."""
    return env._replace(plugin_manifests=manifests_in(env.roots))
