"""Which paths a walk of the project leaves out, and why: the ``exclude`` and ``extend-exclude``
settings (gitignore patterns relative to the project folder), then, unless turned off, what git
ignores: the ``.gitignore`` files from the repository's top folder down to the path (the
deepest first), the repository's ``info/exclude``, then the file git's ``core.excludesFile``
names (by default ``~/.config/git/ignore``). Only walks ask: a file named on the command line
is checked all the same."""

from __future__ import annotations

import os
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

from subagent_ls.core.paths import git_top, within
from subagent_ls.core.settings import Settings
from subagent_ls.workspace.git_config import excludes_file, git_folder
from subagent_ls.workspace.gitignore import IgnoreFile, from_lines, read_patterns

DEFAULT_EXCLUDE = (
    ".git", ".hg", ".svn", "node_modules", ".venv", "venv", "__pycache__", ".tox",
)  # fmt: skip
"""Folders no walk enters unless the ``exclude`` setting says otherwise."""


def _ignore_file(path: str, folder: str) -> IgnoreFile | None:
    """The ignore file at ``path``, its patterns relative to ``folder`` (None: absent or
    empty); read again when it changes."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    stamp = (info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns)
    return _read(path, folder, stamp)


@lru_cache(maxsize=4096)
def _read(path: str, folder: str, stamp: tuple[int, int, int, int]) -> IgnoreFile | None:
    """The patterns of the file as it was at ``stamp`` (inode, size, modification and change
    times: a rewrite at the same size with its modification time set back is seen)."""
    patterns = read_patterns(path)
    return IgnoreFile(folder, patterns, path) if patterns else None


class Ignore:
    """The walk's decisions for one project folder (``top``)."""

    def __init__(self, top: str, exclude: Sequence[str], respect_gitignore: bool = True) -> None:
        self.top = os.path.abspath(top)
        self.exclude = from_lines(self.top, exclude, "the exclude settings")
        repository = git_top(Path(self.top)) if respect_gitignore else None
        self.repository = str(repository) if repository is not None else None
        self.respect_gitignore = respect_gitignore
        self._in_folder: dict[str, list[IgnoreFile]] = {}
        self._repository_files: list[str] | None = None

    def _repository_ignore_files(self) -> list[str]:
        """The repository's ``info/exclude`` and the ``core.excludesFile``, read once."""
        if self._repository_files is None:
            folder = git_folder(self.repository) if self.repository else None
            info = [os.path.join(folder, "info", "exclude")] if folder else []
            self._repository_files = [*info, excludes_file(self.repository)]
        return self._repository_files

    def _git_files(self, folder: str) -> list[IgnoreFile]:
        """The ignore files that apply in ``folder``, the deepest first (found once per
        folder)."""
        if (known := self._in_folder.get(folder)) is not None:
            return known
        top = self.repository or self.top
        found: list[IgnoreFile] = []
        current = folder
        while True:
            if (ignore := _ignore_file(os.path.join(current, ".gitignore"), current)) is not None:
                found.append(ignore)
            if current == top or os.path.dirname(current) == current:
                break
            current = os.path.dirname(current)
        if self.repository is not None:
            for path in self._repository_ignore_files():
                if (ignore := _ignore_file(path, self.repository)) is not None:
                    found.append(ignore)
        self._in_folder[folder] = found
        return found

    def reason(self, path: str, is_folder: bool) -> str | None:
        """Why a walk leaves ``path`` out (None: it does not)."""
        path = os.path.abspath(path)
        excluded = self.exclude.decides(path, is_folder)
        if excluded is not None and not excluded.negated:
            return f"excluded by the setting `{excluded.text}`"
        if not self.respect_gitignore:
            return None
        for ignore in self._git_files(os.path.dirname(path)):
            pattern = ignore.decides(path, is_folder)
            if pattern is not None:
                if pattern.negated:
                    return None
                return f"ignored by git (`{pattern.text}` in {os.path.relpath(ignore.source)})"
        return None


def ignore_for(folder: str, settings: Settings) -> Ignore:
    """What a walk of ``folder`` leaves out: the patterns are relative to the current folder
    (or to ``folder`` when it lies outside it)."""
    here, where = os.getcwd(), os.path.abspath(folder)
    top = here if within(where, here) else where
    exclude = settings.exclude if settings.exclude is not None else DEFAULT_EXCLUDE
    return Ignore(top, (*exclude, *settings.extend_exclude), settings.respect_gitignore)
