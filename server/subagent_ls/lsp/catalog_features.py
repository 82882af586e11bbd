"""The catalog in the editor: the ``subagents/catalog`` request, cross-file diagnostics,
workspace symbols, go to definition / references from an agent's name, a code lens with the
file's status in the catalog (and its command), the note on the ``name``'s hover, and the files
the client is asked to watch. What it shows of one document is made in ``catalog_views``; the
catalog is kept current (and each change announced) by ``catalog_sync``."""

from __future__ import annotations

from lsprotocol import types
from pygls.exceptions import JsonRpcInvalidParams
from pygls.lsp.server import LanguageServer

from subagent_ls.lsp.catalog_service import CatalogService
from subagent_ls.lsp.catalog_sync import CatalogSync, register_watchers
from subagent_ls.lsp.catalog_views import (
    agent_named_at,
    cross_diagnostics,
    entry_location,
    lens_titles,
    name_note,
)
from subagent_ls.lsp.convert import to_offset
from subagent_ls.lsp.documents import current, current_agent
from subagent_ls.lsp.state import Analysis, ServerState
from subagent_ls.lsp.uris import path_of

CATALOG = "subagents/catalog"
STATUS_COMMAND = "subagent-ls.catalogEntry"
"""The code lens command: answers the file's catalog entry (the lens itself informs)."""


def watched_globs() -> tuple[str, ...]:
    """Where agent files and the plugin manifests that list them can be (every dialect's folders,
    the profiles' manifests): the globs the VS Code extension starts on. Read when the client is
    asked to watch them, after ``initialize`` (the dialects load after the server is built)."""
    from subagent_ls.analysis.agent_files import activation_globs

    return tuple(activation_globs())


class CatalogFeatures:
    """The catalog's requests, and its part in what the server shows (a ``Listener`` of the
    state: told of each change, it keeps the catalog current; it adds the cross-file
    diagnostics and the hover's note)."""

    def __init__(self, state: ServerState) -> None:
        self.state = state
        self.service = CatalogService(state)
        self.sync = CatalogSync(state, self.service)

    def document_changed(self, ls: LanguageServer, uri: str) -> None:
        self.sync.document_changed(ls, uri)

    def settings_changed(self, ls: LanguageServer) -> None:
        self.sync.settings_changed(ls)

    async def ready(self, ls: LanguageServer) -> None:
        """The first scan; the client asked to watch ``watched_globs()`` where it can; once the
        first catalog is built, the poll of the folders it does not watch."""
        self.sync.start_scan(ls)
        if self.state.watch_files:
            await register_watchers(ls, self.state, watched_globs())
        await self.sync.until_current(ls)
        self.sync.start_polling(ls)

    def diagnostics(self, analysis: Analysis) -> list[types.Diagnostic]:
        return cross_diagnostics(self.service, self.state, analysis)

    def name_note(self, analysis: Analysis) -> str | None:
        return name_note(self.service, analysis)

    async def catalog(self, ls: LanguageServer, params: object) -> dict:
        """``subagents/catalog``: the catalog of the configured harness, or of the one
        ``params.harness`` names."""
        from subagent_ls.harnesses.registry import PROFILES

        harness = getattr(params, "harness", None) if params is not None else None
        if harness is not None and harness not in PROFILES:
            known = ", ".join(PROFILES)
            raise JsonRpcInvalidParams(f"unknown harness profile {harness!r}; known: {known}")
        await self.sync.until_current(ls)
        catalog = self.service.catalog
        if catalog is None or harness not in (None, catalog.harness):
            catalog = self.service.build(harness)
        return catalog.as_json(self.state.uris.uri_of)

    def catalog_entry(self, arguments: tuple[object, ...]) -> dict | None:
        """The code lens's command: the entry of the file whose URI is the first argument."""
        path = path_of(arguments[0]) if arguments and isinstance(arguments[0], str) else None
        entry = self.service.entry_of(path) if path is not None else None
        return entry.as_json(self.state.uris.uri_of) if entry else None

    def files_watched(self, ls: LanguageServer, params: types.DidChangeWatchedFilesParams) -> None:
        """The client's file watchers saw files change."""
        paths = [path for change in params.changes if (path := path_of(change.uri))]
        self.sync.on_disk(ls, paths)

    async def workspace_symbols(
        self, ls: LanguageServer, params: types.WorkspaceSymbolParams
    ) -> list[types.SymbolInformation]:
        """The catalog's entries whose name holds the query (in any case)."""
        await self.sync.until_current(ls)
        catalog = self.service.catalog
        query = params.query.lower()
        return [
            types.SymbolInformation(
                name=entry.name,
                kind=types.SymbolKind.Class,
                location=location,
                container_name=entry.source.label,
            )
            for entry in catalog.entries  # type: ignore[union-attr]
            if query in entry.name.lower() and (location := entry_location(entry, self.state))
        ]

    async def locations_of_name(
        self, ls: LanguageServer, params: types.TextDocumentPositionParams
    ) -> list[types.Location] | None:
        """Definition and references: where each entry of the agent named at the position
        (the file's own ``name``, or a reference to another agent) is defined."""
        state = self.state
        analysis = current(ls=ls, state=state, uri=params.text_document.uri)
        if analysis is None:
            return None
        offset = to_offset(analysis.doc, params.position, state.encoding)
        name = agent_named_at(analysis, offset)
        if name is None:
            return None
        await self.sync.until_current(ls)
        entries = self.service.entries_named(name)
        return [loc for entry in entries if (loc := entry_location(entry, state))]

    def code_lens(
        self, ls: LanguageServer, params: types.CodeLensParams
    ) -> list[types.CodeLens] | None:
        """One lens per title (``catalog_views.lens_titles``) at the file's start."""
        analysis = current_agent(ls, self.state, params.text_document.uri)
        if analysis is None or analysis.doc.layout.opening is None:
            return None
        service = self.service
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


def register(server: LanguageServer, state: ServerState) -> None:
    """The catalog's handlers, and the catalog as a listener of the state (and its agent
    lookup: the agents a harness loads for a file)."""
    features = CatalogFeatures(state)
    state.agents_for = features.service.agents_for
    state.listeners.append(features)

    @server.feature(CATALOG)
    async def catalog(ls: LanguageServer, params: object) -> dict:
        return await features.catalog(ls, params)

    @server.command(STATUS_COMMAND)
    def catalog_entry(ls: LanguageServer, *arguments: object) -> dict | None:
        """pygls passes the command's arguments one by one (the lens gives the file's URI)."""
        return features.catalog_entry(arguments)

    @server.feature(types.WORKSPACE_DID_CHANGE_WATCHED_FILES)
    def watched(ls: LanguageServer, params: types.DidChangeWatchedFilesParams) -> None:
        features.files_watched(ls, params)

    @server.feature(types.WORKSPACE_SYMBOL)
    async def symbols(ls: LanguageServer, params: types.WorkspaceSymbolParams) -> list:
        return await features.workspace_symbols(ls, params)

    @server.feature(types.TEXT_DOCUMENT_DEFINITION)
    async def definition(ls: LanguageServer, params: types.DefinitionParams) -> list | None:
        return await features.locations_of_name(ls, params)

    @server.feature(types.TEXT_DOCUMENT_REFERENCES)
    async def references(ls: LanguageServer, params: types.ReferenceParams) -> list | None:
        return await features.locations_of_name(ls, params)

    @server.feature(types.TEXT_DOCUMENT_CODE_LENS)
    def code_lens(ls: LanguageServer, params: types.CodeLensParams) -> list | None:
        return features.code_lens(ls, params)
