"""Document sync and diagnostics: analyze on open, change and save (pushing diagnostics with the
document's version, under the URI the client opened it with), clear on close, and answer pull
diagnostics. A request may name an open document in any spelling of its URI (``uris``)."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from lsprotocol import types
from pygls.lsp.server import LanguageServer

from subagent_ls.lsp.convert import to_diagnostic
from subagent_ls.lsp.state import Analysis, ServerState
from subagent_ls.lsp.uris import key_of, text_document


def diagnostics_of(state: ServerState, analysis: Analysis) -> list[types.Diagnostic]:
    if not analysis.is_agent:
        return []
    doc, uri = analysis.doc, analysis.uri
    uri_of = state.uris.uri_of
    own = [to_diagnostic(doc, f, state.encoding, uri, uri_of) for f in analysis.result.findings]
    return own + [d for listener in state.listeners for d in listener.diagnostics(analysis)]


def shown_diagnostics(
    ls: LanguageServer, state: ServerState, analysis: Analysis
) -> list[types.Diagnostic]:
    """The document's diagnostics less those the ``baseline`` setting's file records."""
    diagnostics = diagnostics_of(state, analysis)
    if state.settings.baseline:
        from subagent_ls.lsp.baselined import without_baselined

        def complain(message: str) -> None:
            ls.window_show_message(
                types.ShowMessageParams(type=types.MessageType.Error, message=message)
            )

        diagnostics = without_baselined(state, analysis, diagnostics, complain)
    return diagnostics


def publish(ls: LanguageServer, state: ServerState, analysis: Analysis) -> None:
    ls.text_document_publish_diagnostics(
        types.PublishDiagnosticsParams(
            uri=analysis.uri,
            version=analysis.version,
            diagnostics=shown_diagnostics(ls, state, analysis),
        )
    )


def refresh(ls: LanguageServer, state: ServerState, uri: str) -> Analysis | None:
    """Analyze the client's current text of ``uri`` and push its diagnostics."""
    document = text_document(ls.workspace, uri)
    if document is None:
        return None
    analysis = state.analyze(document.uri, document.source, document.version)
    for listener in state.listeners:  # first: the catalog's findings for this version
        listener.document_changed(ls, analysis.uri)
    publish(ls, state, analysis)
    return analysis


def files_changed(ls: LanguageServer, state: ServerState, paths: Iterable[Path]) -> None:
    """Files changed on disk: the open documents whose dialect was guessed from the agent
    files beside them (``workspace.collection``), where one of ``paths`` lies, are analyzed
    again and published."""
    from subagent_ls.workspace.collection import forget, reaches, read_beside

    changed = [str(path) for path in paths]
    forget(changed)
    roots = [str(root) for root in state.roots]
    for analysis in list(state.analyses.values()):
        path = analysis.path
        if analysis.beside and path is not None and reaches(read_beside(str(path), roots), changed):
            publish(ls, state, state.relint(analysis))


def current(ls: LanguageServer, state: ServerState, uri: str) -> Analysis | None:
    """The analysis of the open document's current version with the current settings and
    workspace folders (None for unknown documents)."""
    document = text_document(ls.workspace, uri)
    if document is None:
        return None
    analysis = state.analysis_of(document.uri)
    if (
        analysis is None
        or analysis.version != document.version
        or analysis.generation != state.generation
    ):
        analysis = state.analyze(document.uri, document.source, document.version)
    return analysis


def current_agent(ls: LanguageServer, state: ServerState, uri: str) -> Analysis | None:
    """The current analysis of an open agent file; None for other Markdown (which gets no
    diagnostics, symbols, folding, hover, completion, actions, lenses or renames) and for
    unknown documents."""
    analysis = current(ls, state, uri)
    return analysis if analysis is not None and analysis.is_agent else None


def register(server: LanguageServer, state: ServerState) -> None:
    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: LanguageServer, params: types.DidOpenTextDocumentParams) -> None:
        state.uris.open(params.text_document.uri)
        refresh(ls, state, params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: LanguageServer, params: types.DidChangeTextDocumentParams) -> None:
        refresh(ls, state, params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: LanguageServer, params: types.DidSaveTextDocumentParams) -> None:
        refresh(ls, state, params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: LanguageServer, params: types.DidCloseTextDocumentParams) -> None:
        closed = state.analyses.pop(key_of(params.text_document.uri), None)
        uri = closed.uri if closed else params.text_document.uri
        state.uris.close(uri)
        ls.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=uri, diagnostics=[])
        )
        for listener in state.listeners:
            listener.document_changed(ls, uri)

    @server.feature(
        types.TEXT_DOCUMENT_DIAGNOSTIC,
        types.DiagnosticOptions(inter_file_dependencies=False, workspace_diagnostics=False),
    )
    def pull_diagnostics(
        ls: LanguageServer, params: types.DocumentDiagnosticParams
    ) -> types.FullDocumentDiagnosticReport:
        analysis = current(ls, state, params.text_document.uri)
        items = shown_diagnostics(ls, state, analysis) if analysis else []
        return types.FullDocumentDiagnosticReport(items=items)
