"""Code actions "Port to <harness>…": the file ported to each other harness (``analysis.port``,
as ``subagent-ls port`` writes it into the project), created by a workspace edit where the
client can create files. A port the target would not load is shown disabled with the reason,
where the client shows disabled actions."""

from __future__ import annotations

from pathlib import Path

from lsprotocol import types

from subagent_ls.lsp.state import Analysis, ServerState

PORT_KIND = f"{types.CodeActionKind.Refactor.value}.port"


def port_actions(state: ServerState, analysis: Analysis) -> list[types.CodeAction]:
    """One action per harness a definition can be ported to, but the file's own."""
    from subagent_ls.analysis.port import label, port_file, ports

    if not (state.create_files and state.document_changes) or analysis.path is None:
        return []
    actions = []
    for harness in ports():
        ported = port_file(analysis.doc, harness, forced=analysis.choice.dialect)
        if ported.own == harness or not ported.source_loads:
            continue
        title = f"Port to {label(harness)}…"
        if ported.loads and ported.target is not None and ported.text is not None:
            uri = state.uris.uri_of(Path(ported.target))
            actions.append(
                types.CodeAction(title=title, kind=PORT_KIND, edit=_created(uri, ported.text))
            )
        elif state.disabled_actions:
            reason = f"Not ported: {ported.reason}."
            disabled = types.CodeActionDisabled(reason=reason)
            actions.append(types.CodeAction(title=title, kind=PORT_KIND, disabled=disabled))
    return actions


def _created(uri: str, text: str) -> types.WorkspaceEdit:
    """Create the file (replacing one there) and write the text into it."""
    start = types.Position(0, 0)
    document = types.OptionalVersionedTextDocumentIdentifier(uri=uri, version=None)
    insert = types.TextEdit(range=types.Range(start, start), new_text=text)
    return types.WorkspaceEdit(
        document_changes=[
            types.CreateFile(uri=uri, options=types.CreateFileOptions(overwrite=True)),
            types.TextDocumentEdit(text_document=document, edits=[insert]),
        ]
    )
