"""The server's live catalog: built once, then kept current file by file.

Directory listings are cached per source and refreshed only when files appear or go away (a
watched-file event, or the poll of user-level folders outside the workspace); what each file
contributes is cached and recomputed only for the file that changed (its open version, or its
time stamp on disk). Resolving precedence again is cheap and done on every change.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from subagent_ls.catalog.model import Catalog, Entry, Source
from subagent_ls.catalog.profiles import PROFILES, Environment
from subagent_ls.catalog.resolve import CrossFinding
from subagent_ls.catalog.scan import (
    FileFacts,
    Work,
    analyze_on_disk,
    build_catalog,
    facts_of,
    source_files,
)
from subagent_ls.lsp.state import ServerState

Stamp = tuple[object, ...]


@dataclass(slots=True)
class CatalogService:
    state: ServerState
    home: Path = field(default_factory=lambda: Path(os.path.expanduser("~")))
    environ: dict[str, str] = field(default_factory=lambda: dict(os.environ))
    listings: dict[str, list[Path]] = field(default_factory=dict)
    facts: dict[tuple[Path, str], tuple[Stamp, FileFacts]] = field(default_factory=dict)
    catalog: Catalog | None = None
    cross: dict[Path, list[CrossFinding]] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)

    def environment(self) -> Environment:
        settings = self.state.settings
        return Environment(
            home=self.home,
            roots=self.state.roots,
            extra_dirs=tuple(Path(d).expanduser().absolute() for d in settings.extra_dirs),
            environ=self.environ,
            disabled=frozenset(settings.disabled),
        )

    def sources(self, harness: str | None = None) -> list[Source]:
        profile = PROFILES[harness or self.state.settings.harness]
        return sorted(profile.sources(self.environment()), key=lambda s: s.rank)

    def forget_listings(self) -> None:
        self.listings.clear()

    def file_changed(self, path: Path) -> None:
        """A file on disk changed, appeared or went away."""
        for key in [k for k in self.facts if k[0] == path]:
            del self.facts[key]
        self.listings.clear()

    def build(self, harness: str | None = None) -> Catalog:
        """The catalog for ``harness`` (default: the setting), from the caches."""
        profile = PROFILES[harness or self.state.settings.harness]
        catalog, findings, problems = build_catalog(
            profile, self.environment(), self._facts, self._listing
        )
        if profile.id == self.state.settings.harness:
            self.catalog, self.problems = catalog, problems
            self.cross = {}
            for finding in findings:
                if finding.entry.path is not None:
                    self.cross.setdefault(finding.entry.path, []).append(finding)
        return catalog

    def _listing(self, source: Source, problems: list[str]) -> list[Path]:
        key = f"{source.id}:{source.path}"
        if key not in self.listings:
            self.listings[key] = source_files(source, problems)
        return self.listings[key]

    def _stamp(self, path: Path, dialect: str) -> Stamp | None:
        analysis = self.state.analyses.get(path.as_uri())
        if analysis is not None:
            return ("open", analysis.version, dialect)
        try:
            info = path.stat()
        except OSError:
            return None
        return ("disk", info.st_mtime_ns, info.st_size, dialect)

    def _facts(self, work: Work) -> list[FileFacts | None]:
        """Cached facts; what changed is read again (open documents from the editor's text,
        the rest from disk, many at once on one process per core)."""
        stamps = [self._stamp(path, dialect) for path, dialect in work]
        missing = [
            item
            for item, stamp in zip(work, stamps, strict=True)
            if stamp is not None and self.facts.get(item, (None,))[0] != stamp
        ]
        on_disk = [item for item in missing if item[0].as_uri() not in self.state.analyses]
        fresh = dict(zip(on_disk, analyze_on_disk(self.state.settings)(on_disk), strict=True))
        for (path, dialect), stamp in zip(work, stamps, strict=True):
            if (path, dialect) not in fresh and (path, dialect) not in missing:
                continue
            analysis = self.state.analyses.get(path.as_uri())
            facts = (
                facts_of(analysis.doc, dialect, self.state.settings)
                if analysis is not None
                else fresh[(path, dialect)]
            )
            self.facts[(path, dialect)] = (stamp, facts)  # type: ignore[assignment]
        return [
            self.facts[item][1] if stamp is not None else None
            for item, stamp in zip(work, stamps, strict=True)
        ]

    def entries_named(self, name: str) -> list[Entry]:
        return self.catalog.named(name) if self.catalog else []

    def entry_of(self, path: Path) -> Entry | None:
        if self.catalog is None:
            return None
        return next((e for e in self.catalog.entries if e.path == path), None)
