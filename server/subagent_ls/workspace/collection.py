"""What the agent files beside a file are written for, as a clue for one whose own clues are
weak or mixed: a collection keeps the files of one harness side by side, and some of them say
nothing of it (``name`` and ``description`` only).

The collection is the nearest folder above the file named as agents are kept (``agents/``);
where that says nothing, the repository: the nearest folder above the file that holds ``.git``
(below the home folder, which holds the user's files, not a project), else the deepest project
root that holds it (the folders the caller walks). A file in neither has only the files beside
it, in its own folder (not the folders below it): no folder is walked for it. Their agent files
(the rule of ``analysis.agent_files``, at most ``MAX_FILES``, each read from its first 8 KiB)
are judged on their own: by their folder, or by their own decisive clues. A harness that at
least ``MIN_FILES`` of them and two thirds of the judged ones are written for is the clue. The
answer is kept per folder for the process."""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path

from subagent_ls.analysis.agent_files import AGENT_FOLDER_NAMES, HEAD_BYTES, keys_of_file, kind_of
from subagent_ls.analysis.dialect_choice import dialect_by_folder
from subagent_ls.analysis.evidence import VALUE_WEIGHT, Clue, judge_own
from subagent_ls.core.document import AgentDocument
from subagent_ls.core.paths import up_to_repository_top, within
from subagent_ls.core.settings import Settings
from subagent_ls.core.source import read_head
from subagent_ls.harnesses.registry import DIALECTS, HARNESS_OF
from subagent_ls.workspace.ignore import ignore_for
from subagent_ls.workspace.walk import walk

MAX_FILES = 400
MIN_FILES = 3
SHARE = 2 / 3


def repository_of(path: str, roots: Iterable[str]) -> str | None:
    """The folder whose agent files the file's collection is: the nearest above it holding
    ``.git`` and below the home folder, else the deepest root holding it (None: neither)."""
    folder = os.path.dirname(os.path.abspath(path))
    above = up_to_repository_top(Path(folder), Path(os.path.expanduser("~")))
    if above and (above[-1] / ".git").exists():
        return str(above[-1])
    holding = [top for top in map(os.path.abspath, roots) if within(folder, top)]
    return max(holding, key=len) if holding else None


def _own_harness(path: str) -> str | None:
    """The harness a file is written for on its own: its folder's, or its decisive clues'."""
    by_folder = dialect_by_folder(path)
    if by_folder is not None:
        return HARNESS_OF[by_folder.dialect.id]
    head = read_head(path, HEAD_BYTES)
    if head is None:
        return None
    judged = judge_own(AgentDocument(path, head.decode("utf-8", "replace")))
    return HARNESS_OF[judged.dialect.id] if judged and judged.decisive else None


@lru_cache(maxsize=64)
def _majority(top: str, below: bool = True) -> tuple[str, int, int] | None:
    """The harness most of the agent files of ``top`` (and of the folders below it, when
    ``below``) are written for: (harness, how many, of how many judged)."""
    settings = Settings()
    ignore = ignore_for(top, settings)
    votes: Counter[str] = Counter()
    seen = 0

    def enter(entry: os.DirEntry[str]) -> bool:
        return below and ignore.reason(entry.path, True) is None

    def wanted(entry: os.DirEntry[str]) -> bool:
        if not entry.name.endswith(".md") or entry.name.startswith("."):
            return False
        return kind_of(entry.path, lambda: keys_of_file(entry.path), settings, (top,)).agent

    for found in walk(top, set(), enter, wanted):
        if found.problem is not None or found.folder:
            continue
        seen += 1
        if (harness := _own_harness(found.path)) is not None:
            votes[harness] += 1
        if seen >= MAX_FILES:
            break
    if not votes:
        return None
    (harness, count), judged = votes.most_common(1)[0], sum(votes.values())
    return (harness, count, judged) if count >= MIN_FILES and count >= SHARE * judged else None


def collection_of(path: str, repository: str) -> str | None:
    """The nearest folder above the file, below ``repository``, named as agents are kept
    (``agents/``): the collection the file is part of (None: it is in none)."""
    folder = os.path.dirname(os.path.abspath(path))
    while folder.startswith(repository + os.sep):
        if os.path.basename(folder) in AGENT_FOLDER_NAMES:
            return folder
        folder = os.path.dirname(folder)
    return None


def collection_clue(path: str, roots: Iterable[str] = ()) -> Clue | None:
    """The clue of the file's collection (its nearest ``agents/`` folder), else of its
    repository, else, in no repository and below no root of ``roots``, of the files beside it
    (None: no harness most of their agent files are written for)."""
    repository = repository_of(path, roots)
    tops: tuple[tuple[str | None, str, bool], ...]
    if repository is None:
        tops = ((os.path.dirname(os.path.abspath(path)), "beside it", False),)
    else:
        collection = collection_of(path, repository)
        tops = ((collection, "beside it", True), (repository, "in its repository", True))
    for top, where, below in tops:
        found = _majority(top, below) if top else None
        if found is not None:
            harness, count, judged = found
            written_for = DIALECTS[harness].harness
            says = f"{count} of the {judged} agent files {where} are written for {written_for}"
            return Clue(harness, VALUE_WEIGHT, says)
    return None
