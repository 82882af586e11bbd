"""Finding subagent files on disk: explicit files as given, folders walked (by the shared walker)
for Markdown files in agent folders. Folders not walked, broken links and files that are not
regular files are reported, never fatal."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from subagent_ls.dialects import DIALECTS
from subagent_ls.dialects.model import Folder, parent_segments
from subagent_ls.engine.dialect_choice import dialect_by_folder
from subagent_ls.engine.walk import BROKEN_LINK, Seen, walk

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


def collect(
    paths: list[str], *, all_markdown: bool = False, listed: Callable[[str], bool] | None = None
) -> Iterator[Candidate]:
    """Files named in ``paths`` as they are; folders walked for agent files (or every ``.md``
    when ``all_markdown``; ``listed`` says which other files the chosen harness reads), each
    real folder once."""
    seen: Seen = set()
    for path in paths:
        if os.path.isdir(path):
            yield from _walk(path, all_markdown, seen, listed)
        elif os.path.exists(path):
            yield Candidate(path)
        elif os.path.islink(path):
            yield Candidate(path, BROKEN_LINK)
        else:
            yield Candidate(path, "no such file or folder", missing=True)


def _walk(
    folder: str, all_markdown: bool, seen: Seen, listed: Callable[[str], bool] | None
) -> Iterator[Candidate]:
    """Walk ``folder``; a folder that is not walked (unreadable, on another file system, too
    deep) is reported when it was named, holds agent files or ``all_markdown`` is set, and
    skipped otherwise."""

    def wanted(entry: os.DirEntry[str]) -> bool:
        name = entry.name
        if not name.endswith(".md"):
            return False
        if name.startswith("."):  # only where the harness reads such files (Gemini CLI)
            return listed is not None and listed(entry.path)
        if all_markdown or dialect_by_folder(entry.path) is not None:
            return True
        return listed is not None and listed(entry.path)

    for found in walk(folder, seen, lambda entry: entry.name not in SKIPPED_DIRS, wanted):
        if found.folder and not (found.named or all_markdown or under_agent_folder(found.path)):
            continue
        yield Candidate(os.path.normpath(found.path), found.problem)
