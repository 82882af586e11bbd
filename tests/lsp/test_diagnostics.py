"""Diagnostics over stdio: pushed on open/change/save with the version, cleared on close, pulled
on request, exact for CJK and emoji in UTF-16, in the latest version only after rapid edits."""

from __future__ import annotations

import pytest
from lsp_helpers import (
    change,
    codes,
    doc_id,
    open_document,
    raw_request,
    units,
    uri_of,
    wait_for_diagnostics,
)
from lsprotocol import types
from pygls.exceptions import JsonRpcException

GARBAGE = [
    ("textDocument/hover", {"textDocument": 5}),
    ("textDocument/completion", {"textDocument": {"uri": 3}, "position": "x"}),
    ("textDocument/codeAction", None),
    ("subagents/noSuchMethod", {}),
    ("subagents/catalog", {"harness": "nope"}),  # the handler itself raises
]
GOOD = (
    "---\nname: helper\n"
    "description: Reviews code and reports defects. Use when a change is ready.\n---\nBody\n"
)
BROKEN = (
    "---\nname: helper\ndescription: 审查 😀 code: reviews every change and reports defects. Use "
    "when a change is ready.\n---\nBody\n"
)


async def test_open_publishes_diagnostics_with_version_and_exact_utf16_range(client, workspace):
    uri = await open_document(client, workspace / ".agents/agents/helper.md", BROKEN, version=7)
    (diagnostic,) = client.diagnostics[uri]
    assert diagnostic.code == "yaml-syntax" and diagnostic.source == "subagent-ls"
    assert diagnostic.severity == types.DiagnosticSeverity.Error
    column = units("description: 审查 😀 code", client.position_encoding)
    assert column == {"utf-16": 23, "utf-8": 29, "utf-32": 22}[client.position_encoding]
    assert diagnostic.range.start == types.Position(2, column)
    assert diagnostic.data["rule"] == "yaml-syntax"


async def test_change_and_close(client, workspace):
    uri = await open_document(client, workspace / ".agents/agents/helper.md", BROKEN)
    await change(client, uri, GOOD, version=2)
    assert codes(client, uri) == []
    await change(client, uri, GOOD.replace("name: helper", "name: Helper"), version=3)
    assert codes(client, uri) == ["name-charset", "name-mismatch"]
    client.diagnostics.pop(uri)
    client.text_document_did_close(types.DidCloseTextDocumentParams(doc_id(uri)))
    await wait_for_diagnostics(client, uri)
    assert client.diagnostics[uri] == [] or len(client.diagnostics[uri]) == 0


async def test_incremental_edits(client, workspace):
    uri = await open_document(client, workspace / ".agents/agents/helper.md", GOOD)
    client.diagnostics.pop(uri)
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[
                types.TextDocumentContentChangePartial(
                    range=types.Range(types.Position(1, 6), types.Position(1, 12)),
                    text="Other_Name",
                )
            ],
        )
    )
    await wait_for_diagnostics(client, uri, 2)
    assert codes(client, uri) == ["name-charset", "name-mismatch"]


async def test_rapid_edits_leave_diagnostics_of_the_latest_version(client, workspace):
    uri = await open_document(client, workspace / ".agents/agents/helper.md", GOOD)
    versions = []
    for version in range(2, 31):
        text = GOOD if version % 2 else BROKEN
        client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
                content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)],
            )
        )
        versions.append(version)
    pulled = await client.text_document_diagnostic_async(
        types.DocumentDiagnosticParams(doc_id(uri))
    )
    await wait_for_diagnostics(client, uri, versions[-1])
    assert [d.code for d in pulled.items] == ["yaml-syntax"]  # version 30 is BROKEN
    assert [str(d.code) for d in client.diagnostics[uri]] == ["yaml-syntax"]


async def test_pull_diagnostics_match_pushed(client, workspace):
    uri = await open_document(client, workspace / ".agents/agents/helper.md", BROKEN)
    report = await client.text_document_diagnostic_async(
        types.DocumentDiagnosticParams(doc_id(uri))
    )
    assert report.kind == "full"
    assert [d.range for d in report.items] == [d.range for d in client.diagnostics[uri]]


async def test_markdown_that_is_not_an_agent_gets_no_diagnostics(client, workspace):
    uri = await open_document(client, workspace / "README.md", "# Project\n\nNot an agent.\n")
    assert codes(client, uri) == []


async def test_agent_outside_agent_folders_is_recognised_by_its_frontmatter(client, workspace):
    text = "---\nname: x\ndescription: Plans work. Use when asked.\nmode: helper\n---\nB\n"
    uri = await open_document(client, workspace / "catalog" / "x.md", text)
    assert "value-unknown" in codes(client, uri)


@pytest.mark.parametrize(
    "where",
    [
        "docs/x.md",
        "skills/review/SKILL.md",
        "skills/review/references/x.md",
        ".claude/commands/x.md",
        "plugins/p/commands/x.md",
        ".opencode/command/x.md",
        ".github/instructions/x.instructions.md",
        ".github/prompts/x.prompt.md",
        ".github/chatmodes/x.chatmode.md",
        ".github/workflows/x.md",
        "AGENTS.md",
        "README.md",
    ],
)
async def test_markdown_of_other_kinds_gets_no_diagnostics(client, workspace, where):
    """Skills, commands, instructions, prompts, chat modes, agentic workflows, docs pages and
    READMEs, even with an agent's frontmatter."""
    text = "---\nname: x\ndescription: Plans work. Use when asked.\nmode: helper\n---\nB\n"
    uri = await open_document(client, workspace / where, text)
    assert codes(client, uri) == []


async def test_dialect_follows_the_folder(client, workspace):
    text = (
        "---\nname: Reviewer\ndescription: Reviews code. Use when asked.\ncolor: teal\n---\nBody\n"
    )
    uri = await open_document(client, workspace / ".claude/agents/rev.md", text)
    severities = {str(d.code): d.severity for d in client.diagnostics[uri]}
    assert severities["value-unknown"] == types.DiagnosticSeverity.Warning
    assert severities["name-charset"] == types.DiagnosticSeverity.Hint


async def test_unknown_documents_and_garbage_params_do_not_kill_the_server(client, workspace):
    missing = uri_of(workspace / ".agents/agents/never-opened.md")
    hover = await client.text_document_hover_async(
        types.HoverParams(doc_id(missing), types.Position(0, 0))
    )
    assert hover is None
    for method, params in GARBAGE:
        with pytest.raises(JsonRpcException):
            await raw_request(client, method, params)
    assert any("invalid params" in m.message for m in client.log_messages)  # WARNING → client
    uri = await open_document(client, workspace / ".agents/agents/helper.md", BROKEN)
    assert codes(client, uri) == ["yaml-syntax"]


async def test_markdown_that_is_not_an_agent_gets_no_other_answer(client, workspace):
    """A README has an outline of its own in the editor: no symbols, folds, hover, lens,
    actions or rename from this server."""
    text = "---\nname: readme\ndescription: About\n---\n# Project\n\n## Use\n\nText.\n"
    uri = await open_document(client, workspace / "README.md", text)
    ident = types.TextDocumentIdentifier(uri)
    where = types.Position(1, 7)
    assert not await client.text_document_document_symbol_async(types.DocumentSymbolParams(ident))
    assert not await client.text_document_folding_range_async(types.FoldingRangeParams(ident))
    assert not await client.text_document_hover_async(types.HoverParams(ident, where))
    assert not await client.text_document_code_lens_async(types.CodeLensParams(ident))
    rename = types.RenameParams(ident, where, "other")
    assert not await client.text_document_rename_async(rename)
    prepare = types.PrepareRenameParams(ident, where)
    assert not await client.text_document_prepare_rename_async(prepare)


async def test_the_hover_says_which_harness_a_collection_file_is_written_for(client, workspace):
    text = (
        "---\nname: api-designer\ndescription: Designs APIs. Use when an API changes.\n"
        "tools: Read, Grep\nmodel: sonnet\n---\nDesign the API.\n"
    )
    uri = await open_document(client, workspace / "categories/01-core/api-designer.md", text)
    hover = await client.text_document_hover_async(
        types.HoverParams(types.TextDocumentIdentifier(uri), types.Position(0, 1))
    )
    said = "Why this dialect: judged as Claude Code: the tools `Read`, `Grep`; `model: sonnet`."
    assert said in hover.contents.value
    assert "**Claude Code would load it, but not from here**." in hover.contents.value
    assert "It does not read this folder; it reads project .claude/agents" in hover.contents.value
