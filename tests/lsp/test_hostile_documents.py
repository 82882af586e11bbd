"""Open documents no file on disk could be: text with lone surrogates (an editor can send them
as JSON escapes) and documents over the 1 MiB limit the CLI applies to files."""

from __future__ import annotations

from lsp_helpers import change, codes, doc_id, open_document, wait_for_diagnostics
from lsprotocol import types

SURROGATES = (
    "---\nname: help\ud800er\ndescription: Reviews \udc00 code. Use when a change is ready.\n"
    "tools: [Re\ud800ad]\n---\n# Ro\udfffle\n\nBody \ud800.\n"
)
HEADER = "---\nname: big\n---\n# Steps\n\n"


async def all_requests(client, uri: str, where: types.Position) -> list[object]:
    """Every request an editor sends about a document, answered (an error would raise)."""
    doc = doc_id(uri)
    here = types.Range(where, where)
    context = types.CodeActionContext(diagnostics=list(client.diagnostics[uri]))
    return [
        await client.text_document_hover_async(types.HoverParams(doc, where)),
        await client.text_document_completion_async(types.CompletionParams(doc, where)),
        await client.text_document_code_action_async(types.CodeActionParams(doc, here, context)),
        await client.text_document_document_symbol_async(types.DocumentSymbolParams(doc)),
        await client.text_document_folding_range_async(types.FoldingRangeParams(doc)),
        await client.text_document_code_lens_async(types.CodeLensParams(doc)),
        await client.text_document_diagnostic_async(types.DocumentDiagnosticParams(doc)),
    ]


async def test_lone_surrogates_do_not_break_requests(client, workspace):
    uri = await open_document(client, workspace / ".agents/agents/helper.md", SURROGATES)
    assert "name-charset" in codes(client, uri)
    for line, character in ((1, 10), (2, 22), (3, 9), (5, 4), (7, 6)):
        answers = await all_requests(client, uri, types.Position(line, character))
        assert answers[3]  # the fields and the heading are still there
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[
                types.TextDocumentContentChangePartial(
                    range=types.Range(types.Position(1, 6), types.Position(1, 13)), text="helper"
                )
            ],
        )
    )
    await wait_for_diagnostics(client, uri, 2)
    assert "name-charset" not in codes(client, uri) and "yaml-syntax" not in codes(client, uri)


async def test_a_document_over_1_mib_is_one_finding_and_not_parsed(client, workspace):
    text = HEADER + "Check the change carefully and report.\n" * 27_000  # 1.03 MiB
    uri = await open_document(client, workspace / ".agents/agents/big.md", text)
    assert codes(client, uri) == ["file-unreadable"]
    assert "1.0 MiB" in client.diagnostics[uri][0].message
    symbols = types.DocumentSymbolParams(doc_id(uri))
    assert not await client.text_document_document_symbol_async(symbols)  # `# Steps` unread
    await all_requests(client, uri, types.Position(1, 8))
    await change(client, uri, HEADER + "Body.\n", 2)
    assert "file-unreadable" not in codes(client, uri)
    assert await client.text_document_document_symbol_async(symbols)


async def test_the_limit_counts_utf8_bytes(client, workspace):
    text = HEADER + ("äöüß" * 5 + "\n") * 30_000  # 0.6 M characters, 1.2 MiB
    assert len(text) < 1024 * 1024 < len(text.encode())
    uri = await open_document(client, workspace / ".agents/agents/big.md", text)
    assert codes(client, uri) == ["file-unreadable"]
