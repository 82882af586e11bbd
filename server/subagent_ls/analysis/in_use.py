"""Which harnesses a project (or this machine) shows in use: the ones the settings name, the
ones whose signs (``Profile.signs``: folders and files of their own) stand in the file's
project, in a folder above it up to the repository's top, or in the project roots, and the ones
whose signs stand in the home folder or whose variables are set. A harness that also reads a
folder but that nothing shows in use is quiet about its files (see ``targets``)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Literal

from subagent_ls.analysis.projects import project_of
from subagent_ls.core.paths import up_to_repository_top
from subagent_ls.core.settings import Settings
from subagent_ls.harnesses.registry import BASE, PROFILES

Use = Literal["settings", "project", "machine"]
"""What shows a harness in use: the settings name it, the project has its signs, or only this
machine does (its home folder or its environment: a finding it makes loud says so)."""


def harness_use(harness: str, path: str, roots: tuple[str, ...], settings: Settings) -> Use | None:
    """What shows ``harness`` in use for the file at ``path`` (None: nothing)."""
    if harness in (settings.targets or ()) or (harness == settings.harness != BASE.id):
        return "settings"  # the base format is the default harness, not a choice
    signs = PROFILES[harness].signs
    home = Path(os.path.expanduser("~"))
    if signs.project and any(
        (folder / sign).exists()
        for folder in _project_folders(path, roots, home)
        for sign in signs.project
    ):
        return "project"
    if any(os.environ.get(variable) for variable in signs.variables):
        return "machine"
    if any((home / sign).exists() for sign in signs.user):
        return "machine"
    return None


def harnesses_in_projects(roots: tuple[str, ...]) -> list[str]:
    """The harnesses whose signs stand in the project folders ``roots`` (or a folder above
    one, up to its repository's top), in the order catalogs are listed."""
    home = Path(os.path.expanduser("~"))
    folders = [f for root in roots for f in up_to_repository_top(Path(os.path.abspath(root)), home)]
    return [
        harness
        for harness, profile in PROFILES.items()
        if any((folder / sign).exists() for folder in folders for sign in profile.signs.project)
    ]


def _project_folders(path: str, roots: tuple[str, ...], home: Path) -> list[Path]:
    """The file's project folder and the folders above it up to the repository's top (never
    the home folder, whose signs are the user's), and the project roots."""
    own = project_of(os.path.abspath(path))
    folders = up_to_repository_top(own, home) if own is not None else []
    folders += [Path(root) for root in roots or (os.getcwd(),) if Path(root) != home]
    return list(dict.fromkeys(folders))
