"""Finding subagent files on disk: explicit files as given, folders walked (by the shared walker)
for Markdown files in agent folders, and outside them for files that show they are agents (a
``.agent.md`` name, or a frontmatter with ``name`` and ``description`` in an ``agents/`` folder
or with a field only agents have). Folders not walked, broken links and files that are not
regular files are reported, never fatal."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from typing import NamedTuple

from subagent_ls.analysis.dialect_choice import dialect_by_folder
from subagent_ls.core.patterns import LazyPattern
from subagent_ls.harnesses.model import Folder, parent_segments
from subagent_ls.harnesses.registry import DIALECTS
from subagent_ls.workspace.walk import BROKEN_LINK, Seen, walk

SKIPPED_DIRS = frozenset(
    {".git", ".hg", ".svn", "node_modules", ".venv", "venv", "__pycache__", ".tox"}
)

AGENT_FOLDER_NAMES = frozenset({"agents", "agent", "subagents"})
"""Folders that repositories keep agents in outside a harness's own folders: collections
(``agents/``, ``agents/core/``), plugins (``plugins/x/agents/``), copies of OpenCode's
``agent/``."""
AGENT_KEYS = frozenset({"tools", "mode", "color"})
"""Frontmatter keys that mark an agent anywhere: skills and commands say ``allowed-tools``, and
prompt files, which also say ``tools`` and ``mode``, end in ``.prompt.md``."""
NOT_AGENT_NAMES = frozenset(
    {
        "readme.md", "changelog.md", "contributing.md", "license.md", "code_of_conduct.md",
        "security.md", "agents.md", "claude.md", "gemini.md", "skill.md",
    }
)  # fmt: skip
"""Files of other formats and a repository's own documents (``AGENTS.md`` and ``CLAUDE.md`` are
instructions, ``SKILL.md`` a skill), never taken for agents outside the agent folders."""
OTHER_FORMATS = (".prompt.md", ".instructions.md", ".chatmode.md")
"""GitHub Copilot's prompt, instruction and chat mode files: frontmatter like an agent's."""
HEAD_BYTES = 8192
_TOP_LEVEL_KEY = LazyPattern(r"([A-Za-z_][\w-]*)[ \t]*:(?:[ \t]|$)")


class Candidate(NamedTuple):
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


def frontmatter_keys(path: str) -> frozenset[str]:
    """The top-level keys of the frontmatter a file opens with, read from its first
    ``HEAD_BYTES`` as text lines (a frontmatter that is not valid YAML still shows its keys)."""
    try:
        with open(path, "rb") as file:
            head = file.read(HEAD_BYTES)
    except OSError:
        return frozenset()
    lines = head.decode("utf-8", "replace").removeprefix("\ufeff").splitlines()
    if not lines or lines[0].rstrip() != "---":
        return frozenset()
    keys: set[str] = set()
    for line in lines[1:]:
        if line.startswith(("---", "...")):
            break
        if match := _TOP_LEVEL_KEY.match(line):
            keys.add(match.group(1))
    return frozenset(keys)


def shows_agent(path: str) -> bool:
    """Whether a file outside the agent folders shows it is an agent: a name ending in
    ``.agent.md``, or a frontmatter with ``name`` and ``description`` that lies in a folder
    named as ``AGENT_FOLDER_NAMES`` or has one of ``AGENT_KEYS``."""
    name = os.path.basename(path).lower()
    if name.endswith(".agent.md"):
        return True
    if name in NOT_AGENT_NAMES or name.endswith(OTHER_FORMATS):
        return False
    keys = frontmatter_keys(path)
    if "name" not in keys or "description" not in keys:
        return False
    return bool(keys & AGENT_KEYS) or not AGENT_FOLDER_NAMES.isdisjoint(parent_segments(path))


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
        if listed is not None and listed(entry.path):
            return True
        return _regular(entry) and shows_agent(entry.path)

    for found in walk(folder, seen, lambda entry: entry.name not in SKIPPED_DIRS, wanted):
        if found.folder and not (found.named or all_markdown or under_agent_folder(found.path)):
            continue
        yield Candidate(os.path.normpath(found.path), found.problem)


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
    return (
        f"looked for .md files in {', '.join(folders)}, for *.agent.md files, and for .md "
        f"files whose frontmatter has `name` and `description` and that lie in a folder "
        f"named {named} or have one of {keys}"
    )
