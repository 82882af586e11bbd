"""Whether a path lies in a folder, told by their text (both absolute and normalised): the one
test the walks, the settings, the collections and ``--fix`` share; and the folders from one up
to its repository's top, the one walk up to it every module takes.

A repository's top folder is the nearest holding ``.git``, a folder or a file (a worktree's or
a submodule's ``.git`` is a file naming the git folder), as git finds it. Folders are walked by
their text, as given: a symlink on the way is not resolved."""

from __future__ import annotations

import os
from pathlib import Path


def within(path: str, folder: str) -> bool:
    """``path`` is ``folder`` or lies below it."""
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)


def holds_git(folder: str | Path) -> bool:
    """``folder`` is a repository's top: it holds ``.git``, a folder or a file."""
    return os.path.exists(os.path.join(folder, ".git"))


def up_to_repository_top(start: Path, home: Path | None = None) -> list[Path]:
    """``start`` and its parents, closest first, up to the repository's top (the first folder
    holding ``.git``, included), else up to ``/``; with ``home``, up to the home folder at most
    (not included: that is the user level)."""
    folders = []
    for folder in (start, *start.parents):
        if folder == home:
            break
        folders.append(folder)
        if holds_git(folder):
            break
    return folders


def git_top(folder: Path, home: Path | None = None) -> Path | None:
    """The repository's top folder at or above ``folder`` (None: not in a repository; with
    ``home``, in none below the home folder)."""
    above = up_to_repository_top(folder, home)
    return above[-1] if above and holds_git(above[-1]) else None
