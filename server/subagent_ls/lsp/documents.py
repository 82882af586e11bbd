"""Document sync and diagnostics: analyze on open, change and save (pushing diagnostics with the
document's version), clear on close, and answer pull diagnostics."""

from __future__ import annotations

from lsprotocol import types
from pygls.lsp.server import LanguageServer

from subagent_ls.lsp.convert import to_diagnostic
from subagent_ls.lsp.state import Analysis, ServerState


def diagnostics_of(state: ServerState, analysis: Analysis) -> list[types.Diagnostic]:
    if not analysis.is_agent:
        return []
    doc, uri = analysis.doc, analysis.uri
    own = [to_diagnostic(doc, f, state.encoding, uri) for f in analysis.result.findings]
    return own + [d for provider in state.diagnostic_providers for d in provider(analysis)]


def publish(ls: LanguageServer, state: ServerState, analysis: Analysis) -> None:
    ls.text_document_publish_diagnostics(
        types.PublishDiagnosticsParams(
            uri=analysis.uri, version=analysis.version, diagnostics=diagnostics_of(state, analysis)
        )
    )


def refresh(ls: LanguageServer, state: ServerState, uri: str) -> Analysis | None:
    """Analyze the client's current text of ``uri`` and push its diagnostics."""
    document = ls.workspace.text_documents.get(uri)
    if document is None:
        return None
    analysis = state.analyze(uri, document.source, document.version)
    for listener in state.on_analysis:  # first: the catalog's findings for this version
        listener(ls, uri)
    publish(ls, state, analysis)
    return analysis


def current(ls: LanguageServer, state: ServerState, uri: str) -> Analysis | None:
    """The analysis of the open document's current version (None for unknown documents)."""
    analysis = state.analyses.get(uri)
    document = ls.workspace.text_documents.get(uri)
    if document is None:
        return None
    if analysis is None or analysis.version != document.version:
        analysis = state.analyze(uri, document.source, document.version)
    return analysis


def register(server: LanguageServer, state: ServerState) -> None:
    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: LanguageServer, params: types.DidOpenTextDocumentParams) -> None:
        refresh(ls, state, params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: LanguageServer, params: types.DidChangeTextDocumentParams) -> None:
        refresh(ls, state, params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: LanguageServer, params: types.DidSaveTextDocumentParams) -> None:
        refresh(ls, state, params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: LanguageServer, params: types.DidCloseTextDocumentParams) -> None:
        uri = params.text_document.uri
        state.analyses.pop(uri, None)
        ls.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(uri=uri, diagnostics=[])
        )
        for listener in state.on_analysis:
            listener(ls, uri)

    @server.feature(
        types.TEXT_DOCUMENT_DIAGNOSTIC,
        types.DiagnosticOptions(inter_file_dependencies=False, workspace_diagnostics=False),
    )
    def pull_diagnostics(
        ls: LanguageServer, params: types.DocumentDiagnosticParams
    ) -> types.FullDocumentDiagnosticReport:
        analysis = current(ls, state, params.text_document.uri)
        items = diagnostics_of(state, analysis) if analysis else []
        return types.FullDocumentDiagnosticReport(items=items)
