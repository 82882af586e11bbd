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

from pygls.uris import to_fs_path

from subagent_ls.catalog.model import Catalog, Entry, Source
from subagent_ls.catalog.profiles import PROFILES, Environment, distinct
from subagent_ls.catalog.resolve import CrossFinding
from subagent_ls.catalog.scan import (
    FileFacts,
    Work,
    analyze_on_disk,
    build_catalog,
    facts_from,
    facts_of,
    source_files,
)
from subagent_ls.lsp.state import Analysis, ServerState


def path_of_uri(uri: str) -> Path:
    return Path(to_fs_path(uri) or uri)


Stamp = tuple[object, ...]
"""("open", version) for an open document, ("disk",) for a file read from disk."""


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
    by_path: dict[Path, Entry] = field(default_factory=dict)
    baseline: dict[Path, tuple[int, int]] = field(default_factory=dict)
    """The polled files' time stamps when the catalog last took them in."""

    def environment(self) -> Environment:
        settings = self.state.settings
        return Environment(
            home=self.home,
            roots=self.state.roots,
            extra_dirs=tuple(
                Path(os.path.normpath(self.state.roots[0] / Path(d).expanduser()))
                if self.state.roots
                else Path(d)
                for d in settings.extra_dirs
            ),
            environ=self.environ,
            disabled=frozenset(settings.disabled),
        )

    def sources(self, harness: str | None = None) -> list[Source]:
        profile = PROFILES[harness or self.state.settings.harness]
        return distinct(profile.sources(self.environment()))

    def forget(self) -> None:
        """Drop every cached listing and file (after a settings change)."""
        self.listings.clear()
        self.facts.clear()

    def file_changed(self, path: Path, *, listed: bool = False) -> None:
        """A file on disk changed; ``listed`` when it appeared or went away (folders are
        listed again only then)."""
        for key in [k for k in self.facts if k[0] == path]:
            del self.facts[key]
        if listed:
            self.listings.clear()

    def build(self, harness: str | None = None) -> Catalog:
        """The catalog for ``harness`` (default: the setting), from the caches."""
        profile = PROFILES[harness or self.state.settings.harness]
        catalog, findings, problems = build_catalog(
            profile, self.environment(), self._facts, self._listing
        )
        if profile.id == self.state.settings.harness:
            self.catalog, self.problems = catalog, problems
            self.by_path = {entry.path: entry for entry in catalog.entries if entry.path}
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

    def _open_facts(self, analysis: Analysis, dialect: str) -> FileFacts:
        """An open document's facts, from its analysis when it was read in the same dialect."""
        if analysis.choice.dialect.id == dialect:
            return facts_from(analysis.doc, analysis.choice.dialect, analysis.result)
        return facts_of(analysis.doc, dialect, self.state.settings)

    def document_changed(self, analysis: Analysis) -> bool:
        """Record an open document's new version; True when what the catalog shows of it
        changed (a keystroke in the body usually changes nothing)."""
        path = path_of_uri(analysis.uri)
        changed = False
        for (cached_path, dialect), (_, old) in list(self.facts.items()):
            if cached_path == path:
                new = self._open_facts(analysis, dialect)
                self.facts[(path, dialect)] = (("open", analysis.version), new)
                changed |= new != old
        return changed

    def _facts(self, work: Work) -> list[FileFacts | None]:
        """Cached facts: disk files are read again only after ``file_changed``, open documents
        when their version moved; many files at once are read on one process per core."""
        results: dict[tuple[Path, str], FileFacts | None] = {}
        on_disk = []
        open_paths = {path_of_uri(uri): a for uri, a in self.state.analyses.items()}
        for path, dialect in work:
            analysis = open_paths.get(path)
            cached = self.facts.get((path, dialect))
            if analysis is not None:
                stamp = ("open", analysis.version)
                if cached is None or cached[0] != stamp:
                    self.facts[(path, dialect)] = (stamp, self._open_facts(analysis, dialect))
                results[(path, dialect)] = self.facts[(path, dialect)][1]
            elif cached is not None and cached[0] == ("disk",):
                results[(path, dialect)] = cached[1]
            else:
                on_disk.append((path, dialect))
        present = [item for item in on_disk if item[0].is_file()]
        for item, facts in zip(
            present, analyze_on_disk(self.state.settings, processes=False)(present), strict=True
        ):
            self.facts[item] = (("disk",), facts)
            results[item] = facts
        return [results.get(item) for item in work]

    def entries_named(self, name: str) -> list[Entry]:
        return self.catalog.named(name) if self.catalog else []

    def entry_of(self, path: Path) -> Entry | None:
        return self.by_path.get(path)
