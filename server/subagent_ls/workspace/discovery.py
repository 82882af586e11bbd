"""Finding subagent files on disk: explicit files as given, folders walked (by the shared walker)
for the Markdown files that are agent files (``analysis.agent_files``: the rule the language
server follows too). Folders not walked, broken links and files that are not regular files are
reported, never fatal."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from typing import NamedTuple

from subagent_ls.analysis.agent_files import (
    AGENT_FOLDER_NAMES,
    AGENT_KEYS,
    NAME_SUFFIXES,
    FileKind,
    keys_of_file,
    kind_of,
    read_hidden,
)
from subagent_ls.core.paths import within
from subagent_ls.core.settings import Settings
from subagent_ls.harnesses.model import Folder, parent_segments
from subagent_ls.harnesses.registry import DIALECTS
from subagent_ls.workspace.ignore import ignore_for
from subagent_ls.workspace.walk import BROKEN_LINK, Seen, walk

HIDDEN = "its name starts with `.`, and a harness reads such files in this folder"
NOT_READ_HIDDEN = FileKind(False, "hidden file", "its name starts with `.`: no harness reads it")


class Candidate(NamedTuple):
    """A file to check, or a path that could not be read (``problem`` says why)."""

    path: str
    problem: str | None = None
    missing: bool = False


class Decision(NamedTuple):
    """What a walk made of one Markdown file, or of a path it left out: ``taken`` files are
    checked; ``kind`` and ``reason`` say what the file is and why (``check --show-files``)."""

    path: str
    taken: bool
    kind: str
    reason: str


Decisions = list[Decision]


def under_agent_folder(folder: str) -> bool:
    """Whether ``folder`` is an agent folder of any dialect or lies somewhere below one."""
    parents = parent_segments(os.path.join(folder, "x.md"))
    return any(
        Folder(f.segments, recursive=True).holds(parents)
        for d in DIALECTS.values()
        for f in d.folders
    )


def collect(
    paths: list[str],
    *,
    settings: Settings | None = None,
    all_markdown: bool = False,
    listed: Callable[[str], bool] | None = None,
    decisions: Decisions | None = None,
    force_exclude: bool = False,
    settings_of: Callable[[str], Settings] | None = None,
) -> Iterator[Candidate]:
    """Files named in ``paths`` as they are (with ``force_exclude``, only those a walk would
    take); folders walked for agent files (``kind_of``, or every ``.md`` when
    ``all_markdown``; ``listed`` says which other files the chosen harness reads), leaving out
    what ``Ignore`` says, each real folder once. ``settings_of`` gives the settings of each
    path (default: ``settings``). ``decisions`` collects what the walks made of every Markdown
    file they met and every path they left out."""
    seen: Seen = set()
    for path in paths:
        walk_settings = settings_of(path) if settings_of else settings or Settings()
        if os.path.isdir(path):
            yield from _walk(path, walk_settings, all_markdown, seen, listed, decisions)
        elif os.path.exists(path):
            left_out = None
            if force_exclude:
                left_out = why_left_out(path, walk_settings, all_markdown, listed)
            if left_out is None:
                yield Candidate(path)
            elif decisions is not None:
                decisions.append(Decision(os.path.normpath(path), False, *left_out))
        elif os.path.islink(path):
            yield Candidate(path, BROKEN_LINK)
        else:
            yield Candidate(path, "no such file or folder", missing=True)


def _walk(
    folder: str,
    settings: Settings,
    all_markdown: bool,
    seen: Seen,
    listed: Callable[[str], bool] | None,
    decisions: Decisions | None,
) -> Iterator[Candidate]:
    """Walk ``folder``; a folder that is not walked (unreadable, on another file system, too
    deep) is reported when it was named, holds agent files or ``all_markdown`` is set, and
    skipped otherwise."""
    roots = (folder,)
    ignore = ignore_for(folder, settings)

    def left_out(entry: os.DirEntry[str], is_folder: bool) -> bool:
        reason = ignore.reason(entry.path, is_folder)
        if reason is not None and decisions is not None:
            shown = os.path.normpath(entry.path) + (os.sep if is_folder else "")
            decisions.append(Decision(shown, False, "not walked", reason))
        return reason is not None

    def enter(entry: os.DirEntry[str]) -> bool:
        return not left_out(entry, True)

    def wanted(entry: os.DirEntry[str]) -> bool:
        name = entry.name
        if not name.endswith(".md") or name.startswith(".#"):  # and not an editor's lock file
            return False
        if left_out(entry, False):
            return False
        if name.startswith("."):  # only where a harness reads such files
            read = read_hidden(entry.path, settings, roots)
            kind = FileKind(True, "agent file", HIDDEN) if read else NOT_READ_HIDDEN
        elif all_markdown:
            kind = FileKind(True, "agent file", "every .md file, with --dialect")
        else:

            def keys() -> frozenset[str]:
                return keys_of_file(entry.path) if _regular(entry) else frozenset()

            kind = kind_of(entry.path, keys, settings, roots, listed)
        if decisions is not None:
            path = os.path.normpath(entry.path)
            decisions.append(Decision(path, kind.agent, kind.kind, kind.reason))
        return kind.agent

    for found in walk(folder, seen, enter, wanted):
        if found.folder and not (found.named or all_markdown or under_agent_folder(found.path)):
            continue
        yield Candidate(os.path.normpath(found.path), found.problem)


def why_left_out(
    path: str,
    settings: Settings,
    all_markdown: bool = False,
    listed: Callable[[str], bool] | None = None,
) -> tuple[str, str] | None:
    """What a walk of the current folder (or of the file's folder, outside it) would make of
    the file at ``path``, when it would leave it out: its kind and the reason (None: a walk
    takes it). What ``--force-exclude`` applies to files named on the command line."""
    where = os.path.abspath(path)
    here = os.getcwd()
    top = here if within(where, here) and where != here else os.path.dirname(where)
    ignore = ignore_for(top, settings)
    folder = os.path.dirname(where)
    chain = []
    while folder != top and within(folder, top):
        chain.append(folder)
        folder = os.path.dirname(folder)
    for above in reversed(chain):
        if (reason := ignore.reason(above, True)) is not None:
            return "not walked", f"in {os.path.relpath(above)}: {reason}"
    if (reason := ignore.reason(where, False)) is not None:
        return "not walked", reason
    name = os.path.basename(where)
    if not name.endswith(".md"):
        return "not Markdown", "a walk takes only `.md` files"
    if name.startswith("."):
        if read_hidden(where, settings, (top,)):
            return None
        return NOT_READ_HIDDEN.kind, NOT_READ_HIDDEN.reason
    if all_markdown:
        return None
    kind = kind_of(where, lambda: keys_of_file(where), settings, (top,), listed)
    return None if kind.agent else (kind.kind, kind.reason)


def _regular(entry: os.DirEntry[str]) -> bool:
    """Whether an entry is a regular file (or a link to one): only those are opened to look."""
    try:
        return entry.is_file()
    except OSError:
        return False


def looked_for() -> str:
    """What a folder walk takes, for the message of a run that found nothing."""
    folders = sorted({"/".join(f.segments) + "/" for d in DIALECTS.values() for f in d.folders})
    named = ", ".join(f"{name}/" for name in sorted(AGENT_FOLDER_NAMES))
    keys = ", ".join(f"`{key}`" for key in sorted(AGENT_KEYS))
    suffixes = "".join(f"for *{suffix} files, " for suffix in NAME_SUFFIXES)
    return (
        f"looked for .md files in {', '.join(folders)}, {suffixes}and for .md "
        f"files whose frontmatter has `name` and `description` and that lie in a folder "
        f"named {named} or have one of {keys}"
    )
