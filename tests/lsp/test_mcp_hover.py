"""MCP tools in the editor: a listed MCP tool whose server is configured nowhere the harness
looks is a warning, the hover on ``tools`` shows what the agent really gets, and configuring
the server (a ``.mcp.json`` written while the file is open) clears both at the next edit."""

from __future__ import annotations

import json

from lsp_helpers import change, doc_id, open_document, wait_for_codes
from lsprotocol import types

TEXT = (
    "---\nname: rev\ndescription: Reviews code for defects and reports them. Use when a change "
    "is ready.\ntools: Read, mcp__tracker__create_issue\n---\nBody.\n"
)


async def tools_hover(client, uri: str) -> str:
    where = types.Position(3, len("tools: R"))
    result = await client.text_document_hover_async(types.HoverParams(doc_id(uri), where))
    return result.contents.value


async def test_an_unconfigured_mcp_server_then_a_configured_one(client, workspace):
    (workspace / ".git").mkdir()
    uri = await open_document(client, workspace / ".claude/agents/rev.md", TEXT)
    await wait_for_codes(client, uri, ["tools-mcp-unknown"])
    (warning,) = client.diagnostics[uri]
    assert warning.severity == types.DiagnosticSeverity.Warning
    assert "no MCP server `tracker`" in warning.message
    assert "**Claude Code gives this agent:** `Read`" in await tools_hover(client, uri)
    server = {"command": "python3", "args": ["tracker.py"]}
    (workspace / ".mcp.json").write_text(json.dumps({"mcpServers": {"tracker": server}}))
    await change(client, uri, TEXT + "More.\n", 2)
    await wait_for_codes(client, uri, [])
    assert "gives this agent" not in await tools_hover(client, uri)
