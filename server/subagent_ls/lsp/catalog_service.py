"""The server's live catalog: built once, then kept current file by file.

Directory listings are cached per source and refreshed only when files appear or go away;
what each file contributes is cached and recomputed only for the file that changed (its open
version, or a watched-file event or the poll of folders outside the workspace for the disk).
A change re-resolves only the names of the file that changed (``LiveCatalog``). The scan's
folder walks run off the event loop on threads the process does not wait for at exit
(``lsp/background.py``). The catalog modules are imported on first use (see ``lsp/state.py``).
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from subagent_ls.lsp.background import off_loop
from subagent_ls.lsp.state import Analysis, ServerState
from subagent_ls.workspace.parallel import parallel_map_async

if TYPE_CHECKING:
    from subagent_ls.harnesses.environment import Environment
    from subagent_ls.harnesses.profile import Entry
    from subagent_ls.harnesses.references import AgentLookup, AgentNames
    from subagent_ls.harnesses.sources import Source
    from subagent_ls.workspace.catalog.live import LiveCatalog
    from subagent_ls.workspace.catalog.model import Catalog
    from subagent_ls.workspace.catalog.resolve import CrossFinding
    from subagent_ls.workspace.catalog.scan import FileFacts, Work


log = logging.getLogger(__name__)
MANY_CHANGES = 50
"""More files changed at once (a checkout, a folder deleted) are taken in by building again."""
Stamp = tuple[object, ...]
"""("open", version) for an open document, ("disk",) for a file read from disk."""
Listing = tuple[list[Path], list[str]]
"""A source's files, and the paths its walk skipped with their reasons."""


@dataclass(slots=True)
class CatalogService:
    state: ServerState
    home: Path = field(default_factory=lambda: Path(os.path.expanduser("~")))
    environ: dict[str, str] = field(default_factory=lambda: dict(os.environ))
    listings: dict[str, Listing] = field(default_factory=dict)
    """Each source's listing; replaced (not cleared) when dropped, so that a walk that ran
    meanwhile can tell its listing is stale."""
    facts: dict[Path, dict[str, tuple[Stamp, FileFacts | None]]] = field(default_factory=dict)
    """Each file's facts by the dialect it was read in."""
    live: LiveCatalog | None = None
    """The catalog of the configured harness, kept current file by file."""
    problems: list[str] = field(default_factory=list)
    """The configured catalog's skipped paths with their reasons (each logged once)."""
    stale: set[Path] = field(default_factory=set)
    """Files that changed while ``prefetch`` read them."""
    baseline: dict[Path, tuple[int, ...]] = field(default_factory=dict)
    """The polled files' time stamps when the catalog last took them in."""
    manifests: tuple[Path, ...] | None = None
    """The plugin manifests below the roots (None: not looked for since the last scan began;
    the first listing of a scan walks for them, off the event loop)."""
    generation: int = 0
    """Counts the changes of the catalog's entries (what the budget findings are kept for)."""
    budget: tuple[int, dict[Path, list[CrossFinding]]] | None = None
    """The ``description-budget`` findings by file, and the generation they were made for."""
    agent_names: tuple[int, AgentNames] | None = None
    """The names of the agents the catalog loads, and the generation they were taken for."""

    @property
    def catalog(self) -> Catalog | None:
        return self.live.catalog if self.live else None

    def environment(self) -> Environment:
        from subagent_ls.harnesses.environment import Environment

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
            plugin_manifests=self._manifests(),
        )

    def _manifests(self) -> tuple[Path, ...]:
        if self.manifests is None:
            from subagent_ls.workspace.plugin_walk import manifests_in

            self.manifests = manifests_in(self.state.roots, self.state.settings)
        return self.manifests

    def _manifest_changed(self, path: Path) -> bool:
        """Take in a created, changed or deleted plugin manifest (without walking again);
        whether ``path`` is one."""
        from subagent_ls.workspace.plugin_walk import MANIFEST_NAMES

        if path.name not in MANIFEST_NAMES or self.manifests is None:
            return False
        kept = tuple(p for p in self.manifests if p != path)
        self.manifests = (*kept, path) if path.is_file() else kept
        return True

    def sources(self, harness: str | None = None) -> list[Source]:
        from subagent_ls.harnesses.profile import distinct
        from subagent_ls.harnesses.registry import PROFILES

        profile = PROFILES[harness or self.state.settings.harness]
        return distinct(profile.sources(self.environment()), profile.same_folder)

    def forget(self) -> None:
        """Drop every cached listing and file (after a settings change)."""
        self.listings = {}
        self.facts.clear()
        self.manifests = None

    def build(self, harness: str | None = None) -> Catalog:
        """The catalog for ``harness`` (default: the setting), from the cached files. Only the
        setting's folders have cached listings (live sync keeps them true); another profile's
        are listed now."""
        from subagent_ls.harnesses.registry import PROFILES
        from subagent_ls.workspace.catalog.live import LiveCatalog
        from subagent_ls.workspace.catalog.scan import source_files

        profile = PROFILES[harness or self.state.settings.harness]
        configured = profile.id == self.state.settings.harness
        list_files = self._listing if configured else source_files
        live, problems = LiveCatalog.build(profile, self.environment(), self._facts, list_files)
        if configured:
            for problem in sorted(set(problems) - set(self.problems)):
                log.warning("catalog: %s", problem)  # once, not on every build
            self.live, self.problems = live, problems
            self.generation += 1
        return live.catalog

    async def take_baseline(self) -> None:
        """The poll's time stamps, taken before the scan lists the folders (so that nothing
        created meanwhile is missed), off the event loop; its listings are the build's."""
        before = self.listings
        self.baseline, listed = await off_loop(self.snapshot)
        if self.listings is before:
            self.listings.update(listed)

    async def prefetch(self) -> None:
        """List the configured sources and read every file into the cache, off the event loop
        (the files on one process per core; the first build then only assembles); files that
        change meanwhile are read again by the build."""
        from subagent_ls.workspace.catalog.scan import facts_on_disk

        self.stale.clear()
        sources, before = self.sources(), self.listings
        missing = [source for source in sources if _listing_key(source) not in before]
        listed = await off_loop(partial(_list_sources, missing))
        if self.listings is before:  # else files came or went: the build lists them again
            self.listings.update(listed)
        listings = {**before, **listed}
        work = [
            (path, source.dialect)
            for source in sources
            for path in listings[_listing_key(source)][0]
            if source.dialect not in self.facts.get(path, {})
        ]
        read = partial(facts_on_disk, settings=self.state.settings)
        found = await parallel_map_async(read, work, preload=[facts_on_disk.__module__])
        for (path, dialect), facts in zip(work, found, strict=True):
            if path not in self.stale:
                self.facts.setdefault(path, {}).setdefault(dialect, (("disk",), facts))

    def update(self, paths: Iterable[Path]) -> set[Path] | None:
        """Take in what the files at ``paths`` hold now (an open version, else the disk);
        the files whose place in the catalog may have changed, None when the catalog must be
        built again. Before the first build only the caches learn of it."""
        paths = list(paths)
        for path in paths:
            self.facts.pop(path, None)
        self.stale.update(paths)
        if any([self._manifest_changed(path) for path in paths]):
            self.facts.clear()  # a manifest decides which plugins there are, what they read
            self.listings = {}  # and how (a rejected one: none of its files loads)
            return set() if self.live is None else None
        if self.live is None or len(paths) > MANY_CHANGES:
            self.listings = {}
            return set() if self.live is None else None
        touched: set[Path] = set()
        for path in paths:
            was_listed = self.entry_of(path) is not None
            read = partial(self._read_for_source, path)
            found = self.live.update(path, read)
            if found is None or was_listed != (self.entry_of(path) is not None):
                self.listings = {}  # files came or went: list the folders again next build
            if found is None:
                return None
            touched |= found
        if touched:
            self.generation += 1
        return touched

    def snapshot(self) -> tuple[dict[Path, tuple[int, ...]], dict[str, Listing]]:
        """Time stamps of the files no client watches: sources outside the workspace (user
        level, extra folders), and every source when the client has no file watchers; with
        the listings walked for them. Reads the disk only (it runs off the event loop)."""
        roots = self.state.roots if self.state.watch_files else ()
        unwatched = [
            source
            for source in self.sources()
            if source.path is not None
            and not any(r in (source.path, *source.path.parents) for r in roots)
        ]
        listed = _list_sources(unwatched)
        stamps: dict[Path, tuple[int, ...]] = {}
        for files, _ in listed.values():
            for path in files:
                try:
                    info = os.stat(path)
                except OSError:
                    continue
                stamps[path] = (info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns)
        return stamps, listed

    def _listing(self, source: Source, problems: list[str]) -> list[Path]:
        key = _listing_key(source)
        if key not in self.listings:
            self.listings.update(_list_sources([source]))
        files, skipped = self.listings[key]
        problems.extend(skipped)
        return files

    def _open_facts(self, analysis: Analysis, dialect: str) -> FileFacts:
        """An open document's facts, from its analysis when it was read in the same dialect."""
        from subagent_ls.workspace.catalog.scan import facts_from, facts_of

        if analysis.choice.dialect.id == dialect:
            return facts_from(analysis.doc, analysis.choice.dialect, analysis.result)
        return facts_of(analysis.doc, dialect, self.state.settings)

    def _read(self, path: Path, dialect: str, analysis: Analysis | None = None) -> FileFacts | None:
        """One file's facts in ``dialect``: from the cache while its stamp holds, else from
        its open analysis or the disk (None: it is not there)."""
        from subagent_ls.workspace.catalog.scan import facts_on_disk

        if analysis is None:
            analysis = self._open_analysis(path)
        stamp: Stamp = ("open", analysis.version) if analysis else ("disk",)
        cached = self.facts.get(path, {}).get(dialect)
        if cached is not None and cached[0] == stamp:
            return cached[1]
        if analysis is not None:
            facts: FileFacts | None = self._open_facts(analysis, dialect)
        else:
            facts = facts_on_disk((path, dialect), self.state.settings) if path.is_file() else None
        self.facts.setdefault(path, {})[dialect] = (stamp, facts)
        return facts

    def _read_for_source(self, path: Path, source: Source) -> FileFacts | None:
        return self._read(path, source.dialect)

    def _open_analysis(self, path: Path) -> Analysis | None:
        for analysis in self.state.analyses.values():
            if analysis.path == path:
                return analysis
        return None

    def _facts(self, work: Work) -> list[FileFacts | None]:
        """Cached facts: disk files are read again only after ``update``, open documents
        when their version moved."""
        open_paths = {a.path: a for a in self.state.analyses.values() if a.path is not None}
        return [self._read(path, dialect, open_paths.get(path)) for path, dialect in work]

    def entries_named(self, name: str) -> list[Entry]:
        return self.catalog.named(name) if self.catalog else []

    def findings_of(self, path: Path) -> list[CrossFinding]:
        if self.live is None:
            return []
        return self.live.findings.get(path, []) + self._budget_findings().get(path, [])

    def _budget_findings(self) -> dict[Path, list[CrossFinding]]:
        """The catalog's ``description-budget`` findings by file, made once per change."""
        from subagent_ls.workspace.catalog.budget import budget_findings

        if self.budget is None or self.budget[0] != self.generation:
            assert self.live is not None
            found: dict[Path, list[CrossFinding]] = {}
            for finding in budget_findings(self.live.profile, self.live.catalog.entries):
                if finding.entry.path is not None:
                    found.setdefault(finding.entry.path, []).append(finding)
            self.budget = (self.generation, found)
        return self.budget[1]

    def agents_for(self, harness: str, path: str, roots: tuple[str, ...]) -> AgentLookup:
        """The agents ``harness`` loads for the file at ``path``: the live catalog's, when it
        is that harness's and the file lies in a workspace folder (open documents count as
        they are now); else read from disk."""
        live = self.live
        inside = any(Path(path).is_relative_to(root) for root in self.state.roots)
        if live is None or harness != live.profile.id or not inside:
            from subagent_ls.workspace.catalog.agent_names import agent_lookup

            return agent_lookup(self.state.settings, harness, path, roots)
        return self._live_agent_names

    def _live_agent_names(self) -> AgentNames:
        from subagent_ls.workspace.catalog.agent_names import names_in

        if self.agent_names is None or self.agent_names[0] != self.generation:
            assert self.live is not None
            self.agent_names = (self.generation, names_in(self.live.catalog))
        return self.agent_names[1]

    def entry_of(self, path: Path) -> Entry | None:
        return self.live.entry_at(path) if self.live else None


def _listing_key(source: Source) -> str:
    return f"{source.id}:{source.path}"


def _list_sources(sources: list[Source]) -> dict[str, Listing]:
    from subagent_ls.workspace.catalog.scan import source_files

    listed: dict[str, Listing] = {}
    for source in sources:
        skipped: list[str] = []
        listed[_listing_key(source)] = (source_files(source, skipped), skipped)
    return listed
