"""Code actions "Port to <harness>…": the file ported to each other harness (``analysis.port``,
as ``subagent-ls port`` writes it into the project), created by a workspace edit where the
client can create files. A port the target would not load is shown disabled with the reason,
where the client shows disabled actions.

A client whose file creation does not make the file's missing folders (Neovim before 0.8 fails
on a path whose folder is missing) gets, where the target's folder is missing, the action as
the command ``subagent-ls.port``: the server makes the folder, then sends the same edit
(``workspace/applyEdit``)."""

from __future__ import annotations

from pathlib import Path

from lsprotocol import types
from pygls.lsp.server import LanguageServer

from subagent_ls.lsp.state import Analysis, ServerState

PORT_KIND = f"{types.CodeActionKind.Refactor.value}.port"
PORT_COMMAND = "subagent-ls.port"


def port_actions(state: ServerState, analysis: Analysis) -> list[types.CodeAction]:
    """One action per real harness a definition can be ported to, but the file's own (a seed
    format is ported to by ``subagent-ls port --to``)."""
    from subagent_ls.analysis.port import label, port_file, real_ports

    if not (state.create_files and state.document_changes) or analysis.path is None:
        return []
    actions = []
    for harness in real_ports():
        ported = port_file(analysis.doc, harness, forced=analysis.choice.dialect)
        if ported.own == harness or not ported.source_loads:
            continue
        title = f"Port to {label(harness)}…"
        if ported.loads and ported.target is not None and ported.text is not None:
            if state.create_folders or Path(ported.target).parent.is_dir():
                uri = state.uris.uri_of(Path(ported.target))
                edit = _created(uri, ported.text)
                actions.append(types.CodeAction(title=title, kind=PORT_KIND, edit=edit))
            else:
                command = types.Command(title, PORT_COMMAND, arguments=[analysis.uri, harness])
                actions.append(types.CodeAction(title=title, kind=PORT_KIND, command=command))
        elif state.disabled_actions:
            reason = f"Not ported: {ported.reason}."
            disabled = types.CodeActionDisabled(reason=reason)
            actions.append(types.CodeAction(title=title, kind=PORT_KIND, disabled=disabled))
    return actions


async def port_command(ls: LanguageServer, state: ServerState, uri: object, harness: object):
    """``subagent-ls.port`` (source URI, harness): the port of the file as it is now, its
    folder made, sent to the client to apply. Nothing when the file is no open agent file or
    its port would not load; refused when the folder cannot be made."""
    from subagent_ls.analysis.port import label, port_file, ports
    from subagent_ls.lsp.documents import current_agent
    from subagent_ls.lsp.protocol import RequestRefused

    if not (isinstance(uri, str) and isinstance(harness, str)) or harness not in ports():
        return None
    analysis = current_agent(ls, state, uri)
    if analysis is None or analysis.path is None:
        return None
    ported = port_file(analysis.doc, harness, forced=analysis.choice.dialect)
    if not ported.loads or ported.target is None or ported.text is None:
        return None
    target = Path(ported.target)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise RequestRefused(f"cannot make {target.parent}: {error.strerror or error}") from None
    edit = _created(state.uris.uri_of(target), ported.text)
    params = types.ApplyWorkspaceEditParams(edit=edit, label=f"Port to {label(harness)}")
    await ls.workspace_apply_edit_async(params)
    return None


def _created(uri: str, text: str) -> types.WorkspaceEdit:
    """Create the file (replacing one there) and write the text into it: the edit replaces
    the whole (empty) file, up to the start of the line after its last, as LSP says a range
    that ends with a line's end does. An insert at its start would leave the empty line of an
    editor that keeps an empty file as one empty line (Neovim) below the text."""
    start = types.Position(0, 0)
    document = types.OptionalVersionedTextDocumentIdentifier(uri=uri, version=None)
    whole = types.TextEdit(range=types.Range(start, types.Position(1, 0)), new_text=text)
    return types.WorkspaceEdit(
        document_changes=[
            types.CreateFile(uri=uri, options=types.CreateFileOptions(overwrite=True)),
            types.TextDocumentEdit(text_document=document, edits=[whole]),
        ]
    )
