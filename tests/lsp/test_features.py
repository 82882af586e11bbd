"""Completion, hover, code actions, rename, symbols, folding and settings over stdio."""

from __future__ import annotations

from lsp_helpers import (
    apply,
    change,
    codes,
    doc_id,
    edits_of,
    open_document,
    uri_of,
    wait_for_codes,
)
from lsprotocol import types

DESC = "description: Reviews code and reports defects. Use when a change is ready."
TEXT = (
    f"---\nname: helper\n{DESC}\ncomplexity: judgment\ntools: [Read]\n---\n"
    "# Role\n\nBody.\n\n## Steps\n\nDo it.\n"
)


def position(text: str, needle: str, delta: int = 0) -> types.Position:
    """The position of ``needle`` (plus ``delta`` characters) in ASCII-only lines."""
    offset = text.index(needle) + delta
    line = text.count("\n", 0, offset)
    return types.Position(line, offset - (text.rfind("\n", 0, offset) + 1))


async def completion_labels(client, uri, where: types.Position) -> list[str]:
    result = await client.text_document_completion_async(types.CompletionParams(doc_id(uri), where))
    items = result.items if isinstance(result, types.CompletionList) else (result or [])
    return [item.label for item in items]


async def test_completion_of_field_names_with_documentation(client, workspace):
    text = f"---\nname: helper\n{DESC}\nco\n---\nBody\n"
    uri = await open_document(client, workspace / ".agents/agents/helper.md", text)
    result = await client.text_document_completion_async(
        types.CompletionParams(doc_id(uri), types.Position(3, 2))
    )
    items = {item.label: item for item in result.items}
    assert "complexity" in items and "name" not in items  # name is already there
    assert "mundane" in items["complexity"].documentation.value
    assert items["complexity"].text_edit.new_text.startswith("complexity: ")


async def test_completion_of_values(client, workspace):
    uri = await open_document(client, workspace / ".agents/agents/helper.md", TEXT)
    assert await completion_labels(client, uri, position(TEXT, "judgment")) == [
        "mundane", "routine", "interpreting", "judgment", "critical",
    ]  # fmt: skip
    assert "helper" in await completion_labels(client, uri, position(TEXT, "helper"))
    tools_text = TEXT.replace("tools: [Read]", "tools: ")
    await change(client, uri, tools_text, 2)
    assert {"true", "false"} <= set(
        await completion_labels(client, uri, position(tools_text, "tools: ", 7))
    )


async def test_claude_code_tool_names(client, workspace):
    text = f"---\nname: helper\n{DESC}\ntools: [Read, \n---\nBody\n"
    uri = await open_document(client, workspace / ".claude/agents/helper.md", text)
    labels = await completion_labels(client, uri, position(text, "tools: [Read, ", 14))
    assert {"Grep", "Bash", "WebFetch"} <= set(labels)


async def test_no_completion_in_the_body(client, workspace):
    uri = await open_document(client, workspace / ".agents/agents/helper.md", TEXT)
    assert await completion_labels(client, uri, position(TEXT, "Body.")) == []


async def test_hover(client, workspace):
    uri = await open_document(client, workspace / ".agents/agents/helper.md", TEXT)

    async def hover_at(where):
        result = await client.text_document_hover_async(types.HoverParams(doc_id(uri), where))
        return result.contents.value

    assert "Diagnosis, unfamiliar code" in await hover_at(position(TEXT, "judgment", 2))
    assert "kind of work" in await hover_at(position(TEXT, "complexity"))
    assert "`false` none" in await hover_at(position(TEXT, "[Read]", 1))
    fence = await hover_at(types.Position(0, 1))
    assert "harness-subagents" in fence and "the folder `.agents/agents/`" in fence


async def actions_for_the_diagnostic(client, uri: str) -> tuple[types.Diagnostic, list]:
    """The document's only diagnostic and the code actions offered for it."""
    (diagnostic,) = client.diagnostics[uri]
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(doc_id(uri), diagnostic.range, types.CodeActionContext([diagnostic]))
    )
    return diagnostic, actions


async def test_quick_fix_applies_and_clears_the_diagnostic(client, workspace):
    text = TEXT.replace("judgment", "judgement")
    uri = await open_document(client, workspace / ".agents/agents/helper.md", text)
    diagnostic, actions = await actions_for_the_diagnostic(client, uri)
    (fix,) = [a for a in actions if a.kind == types.CodeActionKind.QuickFix]
    assert fix.title == "Change to `judgment`" and list(fix.diagnostics) == [diagnostic]
    fixed = apply(text, edits_of(fix.edit, uri), client.position_encoding)
    assert fixed == TEXT
    await change(client, uri, fixed, 2)
    assert codes(client, uri) == []


async def test_fix_all_applies_the_safe_fixes_only(client, workspace):
    good = TEXT.replace("tools: [Read]", "tools: [Read, Grep]")
    text = good.replace("name: helper", "name: Helper").replace("judgment", "judgement")
    text = text.replace("tools: [Read, Grep]", "tools: Read, Grep")
    uri = await open_document(client, workspace / ".agents/agents/helper.md", text)
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            doc_id(uri),
            types.Range(types.Position(0, 0), types.Position(0, 0)),
            types.CodeActionContext([], only=["source.fixAll"]),
        )
    )
    (fix_all,) = actions
    assert fix_all.kind == "source.fixAll.subagent-ls"
    fixed = apply(text, edits_of(fix_all.edit, uri), client.position_encoding)
    # the name (identity) and the did-you-mean value are left for the user to choose
    assert fixed == text.replace("tools: Read, Grep", "tools: [Read, Grep]")


async def test_a_light_bulb_offers_fix_all_and_computes_it_only_when_picked(client, workspace):
    """Without ``only`` (a light bulb), the fix-all action comes without its edit (fixing
    everything re-lints once per pass); ``codeAction/resolve`` gives the same edit as asking
    for ``source.fixAll``."""
    text = TEXT.replace("tools: [Read]", "tools: Read, Grep").replace("judgment", "judgement")
    uri = await open_document(client, workspace / ".agents/agents/helper.md", text)
    everywhere = types.Range(types.Position(0, 0), types.Position(0, 0))
    bulb = await client.text_document_code_action_async(
        types.CodeActionParams(doc_id(uri), everywhere, types.CodeActionContext([]))
    )
    (lazy,) = [a for a in bulb if a.kind == "source.fixAll.subagent-ls"]
    assert lazy.edit is None and lazy.data is not None
    resolved = await client.code_action_resolve_async(lazy)
    (eager,) = await client.text_document_code_action_async(
        types.CodeActionParams(
            doc_id(uri), everywhere, types.CodeActionContext([], only=["source.fixAll"])
        )
    )
    assert resolved.edit == eager.edit
    fixed = apply(text, edits_of(resolved.edit, uri), client.position_encoding)
    assert fixed == text.replace("tools: Read, Grep", "tools: [Read, Grep]")


async def test_unsafe_quick_fix_is_offered_but_not_preferred(client, workspace):
    text = TEXT.replace("name: helper", "name: Helper")
    uri = await open_document(client, workspace / ".agents/agents/helper.md", text)
    await wait_for_codes(client, uri, ["name-charset", "name-mismatch"])
    (charset, _) = client.diagnostics[uri]
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(doc_id(uri), charset.range, types.CodeActionContext([charset]))
    )
    (fix,) = [a for a in actions if a.kind == types.CodeActionKind.QuickFix]
    assert fix.title == "Change the name to `helper`" and not fix.is_preferred
    assert charset.data["fixKind"] == "unsafe"
    assert apply(text, edits_of(fix.edit, uri), client.position_encoding) == TEXT


async def test_rename_file_to_match_name(client, workspace):
    text = TEXT.replace("name: helper", "name: reviewer")
    uri = await open_document(client, workspace / ".agents/agents/helper.md", text)
    _, actions = await actions_for_the_diagnostic(client, uri)
    titles = [a.title for a in actions]
    assert "Set the name to the file name `helper`" in titles
    renames = [
        change
        for action in actions
        for change in (action.edit.document_changes or [])
        if isinstance(change, types.RenameFile)
    ]
    if client.capabilities.workspace.workspace_edit.resource_operations:
        assert [r.new_uri for r in renames] == [uri_of(workspace / ".agents/agents/reviewer.md")]
    else:
        assert renames == []


async def test_rename_name_renames_the_file(client, workspace):
    uri = await open_document(client, workspace / ".agents/agents/helper.md", TEXT)
    where = position(TEXT, "helper", 2)
    prepared = await client.text_document_prepare_rename_async(
        types.PrepareRenameParams(doc_id(uri), where)
    )
    assert prepared == types.Range(types.Position(1, 6), types.Position(1, 12))
    edit = await client.text_document_rename_async(
        types.RenameParams(doc_id(uri), where, "reviewer")
    )
    assert apply(TEXT, edits_of(edit, uri)) == TEXT.replace("name: helper", "name: reviewer")
    renames = [c for c in edit.document_changes or [] if isinstance(c, types.RenameFile)]
    if client.capabilities.workspace.workspace_edit.resource_operations:
        assert renames[0].new_uri == uri_of(workspace / ".agents/agents/reviewer.md")


async def test_will_rename_files_updates_the_name(client, workspace):
    uri = await open_document(client, workspace / ".agents/agents/helper.md", TEXT)
    new_uri = uri_of(workspace / ".agents/agents/auditor.md")
    edit = await client.workspace_will_rename_files_async(
        types.RenameFilesParams(files=[types.FileRename(old_uri=uri, new_uri=new_uri)])
    )
    assert apply(TEXT, edit.changes[uri]) == TEXT.replace("name: helper", "name: auditor")


async def test_document_symbols_and_folding(client, workspace):
    uri = await open_document(client, workspace / ".agents/agents/helper.md", TEXT)
    symbols = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(doc_id(uri))
    )
    names = [s.name for s in symbols]
    assert names[:4] == ["name", "description", "complexity", "tools"]
    (role,) = [s for s in symbols if s.name == "Role"]
    assert [c.name for c in role.children] == ["Steps"]
    folds = await client.text_document_folding_range_async(types.FoldingRangeParams(doc_id(uri)))
    assert (0, 5) in {(f.start_line, f.end_line) for f in folds}


async def test_settings_from_the_client(client, workspace):
    text = TEXT.replace(DESC, "description: Helps.")
    uri = await open_document(client, workspace / ".agents/agents/helper.md", text)
    assert codes(client, uri) == ["description-vague"]
    settings = {"bodyMaxLines": 2, "rules": {"description-vague": "off"}, "server": {"path": "x"}}
    client.set_configuration(settings, section="subagents")
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings=None))
    await wait_for_codes(client, uri, ["body-length"])
    assert client.messages == []


async def test_a_bad_setting_is_one_message_and_the_default(client, workspace):
    uri = await open_document(client, workspace / ".agents/agents/helper.md", TEXT)
    client.set_configuration({"bodyMaxLines": "many"}, section="subagents")
    client.messages.clear()
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings=None))
    while not client.messages:
        await client.wait_for_notification(types.WINDOW_SHOW_MESSAGE)
    assert codes(client, uri) == []
    assert len(client.messages) == 1 and "bodyMaxLines" in client.messages[0].message


async def test_other_markdown_gets_no_completion_and_no_symbols(client, workspace):
    """The editor's own Markdown support gives its outline: a second one would double it."""
    text = "---\ntitle: Notes\n---\n# Heading\n\nco\n"
    uri = await open_document(client, workspace / "docs/notes.md", text)
    assert codes(client, uri) == []
    result = await client.text_document_completion_async(
        types.CompletionParams(doc_id(uri), types.Position(1, 2))
    )
    assert result is None
    symbols = await client.text_document_document_symbol_async(
        types.DocumentSymbolParams(doc_id(uri))
    )
    assert not symbols


async def test_hover_on_description_says_what_the_model_is_given(client, workspace):
    text = TEXT.replace("name: helper", "name: other")  # the base format rejects a mismatch
    uri = await open_document(client, workspace / ".agents/agents/helper.md", text)
    where = position(text, "Reviews code", 2)
    result = await client.text_document_hover_async(types.HoverParams(doc_id(uri), where))
    assert "rejects it: the model never sees this description" in result.contents.value
    await change(client, uri, TEXT, 2)
    result = await client.text_document_hover_async(types.HoverParams(doc_id(uri), where))
    assert "model" not in result.contents.value  # loaded as written: the field's documentation
