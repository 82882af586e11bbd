"""The editor shows what every target harness does with a file: one note on the first line for
the harnesses that read the folder and do otherwise but that nothing shows in use, a table in
the hover on the opening ``---``, and a code lens with the count."""

from __future__ import annotations

from lsp_helpers import doc_id, open_document
from lsprotocol import types

REPAIRED = (
    "---\nname: reviewer\ndescription: Reviews code: use when a change is ready.\n---\nBody.\n"
)


async def test_every_target_in_diagnostics_hover_and_lens(client, workspace):
    path = workspace / ".claude/agents/reviewer.md"
    uri = await open_document(client, path, REPAIRED)
    diagnostics = client.diagnostics[uri]
    assert not [d for d in diagnostics if isinstance(d.data, dict) and d.data.get("targets")]
    (note,) = [d for d in diagnostics if d.code == "harness-other"]
    assert note.severity == types.DiagnosticSeverity.Information
    assert note.range.start == types.Position(0, 0)
    assert "GitHub Copilot CLI would not load it (rejected" in note.message
    hover = await client.text_document_hover_async(
        types.HoverParams(doc_id(uri), types.Position(0, 1))
    )
    table = hover.contents.value
    assert "| Target | Reads it | Does |" in table
    assert "| Claude Code | as claude-code | repairs its YAML and loads it as `reviewer` |" in table
    assert "| GitHub Copilot CLI | as copilot | rejects it |" in table
    lenses = await client.text_document_code_lens_async(types.CodeLensParams(doc_id(uri)))
    titles = [lens.command.title for lens in lenses]
    expected = "loads in 1 of 3 targets (agent-core: ignored, GitHub Copilot CLI: rejected)"
    assert expected in titles, titles


async def test_a_file_one_harness_reads_shows_no_targets(client, workspace):
    path = workspace / ".agents/agents/reviewer.md"
    uri = await open_document(client, path, REPAIRED)
    hover = await client.text_document_hover_async(
        types.HoverParams(doc_id(uri), types.Position(0, 1))
    )
    assert "| Target |" not in hover.contents.value
    lenses = await client.text_document_code_lens_async(types.CodeLensParams(doc_id(uri)))
    assert not any("targets" in lens.command.title for lens in lenses)


async def test_a_fix_that_would_break_another_target_is_shown_disabled(client, workspace):
    """``tools: []`` in the base format: its fix, ``tools: false``, is one GitHub Copilot CLI
    rejects, so with Copilot among the targets the fix is not applied, and an editor that shows
    disabled actions says why."""
    import asyncio

    text = (
        "---\nname: reviewer\ndescription: Reviews code and reports defects. Use when a change "
        "is ready.\ntools: []\n---\nBody.\n"
    )
    uri = await open_document(client, workspace / ".agents/agents/reviewer.md", text)

    async def tools_empty_actions() -> list:
        (diagnostic,) = [d for d in client.diagnostics[uri] if d.code == "tools-empty"]
        context = types.CodeActionContext(diagnostics=[diagnostic])
        params = types.CodeActionParams(doc_id(uri), diagnostic.range, context)
        actions = await client.text_document_code_action_async(params) or []
        return [a for a in actions if a.kind == types.CodeActionKind.QuickFix]

    (offered,) = await tools_empty_actions()
    assert offered.disabled is None and offered.edit is not None
    settings = {"targets": ["harness-subagents", "copilot"]}
    client.set_configuration(settings, section="subagents")
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings=None))
    for _ in range(100):
        actions = await tools_empty_actions()
        if not actions or actions[0].disabled is not None:
            break
        await asyncio.sleep(0.1)
    shows_disabled = bool(
        client.capabilities.text_document.code_action
        and client.capabilities.text_document.code_action.disabled_support
    )
    if shows_disabled:
        (action,) = actions
        assert action.edit is None
        assert "the GitHub Copilot CLI verdict would get worse" in action.disabled.reason
    else:
        assert actions == []
