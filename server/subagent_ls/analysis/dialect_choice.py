"""Choosing the dialect a file is read in: the command line, then a glob setting, then the
source of the chosen harness that lists the file (where it reads the file otherwise than its
folder says), then the folder the file is in, then a harness's plugin that lists it, then a
folder of a dialect above the file's own that is not read recursively, then the
``.agent.md`` suffix, then the evidence of the file and its surroundings (``evidence``), then the
base format. The reason is kept for the user."""

from __future__ import annotations

import os
from collections.abc import Iterable
from fnmatch import fnmatch
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from subagent_ls.analysis.evidence import DECISIVE, KEY_WEIGHT, Clue, Collection, judge, leaning
from subagent_ls.core.document import AgentDocument
from subagent_ls.core.settings import Settings
from subagent_ls.harnesses.environment import process_environment
from subagent_ls.harnesses.model import Dialect, parent_segments, posix
from subagent_ls.harnesses.profile import distinct
from subagent_ls.harnesses.registry import (
    BASE,
    DIALECTS,
    HARNESS_OF,
    OWN_DIALECTS,
    PROFILES,
    SOURCE_VARIABLES,
)
from subagent_ls.harnesses.sources import Source


class DialectChoice(NamedTuple):
    dialect: Dialect
    reason: str


def dialect_by_setting(path: str, settings: Settings) -> DialectChoice | None:
    where = posix(path)
    for pattern, dialect_id in settings.dialects.items():
        if dialect_id in DIALECTS and (fnmatch(where, pattern) or fnmatch(where, f"*/{pattern}")):
            return DialectChoice(DIALECTS[dialect_id], f"the setting `{pattern}`")
    return None


def dialect_by_folder(path: str) -> DialectChoice | None:
    parents = parent_segments(path)
    for dialect in DIALECTS.values():
        for folder in dialect.folders:
            if folder.holds(parents):
                return DialectChoice(dialect, f"the folder `{'/'.join(folder.segments)}/`")
    return None


def dialect_below_folder(path: str) -> DialectChoice | None:
    """The dialect of a folder that is not read recursively and lies above the file's own
    folder (``.gemini/agents/sub/x.md``): the harness the file is written for, which does not
    read it there."""
    parents = parent_segments(path)
    for dialect in DIALECTS.values():
        for folder in dialect.folders:
            size = len(folder.segments)
            if not folder.recursive and any(
                parents[start : start + size] == folder.segments
                for start in range(len(parents) - size)
            ):
                return DialectChoice(dialect, f"below the folder `{'/'.join(folder.segments)}/`")
    return None


def written_for_folder(path: str) -> DialectChoice | None:
    """The dialect whose folder holds the file, or lies above it (see the two above)."""
    return dialect_by_folder(path) or dialect_below_folder(path)


@lru_cache(maxsize=256)
def _sources(
    harness: str, roots: tuple[str, ...], extra_dirs: tuple[str, ...], process: tuple[object, ...]
) -> tuple[Source, ...]:
    """The harness's sources, most specific first (``process`` stands for the HOME and the
    environment variables they depend on)."""
    profile = PROFILES.get(harness)
    if profile is None:
        return ()
    env = process_environment(Settings(extra_dirs=extra_dirs), roots=roots)
    return tuple(reversed(distinct(profile.sources(env), profile.same_folder)))


def process_key() -> tuple[object, ...]:
    """What the sources depend on in this process: HOME and the variables they read."""
    return (os.path.expanduser("~"), *(os.environ.get(name) for name in SOURCE_VARIABLES))


def folder_sources(
    harness: str,
    settings: Settings,
    roots: Iterable[str | Path] | None = None,
    process: tuple[object, ...] | None = None,
) -> tuple[Source, ...]:
    """The folders ``harness`` reads (its sources but plugins and built-ins), most specific
    first; ``roots`` and ``process`` as for ``folder_source_holding``."""
    folders = tuple(str(root) for root in roots) if roots else (os.getcwd(),)
    found = _sources(harness, folders, tuple(settings.extra_dirs), process or process_key())
    return tuple(s for s in found if s.path is not None and s.level != "plugin")


def folder_source_holding(
    harness: str,
    path: str,
    settings: Settings,
    roots: Iterable[str | Path] | None = None,
    process: tuple[object, ...] | None = None,
) -> Source | None:
    """The most specific folder source of ``harness`` that lists the file at ``path``, as the
    catalog reads it. ``roots`` are the project folders (default: the current folder);
    ``process`` is ``process_key()``, when the caller has it."""
    folders = tuple(str(root) for root in roots) if roots else (os.getcwd(),)
    where = os.path.abspath(path)
    key = process or process_key()
    for source in _sources(harness, folders, tuple(settings.extra_dirs), key):
        if source.holds(where):
            return source
    return None


def source_holding(
    harness: str,
    path: str,
    settings: Settings,
    roots: Iterable[str | Path] | None = None,
    process: tuple[object, ...] | None = None,
) -> Source | None:
    """The most specific source of ``harness`` that lists the file at ``path``: a folder
    source, else the plugin that holds the file."""
    source = folder_source_holding(harness, path, settings, roots, process)
    if source is not None:
        return source
    profile = PROFILES.get(harness)
    where = os.path.abspath(path)
    return profile.plugin_source(where) if profile and profile.plugin_source else None


def dialect_by_plugin(path: str) -> DialectChoice | None:
    """The dialect of a plugin that lists the file, in the first harness (in the order
    profiles are listed) one of whose plugins does."""
    where = os.path.abspath(path)
    for profile in PROFILES.values():
        source = profile.plugin_source(where) if profile.plugin_source else None
        if source is not None:
            return DialectChoice(DIALECTS[source.dialect], f"the {profile.harness} {source.label}")
    return None


def dialect_by_harness(
    path: str, settings: Settings, roots: Iterable[str | Path] | None = None
) -> DialectChoice | None:
    """The dialect of the chosen harness's source that lists the file, as the catalog reads
    it (``~/.agents/agents`` is read as zut when the harness is zut)."""
    source = source_holding(settings.harness, path, settings, roots)
    if source is None:
        return None
    label = source.label if "`" in source.label else f"source `{source.label}`"
    reason = f"the {settings.harness} {label}"
    return DialectChoice(DIALECTS[source.dialect], reason)


def dialect_by_place(
    path: str, settings: Settings, roots: Iterable[str | Path] | None = None
) -> DialectChoice | None:
    """The dialect the file's place names, whatever it holds: a setting, the chosen harness's
    source, its folder, a plugin, a folder above it, its name (None: the place says nothing)."""
    by_path = dialect_by_setting(path, settings)
    if by_path is not None:
        return by_path
    by_folder = dialect_by_folder(path)
    by_harness = dialect_by_harness(path, settings, roots)
    if by_harness is not None and (by_folder is None or by_folder.dialect != by_harness.dialect):
        return by_harness
    if by_folder is not None:
        return by_folder
    by_plugin = dialect_by_plugin(path)
    if by_plugin is not None:
        return by_plugin
    below = dialect_below_folder(path)
    if below is not None:
        return below
    return dialect_by_name(path)


def dialect_by_name(path: str) -> DialectChoice | None:
    """The dialect whose ``name_suffix`` ends the file's name (``.agent.md``), if any."""
    where = posix(path)
    for dialect in DIALECTS.values():
        if dialect.name_suffix is not None and where.endswith(dialect.name_suffix):
            return DialectChoice(dialect, f"the file name ends in `{dialect.name_suffix}`")
    return None


def choose_dialect(
    doc: AgentDocument,
    settings: Settings,
    forced: Dialect | None = None,
    roots: Iterable[str | Path] | None = None,
    collection: Collection | None = None,
) -> DialectChoice:
    if forced is not None:
        return DialectChoice(forced, "chosen on the command line")
    placed = dialect_by_place(doc.path, settings, roots)
    if placed is not None:
        return _in_shared_folder(doc, placed, settings, roots) or placed
    judged = judge(doc, collection)
    if judged is not None:
        return DialectChoice(judged.dialect, judged.reason)
    return DialectChoice(
        BASE, "no setting, folder or field names a dialect, so the base format applies"
    )


def _in_shared_folder(
    doc: AgentDocument,
    placed: DialectChoice,
    settings: Settings,
    roots: Iterable[str | Path] | None,
) -> DialectChoice | None:
    """Where the folder of several dialects holds the file and each of their harnesses reads
    it there (``~/.agents/agents`` is the base format's and zut's), the one of them whose own
    keys the file writes: the keys only one of them defines decide, weighed as ``evidence``
    weighs keys (None: the folder's first dialect stands)."""
    if placed != dialect_by_folder(doc.path):
        return None
    parents = parent_segments(doc.path)
    sharing = [
        dialect
        for dialect in OWN_DIALECTS.values()
        if any(folder.holds(parents) for folder in dialect.folders)
        and folder_source_holding(HARNESS_OF[dialect.id], doc.path, settings, roots)
    ]
    if len(sharing) < 2:
        return None
    fields = doc.fields or (doc.repaired.view.fields if doc.repaired else {})
    clues = [
        Clue(dialect.id, KEY_WEIGHT, f"`{key}`")
        for key in fields
        for dialect in sharing
        if key in dialect.fields and all(key not in d.fields for d in sharing if d is not dialect)
    ]
    winner = leaning(clues)
    own = [clue.says for clue in clues if clue.dialect == winner]
    if winner is None or winner == placed.dialect.id or len(own) * KEY_WEIGHT < DECISIVE:
        return None
    dialect = DIALECTS[winner]
    others = " and ".join(d.harness for d in sharing)
    return DialectChoice(
        dialect,
        f"{placed.reason}, which {others} share: the fields {', '.join(own)}, which only "
        f"{dialect.harness} of them defines",
    )
