"""The catalog in the editor: the ``subagents/catalog`` request and the
``subagents/catalogChanged`` notification, cross-file diagnostics, workspace symbols, go to
definition / references from a ``name``, a code lens with the catalog status, and live sync
(client file watchers where offered, a poll of the folders outside the workspace), which
also keeps current the harness guessed for an open document from the files beside it."""

from __future__ import annotations

import asyncio
import itertools
import logging
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from lsprotocol import types
from pygls.exceptions import JsonRpcInvalidParams
from pygls.lsp.server import LanguageServer

from subagent_ls.analysis.agent_files import activation_globs
from subagent_ls.core.text import column_width
from subagent_ls.lsp.background import off_loop
from subagent_ls.lsp.catalog_service import CatalogService
from subagent_ls.lsp.convert import SOURCE, to_offset
from subagent_ls.lsp.documents import current, current_agent, files_changed, publish
from subagent_ls.lsp.state import Analysis, ServerState
from subagent_ls.lsp.uris import path_of

if TYPE_CHECKING:
    from subagent_ls.analysis.results import TargetVerdict
    from subagent_ls.harnesses.profile import Entry
    from subagent_ls.workspace.catalog.scan import NameLocation

CATALOG = "subagents/catalog"
CATALOG_CHANGED = "subagents/catalogChanged"
STATUS_COMMAND = "subagent-ls.catalogEntry"
"""The code lens command: answers the file's catalog entry (the lens itself informs)."""
POLL_SECONDS = 2.0
WATCHED = tuple(activation_globs())
"""Where agent files and the plugin manifests that list them can be (every dialect's folders,
the profiles' manifests): the globs the VS Code extension starts on."""
_SCAN_NUMBERS = itertools.count(1)
log = logging.getLogger(__name__)


def name_range(location: NameLocation | None, encoding: str) -> types.Range:
    if location is None:
        return types.Range(types.Position(0, 0), types.Position(0, 0))
    start = column_width(location.text[: location.start], encoding)  # type: ignore[arg-type]
    end = column_width(location.text[: location.end], encoding)  # type: ignore[arg-type]
    return types.Range(types.Position(location.line, start), types.Position(location.line, end))


def entry_location(entry: Entry, state: ServerState) -> types.Location | None:
    """Where the entry's ``name`` is, under the client's URI for its file."""
    if entry.path is None:
        return None
    anchor = name_range(entry.anchor, state.encoding)  # type: ignore[arg-type]
    return types.Location(state.uris.uri_of(entry.path), anchor)


def register(server: LanguageServer, state: ServerState) -> None:
    service = CatalogService(state)
    published: dict[str, object] = {}
    tasks: set[asyncio.Task] = set()  # keeps the poll referenced
    scans: list[asyncio.Task] = []  # the running scan (a newer one cancels it)
    scanned = [state.generation]  # the settings and folders the latest scan began with

    def start_scan(ls: LanguageServer) -> None:
        """List and read the sources again (from the current settings), off the event loop."""
        service.forget()
        for older in scans:
            older.cancel()
        scanned[0] = state.generation
        scans[:] = [asyncio.get_running_loop().create_task(_scan(ls, state, service, rebuild))]

    async def catalog_ready() -> None:
        """Wait for a scan with the current settings and folders (started now when the
        latest is older: a burst of changes is still being taken in); without any (no
        ``initialized`` yet) build now."""
        if scans and scanned[0] != state.generation:
            start_scan(server)
        while scans and not scans[-1].done():
            scan = scans[-1]
            try:
                await asyncio.shield(scan)
            except asyncio.CancelledError:
                if not scan.cancelled() or scan is scans[-1]:
                    raise  # this request was cancelled, not the scan replaced
        if service.live is None:
            service.build()

    def cross_diagnostics(analysis: Analysis) -> list[types.Diagnostic]:
        from subagent_ls.analysis.lint import silenced
        from subagent_ls.analysis.suppressions import suppressions_for
        from subagent_ls.rules.docs import rule_url

        findings = service.findings_of(analysis.path) if analysis.path else []
        encoding = state.encoding
        suppressed = suppressions_for(analysis.doc, state.settings)
        name = analysis.doc.field_value("name")
        line = analysis.doc.lines.line_of(name.span.start) if name is not None else 0
        diagnostics = []
        for finding in findings:
            severity = state.settings.rules.get(finding.code, finding.severity)
            if severity is None or silenced(
                finding.code, suppressed, state.settings, line, analysis.path
            ):
                continue
            related = [
                types.DiagnosticRelatedInformation(
                    location=location, message=f"{other.source.label}"
                )
                for other in finding.related
                if (location := entry_location(other, state)) is not None
            ]
            diagnostics.append(
                types.Diagnostic(
                    range=name_range(finding.entry.anchor, encoding),  # type: ignore[arg-type]
                    message=finding.message,
                    severity=types.DiagnosticSeverity(int(severity)),
                    code=finding.code,
                    code_description=types.CodeDescription(href=rule_url(finding.code)),
                    source=SOURCE,
                    related_information=related or None,
                    data={"rule": finding.code},
                )
            )
        return diagnostics

    def announce(ls: LanguageServer, before: dict[str, object], publishing: str | None) -> None:
        """Tell the client the catalog changed; republish the open files whose cross-file
        findings changed (``before``: their findings until now) and those that name other
        agents (linted again), but ``publishing``, the document whose edit led here: it is
        published right after."""
        published["version"] = int(published.get("version", 0)) + 1  # type: ignore[call-overload]
        harness = service.catalog.harness if service.catalog else state.settings.harness
        ls.protocol.notify(CATALOG_CHANGED, {"harness": harness, "version": published["version"]})
        for analysis in list(state.analyses.values()):
            uri = analysis.uri
            if uri == publishing:
                continue
            if names_agents(analysis):
                analysis = state.relint(analysis)
                changed = analysis.result.findings != before.get(f"{uri}#lint")
            else:
                changed = False
            if changed or _signature(service, analysis) != before.get(uri):
                publish(ls, state, analysis)

    def signatures() -> dict[str, object]:
        """Each open file's cross-file findings, and the findings of those that name agents."""
        found: dict[str, object] = {a.uri: _signature(service, a) for a in state.analyses.values()}
        for analysis in state.analyses.values():
            if names_agents(analysis):
                found[f"{analysis.uri}#lint"] = analysis.result.findings
        return found

    def rebuild(
        ls: LanguageServer, before: dict[str, object] | None = None, publishing: str | None = None
    ) -> None:
        """Build the whole catalog from the caches; announce it if what it shows changed
        (``before``: the open files' findings before a change that led here)."""
        if before is None:
            before = signatures()
        shape = [entry.signature() for entry in service.build().entries]
        if shape != published.get("shape"):
            published["shape"] = shape
            announce(ls, before, publishing)

    def take_in(ls: LanguageServer, paths: Iterable[Path], publishing: str | None = None) -> None:
        """Files changed: update their entries and the names they touch (a full build only
        when the change cannot be placed); announce when the catalog shows something new."""
        before = signatures()
        touched = service.update(paths)
        if touched is None:
            rebuild(ls, before, publishing)
        elif touched:
            published["shape"] = None  # stale now: the next full build announces itself
            announce(ls, before, publishing)

    def on_disk(ls: LanguageServer, paths: Iterable[Path]) -> None:
        """Files changed on disk: the harnesses guessed from the files beside open documents,
        and the catalog."""
        paths = list(paths)
        files_changed(ls, state, paths)
        take_in(ls, paths)

    def on_analysis(ls: LanguageServer, uri: str) -> None:
        """After an edit or a close (the file on disk counts again)."""
        path = path_of(uri)
        if service.live is not None and path is not None:
            take_in(ls, [path], publishing=uri)

    def name_note(analysis: Analysis) -> str | None:
        entry = service.entry_of(analysis.path) if service.catalog and analysis.path else None
        if entry is None:
            return None
        titles = [title for title in lens_titles(analysis, entry) if not title.startswith("body:")]
        status = "; ".join(titles) or ("effective" if entry.effective else "listed")
        return f"Catalog ({service.catalog.harness}): {entry.source.label}, {status}."  # type: ignore[union-attr]

    def on_settings(ls: LanguageServer) -> None:
        """Sources, severities and disabled names may have changed: scan again, unless the
        latest scan began with these settings and folders (or none began yet: the first one
        reads with them anyway)."""
        if scans and scanned[0] != state.generation:
            start_scan(ls)

    state.agents_for = service.agents_for
    state.on_analysis.append(on_analysis)
    state.on_settings.append(on_settings)
    state.diagnostic_providers.append(cross_diagnostics)
    state.name_notes.append(name_note)

    async def on_ready(ls: LanguageServer) -> None:
        start_scan(ls)
        if state.watch_files:
            await _register_watchers(ls, state)
        await catalog_ready()
        tasks.add(asyncio.get_running_loop().create_task(_poll(ls, service, on_disk)))

    state.on_ready.append(on_ready)

    @server.feature(CATALOG)
    async def catalog_request(ls: LanguageServer, params: object) -> dict:
        from subagent_ls.harnesses.registry import PROFILES

        harness = getattr(params, "harness", None) if params is not None else None
        if harness is not None and harness not in PROFILES:
            known = ", ".join(PROFILES)
            raise JsonRpcInvalidParams(f"unknown harness profile {harness!r}; known: {known}")
        await catalog_ready()
        catalog = service.catalog
        if catalog is None or harness not in (None, catalog.harness):
            catalog = service.build(harness)
        return catalog.as_json(state.uris.uri_of)

    @server.command(STATUS_COMMAND)
    def catalog_entry(ls: LanguageServer, *arguments: object) -> dict | None:
        """pygls passes the command's arguments one by one (the lens gives the file's URI)."""
        path = path_of(arguments[0]) if arguments and isinstance(arguments[0], str) else None
        entry = service.entry_of(path) if path is not None else None
        return entry.as_json(state.uris.uri_of) if entry else None

    @server.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)
    def watched(ls: LanguageServer, params: types.DidChangeWatchedFilesParams) -> None:
        on_disk(ls, [path for change in params.changes if (path := path_of(change.uri))])

    @server.feature(types.WORKSPACE_SYMBOL)
    async def symbols(ls: LanguageServer, params: types.WorkspaceSymbolParams) -> list:
        await catalog_ready()
        catalog = service.catalog
        query = params.query.lower()
        return [
            types.SymbolInformation(
                name=entry.name,
                kind=types.SymbolKind.Class,
                location=location,
                container_name=entry.source.label,
            )
            for entry in catalog.entries  # type: ignore[union-attr]
            if query in entry.name.lower() and (location := entry_location(entry, state))
        ]

    async def locations_of_name(
        params: types.TextDocumentPositionParams,
    ) -> list[types.Location] | None:
        analysis = current(ls=server, state=state, uri=params.text_document.uri)
        if analysis is None:
            return None
        offset = to_offset(analysis.doc, params.position, state.encoding)
        name = agent_named_at(analysis, offset)
        if name is None:
            return None
        await catalog_ready()
        entries = service.entries_named(name)
        return [loc for entry in entries if (loc := entry_location(entry, state))]

    @server.feature(types.TEXT_DOCUMENT_DEFINITION)
    async def definition(ls: LanguageServer, params: types.DefinitionParams) -> list | None:
        return await locations_of_name(params)

    @server.feature(types.TEXT_DOCUMENT_REFERENCES)
    async def references(ls: LanguageServer, params: types.ReferenceParams) -> list | None:
        return await locations_of_name(params)

    @server.feature(types.TEXT_DOCUMENT_CODE_LENS)
    def code_lens(ls: LanguageServer, params: types.CodeLensParams) -> list | None:
        analysis = current_agent(ls, state, params.text_document.uri)
        if analysis is None or analysis.doc.layout.opening is None:
            return None
        entry = service.entry_of(analysis.path) if service.catalog and analysis.path else None
        zero = types.Range(types.Position(0, 0), types.Position(0, 0))
        return [
            types.CodeLens(
                range=zero,
                command=types.Command(
                    title=title, command=STATUS_COMMAND, arguments=[analysis.uri]
                ),
            )
            for title in lens_titles(analysis, entry)
        ]


def names_agents(analysis: Analysis) -> bool:
    """Whether the document names other agents (its findings depend on the catalog)."""
    references = analysis.choice.dialect.agent_references
    return references is not None and bool(references(analysis.doc))


def agent_named_at(analysis: Analysis, offset: int) -> str | None:
    """The agent name at ``offset``: the file's own ``name``, or a reference to another agent
    (the dialect's ``agent_references``, such as a handoff's ``agent``)."""
    name = analysis.doc.field_value("name")
    scalar = name is not None and name.kind not in ("map", "seq")
    if scalar and name is not None and name.span.start <= offset <= name.span.end:
        return str(name.value)
    references = analysis.choice.dialect.agent_references
    for reference in references(analysis.doc) if references else ():
        if reference.matches is None and reference.span.start <= offset <= reference.span.end:
            return reference.written
    return None


def lens_titles(analysis: Analysis, entry: Entry | None) -> list[str]:
    titles = []
    if entry is not None:
        if entry.disabled:
            titles.append("disabled")
        if entry.shadowed_by is not None:
            winner = entry.shadowed_by
            titles.append(f"shadowed by {winner.source.label} {winner.path or ''}".strip())
        for other in entry.shadows:
            titles.append(f"overrides {other.source.label} {other.name}")
        if not entry.loads:
            titles.append("not loaded by the harness")
    if len(analysis.result.harnesses) > 1:
        titles.append(targets_title(analysis.result.harnesses))
    body = analysis.doc.text[analysis.doc.layout.body_start :]
    lines = body.strip().count("\n") + 1 if body.strip() else 0
    titles.append(f"body: {lines} lines, ~{len(body) // 4} tokens")
    return titles


def targets_title(harnesses: tuple[TargetVerdict, ...]) -> str:
    """``loads in 2 of 3 targets (GitHub Copilot CLI: rejected)``."""
    loading = sum(h.verdict.loads for h in harnesses)
    others = [f"{h.target.label}: {h.verdict.outcome}" for h in harnesses if not h.verdict.loads]
    title = f"loads in {loading} of {len(harnesses)} targets"
    return f"{title} ({', '.join(others)})" if others else title


def _signature(service: CatalogService, analysis: Analysis) -> tuple:
    findings = service.findings_of(analysis.path) if analysis.path else []
    return tuple((f.code, f.message) for f in findings)


async def _scan(ls: LanguageServer, state: ServerState, service: CatalogService, rebuild) -> None:
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
        rebuild(ls)
        message = f"{len(service.catalog.entries) if service.catalog else 0} definitions"
    finally:
        if state.work_done_progress and token:
            ls.work_done_progress.end(token, types.WorkDoneProgressEnd(message=message))


REGISTER_SECONDS = 10
"""How long the server waits for the client to take its file watchers."""


async def _register_watchers(ls: LanguageServer, state: ServerState) -> None:
    watchers = [types.FileSystemWatcher(glob_pattern=pattern) for pattern in WATCHED]
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


async def _poll(ls: LanguageServer, service: CatalogService, on_disk) -> None:
    """Compare the unwatched folders with ``service.baseline`` (taken before each full
    listing, so nothing created meanwhile is missed) every ``POLL_SECONDS``."""
    while True:
        await asyncio.sleep(POLL_SECONDS)
        try:
            (now, _), previous = await off_loop(service.snapshot), service.baseline
            if now != previous:
                paths = now.keys() | previous.keys()
                on_disk(ls, {p for p in paths if now.get(p) != previous.get(p)})
                service.baseline = now
        except Exception:
            log.warning("polling the user-level folders failed", exc_info=True)
