"""Catalog data: sources in precedence order, entries (one per definition), and the shapes of
the ``subagents/catalog`` result."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal, NamedTuple

Level = Literal["builtin", "plugin", "user", "project", "custom"]


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


@dataclass(slots=True)
class Entry:
    """One definition. ``name`` is what the harness calls it; ``loads`` is False when the
    harness would not load the file at all (it then takes no part in precedence)."""

    name: str
    source: Source
    path: Path | None
    dialect: str
    description: str = ""
    loads: bool = True
    disabled: bool = False
    errors: int = 0
    warnings: int = 0
    anchor: object = None
    """What the front end needs to place findings on this entry (a report, a document)."""
    outcome: str = "loads"
    """The harness verdict's outcome for the file (``breaks-configuration``: the harness
    refuses its whole configuration because of it)."""
    merged: tuple[tuple[str, object], ...] = ()
    """The keys of the file the harness merges with the other definitions of its name."""
    own: tuple[str, bool] | None = None
    """The description and disabled state the entry had before a merging profile settled
    what it shows (kept so that settling again starts from them)."""
    effective: bool = False
    shadowed_by: Entry | None = None
    shadows: list[Entry] = field(default_factory=list)
    duplicates: list[Entry] = field(default_factory=list)

    @property
    def uri(self) -> str | None:
        return self.path.absolute().as_uri() if self.path else None

    def signature(self) -> tuple:
        """What a client shows of this entry, cheap to compare."""
        winner = self.shadowed_by
        return (
            self.name, self.source.id, self.path, self.effective, self.disabled, self.loads,
            self.description, self.errors, self.warnings, winner.path if winner else None,
            self.outcome,
        )  # fmt: skip

    def reference(self) -> dict[str, object]:
        return {"source": self.source.id, "uri": self.uri}

    def as_json(self) -> dict[str, object]:
        return {
            "name": self.name,
            "source": self.source.id,
            "uri": self.uri,
            "effective": self.effective,
            "shadowedBy": self.shadowed_by.reference() if self.shadowed_by else None,
            "shadows": [entry.reference() for entry in self.shadows],
            "disabled": self.disabled,
            "loads": self.loads,
            "outcome": self.outcome,
            "dialect": self.dialect,
            "description": self.description,
            "errors": self.errors,
            "warnings": self.warnings,
        }


@dataclass(slots=True)
class Catalog:
    harness: str
    sources: list[Source]
    entries: list[Entry]

    def as_json(self) -> dict[str, object]:
        return {
            "harness": self.harness,
            "sources": [source.as_json() for source in self.sources],
            "entries": [entry.as_json() for entry in self.entries],
        }

    def named(self, name: str) -> list[Entry]:
        return [entry for entry in self.entries if entry.name == name]
