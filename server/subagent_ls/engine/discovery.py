"""Finding subagent files on disk: explicit files as given, folders walked for Markdown files
in agent folders. Symlink loops, unreadable folders and broken links are reported, never fatal."""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass

from subagent_ls.dialects import DIALECTS
from subagent_ls.dialects.model import Folder, parent_segments
from subagent_ls.engine.dialect_choice import dialect_by_folder

SKIPPED_DIRS = frozenset(
    {".git", ".hg", ".svn", "node_modules", ".venv", "venv", "__pycache__", ".tox"}
)


@dataclass(frozen=True, slots=True)
class Candidate:
    """A file to check, or a path that could not be read (``problem`` says why)."""

    path: str
    problem: str | None = None
    missing: bool = False


def under_agent_folder(folder: str) -> bool:
    """Whether ``folder`` is an agent folder of any dialect or lies somewhere below one."""
    parents = parent_segments(os.path.join(folder, "x.md"))
    return any(
        Folder(f.segments, recursive=True).holds(parents)
        for d in DIALECTS.values()
        for f in d.folders
    )


def collect(paths: list[str], *, all_markdown: bool = False) -> Iterator[Candidate]:
    """Files named in ``paths`` as they are; folders walked for agent files (or every ``.md``
    when ``all_markdown``), each real folder once."""
    seen: set[tuple[int, int]] = set()
    for path in paths:
        if os.path.isdir(path):
            yield from _walk(path, all_markdown, seen, root=True)
        elif os.path.exists(path):
            yield Candidate(path)
        elif os.path.islink(path):
            yield Candidate(path, "it is a broken symbolic link")
        else:
            yield Candidate(path, "no such file or folder", missing=True)


def _walk(
    folder: str, all_markdown: bool, seen: set[tuple[int, int]], root: bool = False
) -> Iterator[Candidate]:
    """Walk ``folder``; a folder that cannot be read is reported when it was named, holds
    agent files or ``all_markdown`` is set, and skipped otherwise."""
    try:
        info = os.stat(folder)
        key = (info.st_dev, info.st_ino)
        if key in seen:
            return
        seen.add(key)
        with os.scandir(folder) as scan:
            entries = sorted(scan, key=lambda e: e.name)
    except OSError as error:
        if root or all_markdown or under_agent_folder(folder):
            problem = f"the folder cannot be read: {error.strerror or error}"
            yield Candidate(os.path.normpath(folder), problem)
        return
    for entry in entries:
        name = entry.name
        try:
            is_dir = entry.is_dir()
        except OSError:
            is_dir = False
        if is_dir:
            if name not in SKIPPED_DIRS:
                yield from _walk(entry.path, all_markdown, seen)
            continue
        if name.startswith(".") or not name.endswith(".md"):
            continue
        if not (all_markdown or dialect_by_folder(entry.path)):
            continue
        if entry.is_symlink() and not os.path.exists(entry.path):
            yield Candidate(os.path.normpath(entry.path), "it is a broken symbolic link")
        else:
            yield Candidate(os.path.normpath(entry.path))
