"""References to other agents in the editor: Claude Code's ``Agent(x)`` names of no agent get
``agent-unknown`` with the nearest name as a quick fix, go-to-definition follows a name to its
file, and an agent that comes into the catalog (a file opened or written) clears the warning
of the open file that names it, republished without an edit of its own."""

from __future__ import annotations

import asyncio

from lsp_helpers import apply, change, doc_id, edits_of, open_document, uri_of
from lsprotocol import types
from test_catalog import names, wait_for_catalog

DESCRIPTION = "does its part of the work. Use when the lead hands a part over."


def agent_text(name: str, tools: str = "") -> str:
    listed = f"tools: {tools}\n" if tools else ""
    return f"---\nname: {name}\ndescription: The {name} agent {DESCRIPTION}\n{listed}---\nBody.\n"


def unknown(client, uri: str) -> list[types.Diagnostic]:
    return [d for d in client.diagnostics.get(uri, []) if d.code == "agent-unknown"]


async def until(client, uri: str, count: int) -> list[types.Diagnostic]:
    async def waiting() -> None:
        while len(unknown(client, uri)) != count:
            await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)

    await asyncio.wait_for(waiting(), 15)
    return unknown(client, uri)


async def test_an_agent_reference_is_checked_fixed_and_followed(client, workspace):
    agents = workspace / ".claude/agents"
    for name in ("worker", "Helper"):
        (agents / f"{name}.md").write_text(agent_text(name))
    client.set_configuration({"harness": "claude-code"}, section="subagents")
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings=None))
    await wait_for_catalog(client, lambda c: c["harness"] == "claude-code" and "Helper" in names(c))
    text = agent_text("lead", "Read, Agent(worker, helper)")
    uri = await open_document(client, agents / "lead.md", text)
    (diagnostic,) = await until(client, uri, 1)
    line = text.splitlines()[3]
    assert diagnostic.range.start == types.Position(3, line.index("helper"))
    assert diagnostic.severity == types.DiagnosticSeverity.Warning
    assert "Did you mean `Helper`?" in diagnostic.message
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(doc_id(uri), diagnostic.range, types.CodeActionContext([diagnostic]))
    )
    (fix,) = [a for a in actions if a.title == "Name `Helper`"]
    fixed = apply(text, edits_of(fix.edit, uri), client.position_encoding)
    assert fixed == text.replace("helper)", "Helper)")
    where = types.Position(3, line.index("worker") + 2)
    found = await client.text_document_definition_async(types.DefinitionParams(doc_id(uri), where))
    assert [location.uri for location in found] == [uri_of(agents / "worker.md")]
    await change(client, uri, fixed, 2)
    await until(client, uri, 0)


async def test_an_agent_that_comes_into_the_catalog_clears_the_warning(client, workspace):
    agents = workspace / ".claude/agents"
    client.set_configuration({"harness": "claude-code"}, section="subagents")
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings=None))
    await wait_for_catalog(client, lambda c: c["harness"] == "claude-code")
    text = agent_text("lead", "Agent(newbie)")
    (agents / "lead.md").write_text(text)
    uri = await open_document(client, agents / "lead.md", text)
    await until(client, uri, 1)
    await open_document(client, agents / "newbie.md", agent_text("newbie"))  # not yet saved
    await until(client, uri, 0)
