"""Rename refuses the names the file's dialect refuses, with an error that says why; renaming
the file to such a name leaves ``name`` alone. Where ``name`` cannot be renamed at all (the
frontmatter is not valid YAML, not closed, or ``name`` is not a one-line string),
``prepareRename`` and ``rename`` answer with an error saying why, not with nothing."""

from __future__ import annotations

import asyncio

import pytest
from lsp_helpers import apply, doc_id, edits_of, open_document, uri_of
from lsprotocol import types
from pygls.exceptions import JsonRpcException
from test_editor_controls import push

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
    """Claude Code ignores a file with an empty name and rejects one starting with `-`."""
    uri = await open_document(client, workspace / ".claude/agents/helper.md", TEXT)
    assert "Claude Code" in await refused(client, uri, "-reviewer")
    await refused(client, uri, "")
    assert not [m for m in client.log_messages if m.type == types.MessageType.Error]


async def test_a_name_the_dialect_rules_only_hint_at_is_refused(client, workspace):
    """Claude Code loads `Bad Name` (its name rules are hints), but rename would write it and
    name the file `Bad Name.md`: it writes no name the dialect's own name rule flags, and says
    which. With the rule turned off, the name is written."""
    uri = await open_document(client, workspace / ".claude/agents/helper.md", TEXT)
    message = await refused(client, uri, "Bad Name")
    assert "`Bad Name` cannot be the name" in message
    assert "may only use lowercase letters, digits and hyphens; found `B`, space, `N`" in message
    assert not (workspace / ".claude/agents/Bad Name.md").exists()
    await push(client, {"rules": {"name-charset": "off"}})
    edit = None
    for _ in range(50):  # the settings apply once the server has fetched them
        try:
            edit = await rename(client, uri, "Bad Name")
            break
        except JsonRpcException:
            await asyncio.sleep(0.2)
    assert edit is not None and apply(TEXT, edits_of(edit, uri)) == TEXT.replace(
        "helper", "Bad Name"
    )


@pytest.mark.parametrize(
    ("text", "why"),
    [
        (
            TEXT.replace(DESC, "description: Reviews: code"),
            "not valid YAML (line 3: mapping values are not allowed in this context)",
        ),
        (TEXT.replace("---\nBody", "Body"), "the frontmatter has no closing `---`"),
        (TEXT.replace("name: helper", "name: |\n  helper"), "block scalar"),
        (TEXT.replace("name: helper", "name: 42"), "not a string"),
    ],
)
async def test_a_name_that_cannot_be_renamed_says_why(client, workspace, text, why):
    """Both prepareRename (which Neovim and VS Code send first) and rename answer with the
    reason, where they answered nothing before ("Nothing to rename")."""
    uri = await open_document(client, workspace / ".agents/agents/helper.md", text)
    where = types.Position(1, 8) if "|" not in text else types.Position(2, 3)
    with pytest.raises(JsonRpcException) as raised:
        await client.text_document_prepare_rename_async(
            types.PrepareRenameParams(doc_id(uri), where)
        )
    assert raised.value.code == REQUEST_FAILED
    assert why in raised.value.message
    with pytest.raises(JsonRpcException) as raised:
        await client.text_document_rename_async(types.RenameParams(doc_id(uri), where, "x"))
    assert raised.value.code == REQUEST_FAILED
    assert why in raised.value.message
    assert not [m for m in client.log_messages if m.type == types.MessageType.Error]
    assert not [m for m in client.messages if m.type == types.MessageType.Error]


async def test_nothing_to_rename_outside_name(client, workspace):
    uri = await open_document(client, workspace / ".agents/agents/helper.md", TEXT)
    body = types.Position(4, 1)
    assert (
        await client.text_document_prepare_rename_async(
            types.PrepareRenameParams(doc_id(uri), body)
        )
        is None
    )
    prepared = await client.text_document_prepare_rename_async(
        types.PrepareRenameParams(doc_id(uri), WHERE)
    )
    assert prepared == types.Range(types.Position(1, 6), types.Position(1, 12))


async def test_an_accepted_name_still_renames(client, workspace):
    uri = await open_document(client, workspace / ".agents/agents/helper.md", TEXT)
    edit = await rename(client, uri, "code-reviewer")
    assert apply(TEXT, edits_of(edit, uri)) == TEXT.replace("helper", "code-reviewer")


async def test_a_file_renamed_to_a_refused_name_keeps_its_name(client, workspace):
    uri = await open_document(client, workspace / ".agents/agents/helper.md", TEXT)
    renames = [types.FileRename(uri, uri_of(workspace / ".agents/agents/Code Reviewer.md"))]
    params = types.RenameFilesParams(files=renames)
    assert await client.workspace_will_rename_files_async(params) is None
