"""What the agent files beside a file are written for, as a clue for one whose own clues are
weak or mixed: a collection keeps the files of one harness side by side, and some of them say
nothing of it (``name`` and ``description`` only).

The collection is the nearest folder above the file named as agents are kept (``agents/``);
where that says nothing, the repository: the nearest folder above the file that holds ``.git``
(below the home folder, which holds the user's files, not a project), else the deepest project
root that holds it (the folders the caller walks). A file in neither has only the files beside
it, in its own folder (not the folders below it): no folder is walked for it.

Every agent file there (as ``check``'s walk of the repository finds it, ``analysis.agent_files``:
a file in ``agents/`` with ``name`` and ``description`` alone is one; at most ``MAX_FILES``, each
read from its first 8 KiB) is heard (``vote_of``): it votes for the harness whose dialect its
place names (its folder, a plugin, its name), else for the one its own marks lean to (its keys,
tools, model and colour, decisive or not; the files above it are the same for every file there
and do not vote). A file that bears no mark, or mixed ones, says nothing of its harness and does
not vote. A harness that at least ``MIN_FILES`` files and ``SHARE`` of the votes are for is the
clue: no one file added or changed turns such a majority into another harness's. The answer is
kept per folder until ``forget`` is told that a file there changed."""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterable
from pathlib import Path
from typing import NamedTuple

from subagent_ls.analysis.agent_files import AGENT_FOLDER_NAMES, HEAD_BYTES, keys_of_file, kind_of
from subagent_ls.analysis.dialect_choice import dialect_by_place
from subagent_ls.analysis.evidence import VALUE_WEIGHT, Clue, leaning, marks_of
from subagent_ls.core.document import AgentDocument
from subagent_ls.core.paths import git_top, within
from subagent_ls.core.settings import Settings
from subagent_ls.core.source import read_head
from subagent_ls.harnesses.registry import DIALECTS, HARNESS_OF
from subagent_ls.workspace.ignore import ignore_for
from subagent_ls.workspace.walk import walk

MAX_FILES = 400
MIN_FILES = 3
SHARE = (2, 3)
"""The share of the votes, as a numerator and a denominator."""
KEPT_FOLDERS = 64
"""The folders whose answers are kept (the one asked least recently is dropped first)."""


class Majority(NamedTuple):
    harness: str
    votes: int
    judged: int
    """The agent files that voted."""


Folder = tuple[str, bool, str]
"""A folder whose agent files vote, whether the folders below it count too, and the folder
their place is told from (the repository: a file in ``agents/`` below it is an agent file
with ``name`` and ``description`` alone, as ``check`` of the repository finds it)."""
_kept: dict[Folder, Majority | None] = {}
"""The answer of each folder asked, the one asked last at the end."""


def repository_of(path: str, roots: Iterable[str]) -> str | None:
    """The folder whose agent files the file's collection is: the nearest above it holding
    ``.git`` and below the home folder, else the deepest root holding it (None: neither)."""
    folder = os.path.dirname(os.path.abspath(path))
    top = git_top(Path(folder), Path(os.path.expanduser("~")))
    if top is not None:
        return str(top)
    holding = [top for top in map(os.path.abspath, roots) if within(folder, top)]
    return max(holding, key=len) if holding else None


def vote_of(path: str, root: str) -> str | None:
    """The harness the agent file at ``path`` votes for (``root``: the project it is in): the
    one whose dialect its place names, else the one its own marks lean to (None: it bears no
    mark, or mixed ones)."""
    placed = dialect_by_place(path, Settings(), (root,))
    if placed is not None:
        return HARNESS_OF[placed.dialect.id]
    head = read_head(path, HEAD_BYTES)
    if head is None:
        return None
    leans = leaning(marks_of(AgentDocument(path, head.decode("utf-8", "replace"))))
    return HARNESS_OF[leans] if leans is not None else None


def agent_files_in(top: str, below: bool, root: str) -> list[str]:
    """The agent files of ``top`` (and of the folders below it, when ``below``), at most
    ``MAX_FILES``, as a walk of ``root`` finds them."""
    settings = Settings()
    ignore = ignore_for(top, settings)

    def enter(entry: os.DirEntry[str]) -> bool:
        return below and ignore.reason(entry.path, True) is None

    def wanted(entry: os.DirEntry[str]) -> bool:
        if not entry.name.endswith(".md") or entry.name.startswith("."):
            return False
        return kind_of(entry.path, lambda: keys_of_file(entry.path), settings, (root,)).agent

    files: list[str] = []
    for found in walk(top, set(), enter, wanted):
        if found.problem is None and not found.folder:
            files.append(found.path)
            if len(files) >= MAX_FILES:
                break
    return files


def majority(votes: Iterable[str | None]) -> Majority | None:
    """The harness that at least ``MIN_FILES`` and ``SHARE`` of ``votes`` are for (None: a
    file that does not vote)."""
    counted = Counter(vote for vote in votes if vote is not None)
    if not counted:
        return None
    (harness, count), judged = counted.most_common(1)[0], counted.total()
    share, of = SHARE
    return (
        Majority(harness, count, judged) if count >= max(MIN_FILES, share * judged / of) else None
    )


def _majority(folder: Folder) -> Majority | None:
    """The majority of the folder's agent files, kept until ``forget`` drops it."""
    if folder in _kept:
        _kept[folder] = _kept.pop(folder)
        return _kept[folder]
    top, below, root = folder
    found = majority(vote_of(path, root) for path in agent_files_in(top, below, root))
    _kept[folder] = found
    while len(_kept) > KEPT_FOLDERS:
        del _kept[next(iter(_kept))]
    return found


def reaches(folder: str, paths: Iterable[str]) -> bool:
    """Whether one of ``paths`` lies in ``folder`` or holds it (a folder moved or removed)."""
    return any(within(path, folder) or within(folder, path) for path in map(os.path.abspath, paths))


def forget(paths: Iterable[str]) -> None:
    """Files changed on disk at ``paths``: the answers of the folders they reach are dropped."""
    changed = list(paths)
    for folder in [folder for folder in _kept if reaches(folder[0], changed)]:
        del _kept[folder]


def collection_of(path: str, repository: str) -> str | None:
    """The nearest folder above the file, below ``repository``, named as agents are kept
    (``agents/``): the collection the file is part of (None: it is in none)."""
    folder = os.path.dirname(os.path.abspath(path))
    while folder.startswith(repository + os.sep):
        if os.path.basename(folder) in AGENT_FOLDER_NAMES:
            return folder
        folder = os.path.dirname(folder)
    return None


def read_beside(path: str, roots: Iterable[str] = ()) -> str:
    """The folder whose agent files the file's clue reads: its repository, else its own."""
    return repository_of(path, roots) or os.path.dirname(os.path.abspath(path))


def collection_clue(path: str, roots: Iterable[str] = ()) -> Clue | None:
    """The clue of the file's collection (its nearest ``agents/`` folder), else of its
    repository, else, in no repository and below no root of ``roots``, of the files beside it
    (None: no harness most of their agent files are written for)."""
    repository = repository_of(path, roots)
    tops: tuple[tuple[str | None, str, bool], ...]
    if repository is None:  # its folder's own name tells the place of the files there
        folder = os.path.dirname(os.path.abspath(path))
        repository, tops = os.path.dirname(folder), ((folder, "beside it", False),)
    else:
        collection = collection_of(path, repository)
        tops = ((collection, "beside it", True), (repository, "in its repository", True))
    for top, where, below in tops:
        found = _majority((top, below, repository)) if top else None
        if found is not None:
            written_for = DIALECTS[found.harness].harness
            says = f"{found.votes} of the {found.judged} agent files {where} are written for "
            return Clue(found.harness, VALUE_WEIGHT, says + written_for)
    return None
