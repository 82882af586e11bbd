"""What a harness's sources are found from: HOME, the project roots, the settings' extra
folders, the process environment and the names the user disabled; and that environment as
this process sees it, shared by the command line and the dialect choice so that ``check`` and
``catalog`` look in the same places."""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import NamedTuple

from subagent_ls.core.settings import Settings
from subagent_ls.harnesses.model import EMPTY_MAPPING

ISOLATED_VARIABLE = "SUBAGENT_LS_ISOLATED"
"""Set to ``1`` by ``--isolated``: HOME is then an empty folder and no variable of a harness is
set, so that what is said of user-level configuration says it was not read."""


def isolated() -> bool:
    """Whether this process judges files as on a fresh machine (``--isolated``)."""
    return os.environ.get(ISOLATED_VARIABLE) == "1"


class Environment(NamedTuple):
    """What discovery depends on: HOME, the project roots, extra folders from settings, the
    process environment (``ZUT_AGENT_PROFILES``, ``AGENT_CUSTOM_AGENTS_DIRS``, ...), the
    names the user disabled, and the plugin manifests found below the roots (files named as
    a profile's ``project_manifests`` are: each harness takes those it reads; empty where the
    caller did not look)."""

    home: Path
    roots: tuple[Path, ...]
    extra_dirs: tuple[Path, ...] = ()
    environ: Mapping[str, str] = EMPTY_MAPPING
    disabled: frozenset[str] = frozenset()
    plugin_manifests: tuple[Path, ...] = ()


def process_environment(
    settings: Settings, home: str | None = None, roots: Iterable[str | Path] | None = None
) -> Environment:
    """HOME (or ``home``), the current folder (or ``roots``), the process environment and
    the settings' extra folders (relative ones below the current folder) and disabled names."""
    return Environment(
        home=Path(os.path.abspath(home or os.path.expanduser("~"))),
        roots=tuple(Path(os.path.abspath(root)) for root in (roots or ["."])),
        extra_dirs=tuple(Path(d).expanduser().absolute() for d in settings.extra_dirs),
        environ=dict(os.environ),
        disabled=frozenset(settings.disabled),
    )
