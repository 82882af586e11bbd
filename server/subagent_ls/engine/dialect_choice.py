"""Choosing the dialect a file is read in: the command line, then a glob setting, then the
folder the file is in, then the base format. The reason is kept for the user."""

from __future__ import annotations

from dataclasses import dataclass
from fnmatch import fnmatch

from subagent_ls.dialects import BASE, DIALECTS
from subagent_ls.dialects.model import Dialect, parent_segments, posix
from subagent_ls.engine.settings import Settings


@dataclass(frozen=True, slots=True)
class DialectChoice:
    dialect: Dialect
    reason: str


def choose_dialect(path: str, settings: Settings, forced: Dialect | None = None) -> DialectChoice:
    if forced is not None:
        return DialectChoice(forced, "chosen on the command line")
    for pattern, dialect_id in settings.dialects.items():
        where = posix(path)
        if dialect_id in DIALECTS and (fnmatch(where, pattern) or fnmatch(where, f"*/{pattern}")):
            return DialectChoice(DIALECTS[dialect_id], f"the setting `{pattern}`")
    parents = parent_segments(path)
    for dialect in DIALECTS.values():
        for folder in dialect.folders:
            if folder.holds(parents):
                return DialectChoice(dialect, f"the folder `{'/'.join(folder.segments)}/`")
    return DialectChoice(BASE, "no folder or setting names a dialect; the base format applies")
