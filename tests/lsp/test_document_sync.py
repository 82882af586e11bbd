"""Document sync in any order a client sends it: a change, save or close of a document that is
not open is dropped without an error reaching the client (no error response, no error window
message, no error log message), and a second didOpen replaces the text. Replays of what Neovim
0.12 and VS Code send after a rename that moves the file."""

from __future__ import annotations

from pathlib import Path

from lsp_helpers import (
    codes,
    doc_id,
    edits_of,
    open_document,
    open_uri,
    uri_of,
    wait_for_diagnostics,
)
from lsprotocol import types

DESC = "description: Reviews code and reports defects. Use when a change is ready."
TEXT = f"---\nname: helper\n{DESC}\n---\nBody.\n"
RENAMED = TEXT.replace("helper", "code-reviewer")
WHERE = types.Position(1, 8)


def errors(client) -> list[str]:
    """Every error the client was shown or sent in a log message."""
    shown = [m.message for m in client.messages if m.type == types.MessageType.Error]
    logged = [m.message for m in client.log_messages if m.type == types.MessageType.Error]
    return shown + logged


def incremental(
    uri: str, version: int, edits: list[types.TextEdit]
) -> types.DidChangeTextDocumentParams:
    return types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
        content_changes=[
            types.TextDocumentContentChangePartial(range=edit.range, text=edit.new_text)
            for edit in edits
        ],
    )


def whole(uri: str, version: int, text: str) -> types.DidChangeTextDocumentParams:
    return types.DidChangeTextDocumentParams(
        text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
        content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)],
    )


def opened(uri: str, version: int, text: str) -> types.DidOpenTextDocumentParams:
    return types.DidOpenTextDocumentParams(types.TextDocumentItem(uri, "markdown", version, text))


async def renamed_by_server(client, workspace: Path) -> tuple[str, str, list[types.TextEdit]]:
    """Open `helper.md`, rename its `name` to `code-reviewer`, and move the file on disk as the
    client does with the edit's file rename. The old URI, the new one, the text edits."""
    old_path = workspace / ".agents/agents/helper.md"
    old_path.write_text(TEXT)
    old = await open_document(client, old_path, TEXT)
    params = types.RenameParams(doc_id(old), WHERE, "code-reviewer")
    edit = await client.text_document_rename_async(params)
    (rename,) = [c for c in edit.document_changes if isinstance(c, types.RenameFile)]
    assert rename.old_uri == old
    new_path = workspace / ".agents/agents/code-reviewer.md"
    assert rename.new_uri == uri_of(new_path)
    new_path.write_text(RENAMED)
    old_path.unlink()
    return old, rename.new_uri, edits_of(edit, old)


async def test_neovim_rename_sequence(client, workspace):
    """Neovim 0.12 sends the text edit under the new URI before it closes the old document and
    opens the new one."""
    old, new, edits = await renamed_by_server(client, workspace)
    client.text_document_did_change(incremental(new, 2, edits))  # not open yet: dropped
    client.text_document_did_close(types.DidCloseTextDocumentParams(doc_id(old)))
    await open_uri(client, new, RENAMED, version=2)
    assert codes(client, new) == []
    assert len(client.diagnostics[old]) == 0  # cleared on close
    back = [types.TextEdit(types.Range(WHERE, types.Position(1, 19)), "helper")]
    client.diagnostics.pop(new, None)
    client.text_document_did_change(incremental(new, 3, back))
    await wait_for_diagnostics(client, new, 3)
    assert codes(client, new) == ["name-mismatch"]  # judged as code-reviewer.md
    client.text_document_did_save(types.DidSaveTextDocumentParams(doc_id(new)))
    client.text_document_did_save(types.DidSaveTextDocumentParams(doc_id(old)))  # closed
    await wait_for_diagnostics(client, new, 3)
    assert errors(client) == []


async def test_vscode_rename_sequence(client, workspace):
    """VS Code applies the text edit to the open document, then closes it and opens the new."""
    old, new, _ = await renamed_by_server(client, workspace)
    client.text_document_did_change(whole(old, 2, RENAMED))
    await wait_for_diagnostics(client, old, 2)
    client.text_document_did_close(types.DidCloseTextDocumentParams(doc_id(old)))
    await open_uri(client, new, RENAMED, version=1)
    assert codes(client, new) == []
    client.diagnostics.pop(new, None)
    client.text_document_did_change(whole(new, 2, TEXT.replace("helper", "x--y")))
    await wait_for_diagnostics(client, new, 2)
    assert "name-hyphen" in codes(client, new)
    assert errors(client) == []


async def test_open_twice_takes_the_second_text(client, workspace):
    path = workspace / ".agents/agents/helper.md"
    uri = await open_document(client, path, TEXT)
    assert codes(client, uri) == []
    await open_uri(client, uri, TEXT.replace("name: helper", "name: other"), version=5)
    assert codes(client, uri) == ["name-mismatch"]
    client.diagnostics.pop(uri, None)
    client.text_document_did_change(whole(uri, 6, TEXT))
    await wait_for_diagnostics(client, uri, 6)
    assert codes(client, uri) == []
    assert errors(client) == []


async def test_notifications_for_a_document_never_opened_are_dropped(client, workspace):
    unknown = uri_of(workspace / ".agents/agents/ghost.md")
    edit = [types.TextEdit(types.Range(WHERE, WHERE), "x")]
    client.text_document_did_change(incremental(unknown, 2, edit))
    client.text_document_did_change(whole(unknown, 3, TEXT))  # not taken as the content
    client.text_document_did_save(types.DidSaveTextDocumentParams(doc_id(unknown)))
    client.text_document_did_close(types.DidCloseTextDocumentParams(doc_id(unknown)))
    hover = types.HoverParams(doc_id(unknown), WHERE)
    assert await client.text_document_hover_async(hover) is None
    # sync notifications are handled in order: these diagnostics come after the ones above
    await open_document(client, workspace / ".agents/agents/helper.md", TEXT)
    assert unknown not in client.diagnostics
    await open_uri(client, unknown, TEXT.replace("helper", "ghost"), version=4)
    assert codes(client, unknown) == []
    assert errors(client) == []
