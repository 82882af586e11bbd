"""The ``model`` field in the editor: completion offers the values each harness knows, and the
hover on a value says which model the agent runs on (Claude Code's aliases in any case)."""

from __future__ import annotations

from lsp_helpers import doc_id, open_document
from lsprotocol import types

DESCRIPTION = "Reviews code for defects and reports them. Use when a change is ready."


def agent_text(model: str) -> str:
    return f"---\nname: rev\ndescription: {DESCRIPTION}\nmodel: {model}\n---\nBody.\n"


def at_value(text: str) -> types.Position:
    line = text.splitlines().index(next(x for x in text.splitlines() if x.startswith("model:")))
    return types.Position(line, len("model: ") + 1)


async def hover(client, uri: str, text: str) -> str:
    result = await client.text_document_hover_async(types.HoverParams(doc_id(uri), at_value(text)))
    assert result is not None
    return result.contents.value


async def test_the_hover_says_which_model_claude_code_runs(client, workspace):
    for model, says in (
        ("Sonnet", "`claude-sonnet-5-5`"),
        ("inherit", "model of the conversation that spawns it"),
        ("HAIKU", "`claude-haiku-5-5`"),
    ):
        text = agent_text(model)
        uri = await open_document(client, workspace / f".claude/agents/{model}.md", text)
        assert says in await hover(client, uri, text), model


async def test_completion_offers_each_harness_s_models(client, workspace):
    for folder, expected in (
        (".claude/agents", {"sonnet", "opus", "haiku", "inherit", "opusplan"}),
        (".gemini/agents", {"inherit", "auto", "pro", "flash", "flash-lite"}),
    ):
        text = agent_text("")
        uri = await open_document(client, workspace / folder / "rev.md", text)
        where = types.Position(3, len("model: "))
        result = await client.text_document_completion_async(
            types.CompletionParams(doc_id(uri), where)
        )
        items = result.items if isinstance(result, types.CompletionList) else result
        assert expected <= {item.label for item in items}, folder
    text = agent_text("flash")
    uri = await open_document(client, workspace / ".gemini/agents/fast.md", text)
    assert "`gemini-3.8-flash`" in await hover(client, uri, text)
