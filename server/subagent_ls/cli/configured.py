"""The settings each checked file runs with, as ruff finds them: ``--config``, else the nearest
``.subagent-ls.toml`` (or ``pyproject.toml`` with a ``[tool.subagent-ls]`` table) from the
file's folder upward, else (a file outside every folder with settings: a user-level folder)
the current folder's, with the command line's options over it. A settings file that cannot be
read, or that holds an unknown key or an invalid value, is a usage error. With
``--isolated`` the search stops at the project's top (the folder holding ``.git``) and a file
below no settings file runs with the defaults, so that no settings file of the user's above
the project counts."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from subagent_ls.cli.usage import UsageError
from subagent_ls.core.paths import up_to_repository_top
from subagent_ls.core.settings import Settings
from subagent_ls.workspace.config import config_in, find_config, load_config


def read_settings(path: Path | None) -> Settings:
    """The settings of the file at ``path`` (None: the defaults); a message about it is a
    usage error."""
    if path is None:
        return Settings()
    settings, messages = load_config(path)
    if messages:
        raise UsageError(" ".join(messages))
    return settings


def nearest_config(start: Path, isolated: bool = False) -> Path | None:
    """The settings file that governs files of the folder ``start``."""
    if not isolated:
        return find_config(start)
    for folder in up_to_repository_top(start):
        found = config_in(folder)
        if found is not None:
            return found
    return None


class SettingsLookup:
    """The settings of each file (and folder) checked, each settings file read once."""

    def __init__(
        self,
        config: str | None,
        given: Callable[[Settings], Settings],
        isolated: bool = False,
    ) -> None:
        if config and not Path(config).is_file():
            raise UsageError(f"{config}: no such settings file")
        self._config = Path(config) if config else None
        self._given = given
        self._isolated = isolated
        self._folders: dict[str, Path | None] = {}
        self._files: dict[Path | None, Settings] = {}

    def of_folder(self, folder: str) -> Settings:
        """The settings of the files in ``folder``."""
        where = os.path.abspath(folder)
        if self._config is not None:
            path: Path | None = self._config
        elif where in self._folders:
            path = self._folders[where]
        else:
            path = nearest_config(Path(where), self._isolated)
            here = os.path.abspath(".")
            if path is None and where != here and not self._isolated:
                path = self._folders.get(here) or nearest_config(Path(here))
            self._folders[where] = path
        if path not in self._files:
            self._files[path] = self._given(read_settings(path))
        return self._files[path]

    def of_file(self, path: str) -> Settings:
        return self.of_folder(os.path.dirname(os.path.abspath(path)))

    def of_path(self, path: str) -> Settings:
        """The settings of a path given on the command line (a folder or a file)."""
        return self.of_folder(path) if os.path.isdir(path) else self.of_file(path)
