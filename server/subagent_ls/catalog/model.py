"""Catalog data: sources in precedence order, entries (one per definition), and the shapes of
the ``subagents/catalog`` result."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Literal, NamedTuple

from subagent_ls.engine.records import record_eq, record_repr

Level = Literal["builtin", "plugin", "user", "project", "custom"]
UriOf = Callable[[Path], str]
"""A file's URI in the JSON shapes (the language server answers in its client's spelling)."""


def file_uri(path: Path) -> str:
    """The URI of a file as the command line writes it."""
    return path.absolute().as_uri()


class Source(NamedTuple):
    """One place definitions come from. ``rank`` orders sources from least to most specific;
    ``path`` is None for built-ins; ``recursive`` folders own their subfolders too; ``hidden``
    sources also read files (and, when recursive, folders) whose names start with ``.``."""

    id: str
    label: str
    level: Level
    rank: int
    dialect: str
    path: Path | None = None
    recursive: bool = False
    hidden: bool = False

    def as_json(self) -> dict[str, object]:
        return {
            "id": self.id,
            "label": self.label,
            "path": str(self.path) if self.path else None,
            "level": self.level,
        }


class Entry:
    """One definition. ``name`` is what the harness calls it; ``loads`` is False when the
    harness would not load the file at all (it then takes no part in precedence)."""

    __match_args__ = (
        "name", "source", "path", "dialect", "description", "loads", "disabled", "errors",
        "warnings", "anchor", "outcome", "merged", "own", "effective", "shadowed_by", "shadows",
        "duplicates",
    )  # fmt: skip
    __slots__ = __match_args__

    name: str
    source: Source
    path: Path | None
    dialect: str
    description: str
    loads: bool
    disabled: bool
    errors: int
    warnings: int
    anchor: object
    """What the front end needs to place findings on this entry (a report, a document)."""
    outcome: str
    """The harness verdict's outcome for the file (``breaks-configuration``: the harness
    refuses its whole configuration because of it)."""
    merged: tuple[tuple[str, object], ...]
    """The keys of the file the harness merges with the other definitions of its name."""
    own: tuple[str, bool] | None
    """The description and disabled state the entry had before a merging profile settled
    what it shows (kept so that settling again starts from them)."""
    effective: bool
    shadowed_by: Entry | None
    shadows: list[Entry]
    duplicates: list[Entry]

    def __init__(
        self,
        name: str,
        source: Source,
        path: Path | None,
        dialect: str,
        description: str = "",
        loads: bool = True,
        disabled: bool = False,
        errors: int = 0,
        warnings: int = 0,
        anchor: object = None,
        outcome: str = "loads",
        merged: tuple[tuple[str, object], ...] = (),
        own: tuple[str, bool] | None = None,
        effective: bool = False,
        shadowed_by: Entry | None = None,
        shadows: list[Entry] | None = None,
        duplicates: list[Entry] | None = None,
    ) -> None:
        self.name = name
        self.source = source
        self.path = path
        self.dialect = dialect
        self.description = description
        self.loads = loads
        self.disabled = disabled
        self.errors = errors
        self.warnings = warnings
        self.anchor = anchor
        self.outcome = outcome
        self.merged = merged
        self.own = own
        self.effective = effective
        self.shadowed_by = shadowed_by
        self.shadows = [] if shadows is None else shadows
        self.duplicates = [] if duplicates is None else duplicates

    __repr__ = record_repr
    __eq__ = record_eq
    __hash__ = None  # type: ignore[assignment]

    def uri(self, uri_of: UriOf = file_uri) -> str | None:
        return uri_of(self.path) if self.path else None

    def signature(self) -> tuple:
        """What a client shows of this entry, cheap to compare."""
        winner = self.shadowed_by
        return (
            self.name, self.source.id, self.path, self.effective, self.disabled, self.loads,
            self.description, self.errors, self.warnings, winner.path if winner else None,
            self.outcome,
        )  # fmt: skip

    def reference(self, uri_of: UriOf = file_uri) -> dict[str, object]:
        return {"source": self.source.id, "uri": self.uri(uri_of)}

    def as_json(self, uri_of: UriOf = file_uri) -> dict[str, object]:
        winner = self.shadowed_by
        return {
            "name": self.name,
            "source": self.source.id,
            "uri": self.uri(uri_of),
            "effective": self.effective,
            "shadowedBy": winner.reference(uri_of) if winner else None,
            "shadows": [entry.reference(uri_of) for entry in self.shadows],
            "disabled": self.disabled,
            "loads": self.loads,
            "outcome": self.outcome,
            "dialect": self.dialect,
            "description": self.description,
            "errors": self.errors,
            "warnings": self.warnings,
        }


class Catalog:
    """What the catalog shows: the harness, its sources in precedence order, and every
    entry."""

    __match_args__ = ("harness", "sources", "entries")
    __slots__ = __match_args__

    harness: str
    sources: list[Source]
    entries: list[Entry]

    def __init__(self, harness: str, sources: list[Source], entries: list[Entry]) -> None:
        self.harness = harness
        self.sources = sources
        self.entries = entries

    __repr__ = record_repr
    __eq__ = record_eq
    __hash__ = None  # type: ignore[assignment]

    def as_json(self, uri_of: UriOf = file_uri) -> dict[str, object]:
        return {
            "harness": self.harness,
            "sources": [source.as_json() for source in self.sources],
            "entries": [entry.as_json(uri_of) for entry in self.entries],
        }

    def named(self, name: str) -> list[Entry]:
        return [entry for entry in self.entries if entry.name == name]
