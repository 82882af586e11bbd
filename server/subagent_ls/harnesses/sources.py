"""A source: one place a harness reads definitions from (a folder, or its built-ins), with its
level and rank in the harness's precedence and the dialect it reads files in; whether a source
lists a file; and the helpers the harnesses' profiles build their sources with."""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Literal, NamedTuple

from subagent_ls.harnesses.environment import Environment

Level = Literal["builtin", "plugin", "user", "project", "custom"]


class Listing(NamedTuple):
    """What a plugin (an extension) gives its harness to read, where that is not one folder:
    folders (each with whether its subfolders are read too) and single files, all absolute;
    whether ``.MD`` in any case counts as ``.md``, folder names never entered, whether linked
    files and folders met in a folder are read, and the files the plugin names that its
    harness refuses to read, each with the reason (absolute)."""

    folders: tuple[tuple[str, bool], ...] = ()
    files: tuple[str, ...] = ()
    any_case: bool = False
    skipped: frozenset[str] = frozenset()
    links: bool = True
    refused: tuple[tuple[str, str], ...] = ()

    def holds(self, path: str, hidden: bool) -> bool:
        """Whether the file at the absolute, normalised ``path`` is listed (string tests)."""
        if path in self.files:
            return True
        name = path.rpartition(os.sep)[2]
        suffix = name[-3:].lower() if self.any_case else name[-3:]
        if suffix != ".md" or (not hidden and name.startswith(".")):
            return False
        for folder, recursive in self.folders:
            if not path.startswith(folder.rstrip(os.sep) + os.sep):
                continue
            below = path[len(folder.rstrip(os.sep)) + 1 :].split(os.sep)[:-1]
            if below and not recursive:
                continue
            if any(part in self.skipped or (not hidden and part.startswith(".")) for part in below):
                continue
            return True
        return False


class Source(NamedTuple):
    """One place definitions come from. ``rank`` orders sources from least to most specific;
    ``path`` is None for built-ins; ``recursive`` folders own their subfolders too; ``hidden``
    sources also read files (and, when recursive, folders) whose names start with ``.``.
    A plugin's source has a ``listing`` (what it reads instead of ``path``, then the plugin's
    folder). ``aliases``: the other paths of the folder at ``path``, where ``path`` is (or lies
    below) a symbolic link or another source reaches the same folder by one: the files the
    harness reads through the link are listed below ``path`` but are checked at any of them."""

    id: str
    label: str
    level: Level
    rank: int
    dialect: str
    path: Path | None = None
    recursive: bool = False
    hidden: bool = False
    listing: Listing | None = None
    aliases: tuple[str, ...] = ()

    def as_json(self) -> dict[str, object]:
        return {
            "id": self.id,
            "label": self.label,
            "path": str(self.path) if self.path else None,
            "level": self.level,
        }

    def holds(self, path: str) -> bool:
        """Whether this source lists the file at the absolute ``path`` (string tests: this
        runs for every checked file and source)."""
        if self.listing is not None:
            return self.listing.holds(os.path.normpath(path), self.hidden)
        if self.path is None or not path.endswith(".md"):
            return False
        for place in (str(self.path), *self.aliases):
            folder = place.rstrip(os.sep)
            if path.startswith(folder + os.sep):
                return self._below(path[len(folder) + 1 :])
        return False

    def _below(self, relative: str) -> bool:
        """Whether the file at ``relative`` below the folder is listed."""
        *folders, name = relative.split(os.sep)
        if folders and not self.recursive:
            return False
        if not self.hidden and any(p.startswith(".") for p in folders):
            return False
        return self.hidden or not name.startswith(".")


def folder_source(
    source_id: str,
    label: str,
    level: Level,
    rank: int,
    dialect: str,
    path: Path,
    recursive: bool = False,
) -> Source:
    return Source(source_id, label, level, rank, dialect, path, recursive)


def json_list(environ: Mapping[str, str], name: str) -> list[str]:
    try:
        value = json.loads(environ.get(name, "[]"))
    except json.JSONDecodeError:
        return []
    return [str(item) for item in value] if isinstance(value, list) else []


def switched_on(environ: Mapping[str, str], name: str) -> bool:
    """An environment switch that is on unless set to `false`, `0`, `no` or `off` (any case)."""
    return environ.get(name, "").strip().lower() not in ("false", "0", "no", "off")


def extra_sources(env: Environment, rank: int, dialect: str, step: int = 1) -> list[Source]:
    """The ``extraDirs`` folders, each ``step`` more specific than the one before; with
    ``step`` 0 they are the harness's own folders (``*.md``, no subfolders), all at ``rank``."""
    return [
        folder_source(
            f"extra:{i}", f"extra {path}", "custom", rank + step * i, dialect, path, step > 0
        )
        for i, path in enumerate(env.extra_dirs)
    ]


def per_root(
    env: Environment,
    relative: str,
    source_id: str,
    level: Level,
    rank: int,
    dialect: str,
    recursive: bool = False,
) -> list[Source]:
    """One source per project root: ``relative`` below each root."""
    sources = []
    label = f"{level} {relative}"
    for index, root in enumerate(env.roots):
        source = f"{source_id}{root_suffix(env, index)}"
        sources.append(
            folder_source(source, label, level, rank, dialect, root / relative, recursive)
        )
    return sources


def project_label(root: Path, path: Path) -> str:
    """The label of a project folder source: its path relative to the project root
    (``project .claude/agents``, ``project ../.claude/agents`` for one a folder above), so that
    what is said of a file is the same in every clone of the project."""
    return f"project {Path(os.path.relpath(path, root)).as_posix()}"


def root_suffix(env: Environment, index: int) -> str:
    """What tells the sources of one project root from another's (nothing with one root)."""
    return "" if len(env.roots) == 1 else f":{index}"
