"""Rename refuses the names the file's dialect refuses, with an error that says why; renaming
the file to such a name leaves ``name`` alone."""

from __future__ import annotations

import pytest
from lsp_helpers import apply, doc_id, edits_of, open_document, uri_of
from lsprotocol import types
from pygls.exceptions import JsonRpcException

DESC = "description: Reviews code and reports defects. Use when a change is ready."
TEXT = f"---\nname: helper\n{DESC}\n---\nBody.\n"
WHERE = types.Position(1, 8)
REQUEST_FAILED = -32803


async def rename(client, uri: str, new_name: str) -> types.WorkspaceEdit | None:
    return await client.text_document_rename_async(types.RenameParams(doc_id(uri), WHERE, new_name))


async def refused(client, uri: str, new_name: str) -> str:
    with pytest.raises(JsonRpcException) as raised:
        await rename(client, uri, new_name)
    assert raised.value.code == REQUEST_FAILED
    return raised.value.message


@pytest.mark.parametrize(
    ("new_name", "why"),
    [
        ("", "empty"),
        ("  ", "empty"),
        ("Code Reviewer", "may only use"),
        ("sub/reviewer", "may only use"),
        ("x" * 65, "the limit is 64"),
        ("-reviewer", "hyphen"),
        ("code--reviewer", "hyphen"),
    ],
)
async def test_names_the_base_format_refuses(client, workspace, new_name, why):
    uri = await open_document(client, workspace / ".agents/agents/helper.md", TEXT)
    assert why in await refused(client, uri, new_name)
    assert not [m for m in client.log_messages if m.type == types.MessageType.Error]


async def test_a_name_the_harness_would_not_load_is_refused(client, workspace):
    """Claude Code takes almost any name (its name rules are hints), but ignores a file with an
    empty one and rejects one starting with `-`."""
    uri = await open_document(client, workspace / ".claude/agents/helper.md", TEXT)
    assert "Claude Code" in await refused(client, uri, "-reviewer")
    await refused(client, uri, "")
    edit = await rename(client, uri, "Code Reviewer")
    assert apply(TEXT, edits_of(edit, uri)) == TEXT.replace("helper", "Code Reviewer")


async def test_an_accepted_name_still_renames(client, workspace):
    uri = await open_document(client, workspace / ".agents/agents/helper.md", TEXT)
    edit = await rename(client, uri, "code-reviewer")
    assert apply(TEXT, edits_of(edit, uri)) == TEXT.replace("helper", "code-reviewer")


async def test_a_file_renamed_to_a_refused_name_keeps_its_name(client, workspace):
    uri = await open_document(client, workspace / ".agents/agents/helper.md", TEXT)
    renames = [types.FileRename(uri, uri_of(workspace / ".agents/agents/Code Reviewer.md"))]
    params = types.RenameFilesParams(files=renames)
    assert await client.workspace_will_rename_files_async(params) is None
