"""Choosing the dialect a file is read in: the command line, then a glob setting, then the
folder the file is in, then the fields only one dialect defines, then the base format. The
reason is kept for the user."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fnmatch import fnmatch
from functools import cache

from subagent_ls.dialects import BASE, DIALECTS
from subagent_ls.dialects.model import Dialect, parent_segments, posix
from subagent_ls.engine.document import AgentDocument
from subagent_ls.engine.settings import Settings


@dataclass(frozen=True, slots=True)
class DialectChoice:
    dialect: Dialect
    reason: str


@cache
def distinctive_fields() -> dict[str, Dialect]:
    """Keys that exactly one dialect defines (and the base format does not)."""
    owners: dict[str, list[Dialect]] = {}
    for dialect in DIALECTS.values():
        for key in dialect.fields:
            owners.setdefault(key, []).append(dialect)
    return {
        key: found[0] for key, found in owners.items() if len(found) == 1 and key not in BASE.fields
    }


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


def choose_dialect(
    doc: AgentDocument, settings: Settings, forced: Dialect | None = None
) -> DialectChoice:
    if forced is not None:
        return DialectChoice(forced, "chosen on the command line")
    by_path = dialect_by_setting(doc.path, settings) or dialect_by_folder(doc.path)
    if by_path is not None:
        return by_path
    if posix(doc.path).endswith(".agent.md"):
        return DialectChoice(DIALECTS["copilot"], "the file name ends in `.agent.md`")
    return _inferred(doc)


def _inferred(doc: AgentDocument) -> DialectChoice:
    unique = distinctive_fields()
    votes = Counter(unique[key].id for key in doc.fields if key in unique)
    if not votes:
        return DialectChoice(
            BASE, "no setting, folder or field names a dialect, so the base format applies"
        )
    winner, _ = votes.most_common(1)[0]
    keys = [f"`{k}`" for k in doc.fields if k in unique and unique[k].id == winner]
    what = f"the field {keys[0]}" if len(keys) == 1 else f"the fields {', '.join(keys)}"
    return DialectChoice(DIALECTS[winner], f"{what}, which only {winner} defines")
