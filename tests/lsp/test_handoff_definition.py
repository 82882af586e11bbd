"""Go-to-definition on a reference to another agent: a Copilot handoff's ``agent`` goes to the
definitions of that name in the catalog (none for a name nothing defines), as the file's own
``name`` does."""

from __future__ import annotations

from lsp_helpers import doc_id, open_document, uri_of
from lsprotocol import types
from test_catalog import names, wait_for_catalog

DESCRIPTION = "Reviews code for defects and reports them. Use when a change is ready."
TEXT = (
    f"---\nname: alpha\ndescription: {DESCRIPTION}\nhandoffs:\n  - label: Fix\n"
    "    agent: beta\n  - label: Other\n    agent: ghost\n---\nBody.\n"
)


async def definition(client, uri: str, line: int, character: int) -> list:
    where = types.Position(line, character)
    found = await client.text_document_definition_async(types.DefinitionParams(doc_id(uri), where))
    return [location.uri for location in found or []]


async def test_a_handoff_goes_to_the_agent_it_names(client, workspace):
    agents = workspace / ".github/agents"
    agents.mkdir(parents=True)
    beta = agents / "beta.agent.md"
    beta.write_text(f"---\nname: beta\ndescription: {DESCRIPTION}\n---\nBody.\n")
    (agents / "alpha.agent.md").write_text(TEXT)
    client.set_configuration({"harness": "copilot"}, section="subagents")
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings=None))
    await wait_for_catalog(client, lambda c: c["harness"] == "copilot" and "beta" in names(c))
    uri = await open_document(client, agents / "alpha.agent.md", TEXT)
    assert await definition(client, uri, 5, len("    agent: b")) == [uri_of(beta)]
    assert await definition(client, uri, 7, len("    agent: g")) == []
    assert await definition(client, uri, 4, len("  - label: F")) == []
    assert await definition(client, uri, 1, len("name: a")) == [uri_of(agents / "alpha.agent.md")]
