"""Claude Code's prompt budget in the editor: with the harness set to Claude Code, the largest
agents of a catalog over 15,000 tokens get ``description-budget``; shortening the open one's
description below the limit takes the finding off every file, the others republished."""

from __future__ import annotations

import asyncio

from lsp_helpers import change, open_document, uri_of
from lsprotocol import types
from test_catalog import wait_for_catalog

BUDGET = "description-budget"


def agent_text(name: str, characters: int) -> str:
    description = "x" * (characters - len(name) - 2)
    return f"---\nname: {name}\ndescription: {description}\n---\nBody.\n"


def budget_findings(client, uri: str) -> list[types.Diagnostic]:
    return [d for d in client.diagnostics.get(uri, []) if d.code == BUDGET]


async def until(client, uri: str, count: int) -> list[types.Diagnostic]:
    """Wait until the file has ``count`` budget findings."""

    async def waiting() -> None:
        while len(budget_findings(client, uri)) != count:
            await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)

    await asyncio.wait_for(waiting(), 15)
    return budget_findings(client, uri)


async def test_the_budget_finding_follows_the_catalog(client, workspace):
    agents = workspace / ".claude/agents"
    (agents / "other.md").write_text(agent_text("other", 30_000))
    text = agent_text("mine", 30_004)
    (agents / "mine.md").write_text(text)
    client.set_configuration({"harness": "claude-code"}, section="subagents")
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings=None))
    await wait_for_catalog(client, lambda c: c["harness"] == "claude-code" and "budget" in c)
    uri = await open_document(client, agents / "mine.md", text)
    (finding,) = await until(client, uri, 1)
    assert "~15,001 tokens, over 15,000" in finding.message
    assert finding.severity == types.DiagnosticSeverity.Warning
    assert [r.location.uri for r in finding.related_information] == [uri_of(agents / "other.md")]
    other = await open_document(client, agents / "other.md", agent_text("other", 30_000))
    await until(client, other, 1)
    await change(client, uri, agent_text("mine", 20_000), 2)
    await until(client, uri, 0)
    await until(client, other, 0)
