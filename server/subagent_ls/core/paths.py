"""Whether a path lies in a folder, told by their text (both absolute and normalised): the one
test the walks, the settings, the collections and ``--fix`` share; and the folders from one up
to its repository's top."""

from __future__ import annotations

import os
from pathlib import Path


def within(path: str, folder: str) -> bool:
    """``path`` is ``folder`` or lies below it."""
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)


def up_to_repository_top(start: Path, home: Path) -> list[Path]:
    """``start`` and its parents, closest first, up to the repository's top (the first folder
    holding ``.git``, included) or up to the home folder (not included: that is the user
    level), else up to ``/``."""
    folders = []
    for folder in (start, *start.parents):
        if folder == home:
            break
        folders.append(folder)
        if (folder / ".git").exists():
            break
    return folders
