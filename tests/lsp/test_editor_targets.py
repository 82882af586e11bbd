"""The editor shows what every target harness does with a file: a warning for each harness
that reads the folder and does not load it (saying which), a table in the hover on the opening
``---``, and a code lens with the count."""

from __future__ import annotations

from lsp_helpers import doc_id, open_document
from lsprotocol import types

REPAIRED = (
    "---\nname: reviewer\ndescription: Reviews code: use when a change is ready.\n---\nBody.\n"
)


async def test_every_target_in_diagnostics_hover_and_lens(client, workspace):
    path = workspace / ".claude/agents/reviewer.md"
    uri = await open_document(client, path, REPAIRED)
    targeted = [
        d for d in client.diagnostics[uri] if isinstance(d.data, dict) and d.data.get("targets")
    ]
    assert targeted and all(d.severity == types.DiagnosticSeverity.Warning for d in targeted)
    assert any(d.data["targets"] == ["copilot"] and "Copilot" in d.message for d in targeted)
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
