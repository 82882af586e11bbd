"""Discovery as this process sees it: its HOME, its current folder (or the given project roots),
its environment variables, and the settings' extra folders and disabled names. The command line
and the dialect choice share it, so ``check`` and ``catalog`` look in the same places."""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from subagent_ls.catalog.profiles import Environment
from subagent_ls.engine.settings import Settings


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
