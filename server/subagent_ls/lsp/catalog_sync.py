"""Keeping the editor's catalog current: a scan of the sources off the event loop (with
progress where the client shows it; a newer scan replaces the running one), each change of a
file taken in and announced (``subagents/catalogChanged``, and the open documents whose findings
it changed published again), the client's file watchers where it offers them, and a poll of the
folders they do not cover. A change on disk also keeps current the harness guessed for an open
document from the files beside it."""

from __future__ import annotations

import asyncio
import itertools
import logging
from collections.abc import Iterable
from pathlib import Path

from lsprotocol import types
from pygls.lsp.server import LanguageServer

from subagent_ls.lsp.background import off_loop
from subagent_ls.lsp.catalog_service import CatalogService
from subagent_ls.lsp.catalog_views import names_agents
from subagent_ls.lsp.documents import files_changed, publish
from subagent_ls.lsp.state import Analysis, ServerState
from subagent_ls.lsp.uris import path_of

CATALOG_CHANGED = "subagents/catalogChanged"
POLL_SECONDS = 2.0
REGISTER_SECONDS = 10
"""How long the server waits for the client to take its file watchers."""
_SCAN_NUMBERS = itertools.count(1)
log = logging.getLogger(__name__)


class CatalogSync:
    """The live catalog (``service``) kept current, and each change that shows announced."""

    def __init__(self, state: ServerState, service: CatalogService) -> None:
        self.state = state
        self.service = service
        self.version = 0
        """The version the last ``subagents/catalogChanged`` announced."""
        self.shape: list[object] | None = None
        """What the last full build showed (None: stale, the next build announces itself)."""
        self.scans: list[asyncio.Task[None]] = []
        """The running scan (a newer one cancels it)."""
        self.scanned = state.generation
        """The settings and folders the latest scan began with (the state's ``generation``)."""
        self.tasks: set[asyncio.Task[None]] = set()
        """Keeps the poll referenced."""

    def start_scan(self, ls: LanguageServer) -> None:
        """List and read the sources again (from the current settings), off the event loop."""
        self.service.forget()
        for older in self.scans:
            older.cancel()
        self.scanned = self.state.generation
        self.scans[:] = [asyncio.get_running_loop().create_task(self._scan(ls))]

    async def until_current(self, ls: LanguageServer) -> None:
        """Wait for a scan with the current settings and folders (started now when the
        latest is older: a burst of changes is still being taken in); without any (no
        ``initialized`` yet) build now."""
        scans = self.scans
        if scans and self.scanned != self.state.generation:
            self.start_scan(ls)
        while scans and not scans[-1].done():
            scan = scans[-1]
            try:
                await asyncio.shield(scan)
            except asyncio.CancelledError:
                if not scan.cancelled() or scan is scans[-1]:
                    raise  # this request was cancelled, not the scan replaced
        if self.service.live is None:
            self.service.build()

    def settings_changed(self, ls: LanguageServer) -> None:
        """Sources, severities and disabled names may have changed: scan again, unless the
        latest scan began with these settings and folders (or none began yet: the first one
        reads with them anyway)."""
        if self.scans and self.scanned != self.state.generation:
            self.start_scan(ls)

    def document_changed(self, ls: LanguageServer, uri: str) -> None:
        """After an edit or a close (the file on disk counts again)."""
        path = path_of(uri)
        if self.service.live is not None and path is not None:
            self.take_in(ls, [path], publishing=uri)

    def on_disk(self, ls: LanguageServer, paths: Iterable[Path]) -> None:
        """Files changed on disk: the harnesses guessed from the files beside open documents,
        and the catalog."""
        paths = list(paths)
        files_changed(ls, self.state, paths)
        self.take_in(ls, paths)

    def take_in(
        self, ls: LanguageServer, paths: Iterable[Path], publishing: str | None = None
    ) -> None:
        """Files changed: update their entries and the names they touch (a full build only
        when the change cannot be placed); announce when the catalog shows something new."""
        before = self.signatures()
        touched = self.service.update(paths)
        if touched is None:
            self.rebuild(ls, before, publishing)
        elif touched:
            self.shape = None  # stale now: the next full build announces itself
            self.announce(ls, before, publishing)

    def rebuild(
        self,
        ls: LanguageServer,
        before: dict[str, object] | None = None,
        publishing: str | None = None,
    ) -> None:
        """Build the whole catalog from the caches; announce it if what it shows changed
        (``before``: the open files' findings before a change that led here)."""
        if before is None:
            before = self.signatures()
        shape: list[object] = [entry.signature() for entry in self.service.build().entries]
        if shape != self.shape:
            self.shape = shape
            self.announce(ls, before, publishing)

    def announce(
        self, ls: LanguageServer, before: dict[str, object], publishing: str | None
    ) -> None:
        """Tell the client the catalog changed; republish the open files whose cross-file
        findings changed (``before``: their findings until now) and those that name other
        agents (linted again), but ``publishing``, the document whose edit led here: it is
        published right after."""
        state, service = self.state, self.service
        self.version += 1
        harness = service.catalog.harness if service.catalog else state.settings.harness
        ls.protocol.notify(CATALOG_CHANGED, {"harness": harness, "version": self.version})
        for analysis in list(state.analyses.values()):
            uri = analysis.uri
            if uri == publishing:
                continue
            if names_agents(analysis):
                analysis = state.relint(analysis)
                changed = analysis.result.findings != before.get(f"{uri}#lint")
            else:
                changed = False
            if changed or self.signature(analysis) != before.get(uri):
                publish(ls, state, analysis)

    def signatures(self) -> dict[str, object]:
        """Each open file's cross-file findings, and the findings of those that name agents."""
        analyses = self.state.analyses.values()
        found: dict[str, object] = {a.uri: self.signature(a) for a in analyses}
        for analysis in analyses:
            if names_agents(analysis):
                found[f"{analysis.uri}#lint"] = analysis.result.findings
        return found

    def signature(self, analysis: Analysis) -> tuple[tuple[str, str], ...]:
        """The open file's cross-file findings, as the client sees them change."""
        findings = self.service.findings_of(analysis.path) if analysis.path else []
        return tuple((f.code, f.message) for f in findings)

    async def _scan(self, ls: LanguageServer) -> None:
        state, service = self.state, self.service
        token = f"subagents/scan/{next(_SCAN_NUMBERS)}"  # a token is used once
        if state.work_done_progress:
            try:
                await ls.work_done_progress.create_async(token)
                ls.work_done_progress.begin(
                    token, types.WorkDoneProgressBegin(title="Scanning subagents")
                )
            except Exception:
                token = ""
        message = "replaced by a newer scan"
        try:
            try:
                await service.take_baseline()  # changes from now on are seen by the poll
                await service.prefetch()
            except Exception:  # the build lists and reads what is missing itself
                log.warning("listing or reading the sources failed", exc_info=True)
            self.rebuild(ls)
            message = f"{len(service.catalog.entries) if service.catalog else 0} definitions"
        finally:
            if state.work_done_progress and token:
                ls.work_done_progress.end(token, types.WorkDoneProgressEnd(message=message))

    def start_polling(self, ls: LanguageServer) -> None:
        """Poll the folders the client does not watch, from now on."""
        self.tasks.add(asyncio.get_running_loop().create_task(self._poll(ls)))

    async def _poll(self, ls: LanguageServer) -> None:
        """Compare the unwatched folders with ``service.baseline`` (taken before each full
        listing, so nothing created meanwhile is missed) every ``POLL_SECONDS``."""
        service = self.service
        while True:
            await asyncio.sleep(POLL_SECONDS)
            try:
                (now, _), previous = await off_loop(service.snapshot), service.baseline
                if now != previous:
                    paths = now.keys() | previous.keys()
                    self.on_disk(ls, {p for p in paths if now.get(p) != previous.get(p)})
                    service.baseline = now
            except Exception:
                log.warning("polling the user-level folders failed", exc_info=True)


async def register_watchers(
    ls: LanguageServer, state: ServerState, patterns: Iterable[str]
) -> None:
    """Ask the client to watch ``patterns`` (glob patterns) for us; where it does not, the
    poll covers the workspace too."""
    watchers = [types.FileSystemWatcher(glob_pattern=pattern) for pattern in patterns]
    registration = types.Registration(
        id="subagents-watch",
        method=types.WORKSPACE_DID_CHANGE_WATCHED_FILES,
        register_options=types.DidChangeWatchedFilesRegistrationOptions(watchers=watchers),
    )
    try:
        request = types.RegistrationParams(registrations=[registration])
        await asyncio.wait_for(ls.client_register_capability_async(request), REGISTER_SECONDS)
    except TimeoutError:
        state.watch_files = False  # the poll now covers the workspace too
        log.warning(
            "the client did not answer client/registerCapability in %s s; polling instead",
            REGISTER_SECONDS,
        )
    except Exception:
        state.watch_files = False
        log.warning("the client refused file watchers; polling instead", exc_info=True)
