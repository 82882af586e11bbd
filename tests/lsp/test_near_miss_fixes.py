"""A typo'd tool name offers, as a quick fix, the tool meant; fix-all leaves it (the fix is
unsafe: the agent then gets a tool it did not have)."""

from __future__ import annotations

from lsp_helpers import apply, change, codes, doc_id, edits_of, open_document
from lsprotocol import types

TEXT = (
    "---\nname: reviewer\n"
    "description: Reviews code and reports defects. Use when a change is ready.\n"
    "tools: Reed, Grep  # read-only\n---\nBody.\n"
)


async def test_a_tool_typo_offers_the_tool_meant_as_a_quick_fix(client, workspace):
    uri = await open_document(client, workspace / ".claude/agents/reviewer.md", TEXT)
    (diagnostic,) = [d for d in client.diagnostics[uri] if d.code == "tools-unknown"]
    assert "Did you mean `Read`?" in diagnostic.message
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(doc_id(uri), diagnostic.range, types.CodeActionContext([diagnostic]))
    )
    (fix,) = [a for a in actions if a.kind == types.CodeActionKind.QuickFix]
    assert fix.title == "Change to `Read`" and list(fix.diagnostics) == [diagnostic]
    fixed = apply(TEXT, edits_of(fix.edit, uri), client.position_encoding)
    assert fixed == TEXT.replace("Reed", "Read")

    everywhere = types.Range(types.Position(0, 0), types.Position(0, 0))
    fix_all = await client.text_document_code_action_async(
        types.CodeActionParams(
            doc_id(uri), everywhere, types.CodeActionContext([], only=["source.fixAll"])
        )
    )
    assert not fix_all or fix_all[0].edit is None or not edits_of(fix_all[0].edit, uri)

    await change(client, uri, fixed, 2)
    assert "tools-unknown" not in codes(client, uri)
