"""A catalog kept current one file at a time: a changed, created or deleted file's entry is
replaced, inserted or removed in place, and only the names it had and has are resolved again
(a full build resolves every name; the editor pays that once)."""

from __future__ import annotations

import bisect
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from subagent_ls.harnesses.environment import Environment
from subagent_ls.harnesses.profile import Entry, Profile
from subagent_ls.harnesses.sources import Source
from subagent_ls.workspace.catalog.model import Catalog
from subagent_ls.workspace.catalog.resolve import CrossFinding, settle, suffix_builtin_collisions
from subagent_ls.workspace.catalog.scan import (
    Analyze,
    FileFacts,
    ListFiles,
    build_catalog,
    entry_from,
    removed_names,
)

ReadFacts = Callable[[Source], "FileFacts | None"]
"""Reads one file as ``source`` would (None: the file is gone or is no agent)."""


@dataclass(slots=True)
class LiveCatalog:
    profile: Profile
    env: Environment
    catalog: Catalog
    findings: dict[Path, list[CrossFinding]] = field(default_factory=dict)
    """Cross-file findings by the path of the file they are about."""
    facts: dict[Path, FileFacts] = field(default_factory=dict)
    positions: dict[Path, int] = field(default_factory=dict)
    """Where each file's entry is in ``catalog.entries``."""
    ambiguous: set[Path] = field(default_factory=set)
    """Files two sources list (nested folders): changing one builds the catalog again."""
    builtin: set[str] = field(default_factory=set)
    removed: set[str] = field(default_factory=set)

    @classmethod
    def build(
        cls, profile: Profile, env: Environment, analyze: Analyze, list_files: ListFiles
    ) -> tuple[LiveCatalog, list[str]]:
        """Everything from scratch; also the paths skipped with their reasons."""
        facts: dict[Path, FileFacts] = {}

        def remembering(work: list[tuple[Path, str]]) -> list[FileFacts | None]:
            found = analyze(work)
            for (path, _), item in zip(work, found, strict=True):
                if item is not None:
                    facts[path] = item
            return found

        catalog, findings, problems = build_catalog(profile, env, remembering, list_files)
        live = cls(profile, env, catalog, facts=facts, removed=removed_names(profile, env))
        live.builtin = {e.name for e in catalog.entries if e.source.level == "builtin"}
        for finding in findings:
            live._add(finding)
        live._index()
        return live, problems

    def entry_at(self, path: Path) -> Entry | None:
        index = self.positions.get(path)
        return None if index is None else self.catalog.entries[index]

    def source_of(self, path: Path) -> Source | None:
        """The one source that lists ``path`` (None: none does, or more than one)."""
        entry = self.entry_at(path)
        if entry is not None:
            return entry.source
        holding = [s for s in self.catalog.sources if s.holds(str(path))]
        return holding[0] if len(holding) == 1 else None

    def update(self, path: Path, read: ReadFacts) -> set[Path] | None:
        """Take in what ``path`` holds now. Returns the files whose place in the catalog may
        have changed (empty: nothing the catalog shows changed), or None when the catalog
        must be built again (a file two sources list, a folder in or above a source)."""
        if path in self.ambiguous:
            return None
        if not path.name.endswith(".md"):  # a folder came or went: its files did too
            return None if self._touches_sources(path) else set()
        source = self.source_of(path)
        if source is None:
            in_some = any(s.holds(str(path)) for s in self.catalog.sources)
            return None if in_some else set()
        facts = read(source)
        old = self.entry_at(path)
        if facts == self.facts.get(path) and (facts is None) == (old is None):
            return set()
        if old is not None and facts is not None and _moved_only(facts, self.facts[path]):
            old.anchor = facts.name_location  # where findings point; the catalog is unchanged
            self.facts[path] = facts
            return set()
        entries = self.catalog.entries
        new = None if facts is None else self._entry(source, path, facts)
        if old is not None and new is not None:
            entries[self.positions[path]] = new
        elif old is not None:
            del entries[self.positions[path]]
            self._index()
        elif new is not None:
            entries.insert(self._insertion_point(source, path), new)
            self._index()
        if facts is None:
            self.facts.pop(path, None)
        else:
            self.facts[path] = facts
        self.findings.pop(path, None)
        keys = {self.profile.key(entry) for entry in (old, new) if entry is not None}
        names = {entry.name for entry in (old, new) if entry is not None}
        return self._settle(keys, names) | {path}

    def _touches_sources(self, folder: Path) -> bool:
        """Whether ``folder`` is a source's folder, holds one, or lies inside one."""
        paths = [s.path for s in self.catalog.sources if s.path is not None]
        return any(folder in (p, *p.parents) or p in folder.parents for p in paths)

    def _entry(self, source: Source, path: Path, facts: FileFacts) -> Entry:
        entry = entry_from(source, path, facts, self.env, self.removed)
        if self.profile.builtin_collision == "suffix":
            suffix_builtin_collisions([entry], self.builtin)
        return entry

    def _settle(self, keys: set[str], names: set[str]) -> set[Path]:
        """Resolve the identities ``keys`` (names, see ``Profile.key``) again; the files of
        their entries. Where the identity is not the name, two identities of one name are
        settled too (``names``), so every entry of those names and of their identities."""
        key, by_name = self.profile.key, self.profile.identity is not None
        names = names if by_name else set()
        while True:
            members = [e for e in self.catalog.entries if key(e) in keys or e.name in names]
            more = {key(e) for e in members} - keys, {e.name for e in members} - names
            if not by_name or not (more[0] or more[1]):
                break
            keys, names = keys | more[0], names | more[1]
        touched = {entry.path for entry in members if entry.path is not None}
        for path in touched:
            self.findings.pop(path, None)
        for finding in settle(self.profile, members):
            self._add(finding)
        return touched

    def _add(self, finding: CrossFinding) -> None:
        if finding.entry.path is not None:
            self.findings.setdefault(finding.entry.path, []).append(finding)

    def _index(self) -> None:
        self.positions.clear()
        self.ambiguous.clear()
        for index, entry in enumerate(self.catalog.entries):
            if entry.path is None:
                continue
            if entry.path in self.positions:
                self.ambiguous.add(entry.path)
            self.positions[entry.path] = index

    def _insertion_point(self, source: Source, path: Path) -> int:
        """Where a new file of ``source`` goes: sources in order, within a source the order
        its folder walk lists files in (by path components)."""
        order = {id(s): rank for rank, s in enumerate(self.catalog.sources)}  # entries share them
        target = order[id(source)]
        entries = self.catalog.entries
        ranks = [order.get(id(entry.source), -1) for entry in entries]
        start = bisect.bisect_left(ranks, target)
        end = bisect.bisect_right(ranks, target)
        keys = [entry.path.parts for entry in entries[start:end]]  # type: ignore[union-attr]
        return start + bisect.bisect_left(keys, path.parts)


def _moved_only(new: FileFacts, old: FileFacts) -> bool:
    """Whether only the place of ``name`` changed (a line added above it)."""
    return new._replace(name_location=None) == old._replace(name_location=None)
