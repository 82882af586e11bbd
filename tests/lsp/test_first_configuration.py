"""Settings the client gives in answer to the server's first ``workspace/configuration`` request,
right after ``initialized``: a ``rules`` table naming the rules found across files is valid
then (the server knows every rule before it has linted or catalogued anything), and applies."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest_lsp
from lsp_helpers import SERVER, SERVER_ENV, begin_session, open_document
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

FIRST = {"rules": {"duplicate-name": "hint", "shadowed": "off", "description-budget": "off"}}
TWIN = (
    "---\nname: twin\ndescription: Reviews code and reports defects. Use when a change is "
    "ready.\n---\nBody.\n"
)


@pytest_lsp.fixture(config=ClientServerConfig(server_command=SERVER, server_env=SERVER_ENV))
async def configured(lsp_client: LanguageClient, workspace: Path):
    """A server whose client holds ``FIRST`` before the session starts."""
    lsp_client.set_configuration(FIRST, section="subagents")
    params = types.InitializeParams(
        capabilities=client_capabilities("visual-studio-code"),
        root_uri=workspace.as_uri(),
        workspace_folders=[types.WorkspaceFolder(uri=workspace.as_uri(), name="ws")],
    )
    await begin_session(lsp_client, params)
    yield
    await lsp_client.shutdown_session()


async def test_a_first_rules_table_naming_cross_file_rules_is_valid_and_applies(
    configured, workspace
):
    """Two definitions of ``twin``: no error message about the settings, and the
    ``duplicate-name`` finding is shown as a hint, as the table says."""
    project = workspace / ".agents/agents/twin.md"
    project.write_text(TWIN, encoding="utf-8")
    (workspace / ".claude/agents/twin.md").write_text(TWIN, encoding="utf-8")
    uri = await open_document(configured, project, TWIN)

    async def catalogued() -> list[types.Diagnostic]:
        while True:
            found = [d for d in configured.diagnostics[uri] if d.code == "duplicate-name"]
            if found:
                return found
            await configured.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)

    (duplicate,) = await asyncio.wait_for(catalogued(), 30)
    assert duplicate.severity == types.DiagnosticSeverity.Hint
    assert configured.messages == []


BAD = {"harness": "claude", "bodyMaxLines": 400}


@pytest_lsp.fixture(config=ClientServerConfig(server_command=SERVER, server_env=SERVER_ENV))
async def badly_configured(lsp_client: LanguageClient, workspace: Path):
    """A server whose client holds a bad ``harness`` value before the session starts."""
    lsp_client.set_configuration(BAD, section="subagents")
    params = types.InitializeParams(
        capabilities=client_capabilities("neovim"),
        root_uri=workspace.as_uri(),
        workspace_folders=[types.WorkspaceFolder(uri=workspace.as_uri(), name="ws")],
    )
    await begin_session(lsp_client, params)
    yield
    await lsp_client.shutdown_session()


async def settings_pushed(client: LanguageClient, settings: dict) -> None:
    """``workspace/didChangeConfiguration`` carrying the section, as Neovim sends its
    ``settings`` right after ``initialized``; then a request answered after it (the server
    handles messages in order, so whatever the push makes it say arrives before the answer)."""
    client.workspace_did_change_configuration(
        types.DidChangeConfigurationParams(settings={"subagents": settings})
    )
    await client.workspace_symbol_async(types.WorkspaceSymbolParams(query=""))


async def test_a_bad_setting_given_twice_is_said_once_and_a_new_one_again(badly_configured):
    """The bad ``harness`` value, answered to the server's first fetch and then pushed again
    unchanged: one error message naming it, not two. A different bad value is said again;
    good settings then bad again are said again."""

    async def first_message() -> None:
        while not badly_configured.messages:
            await badly_configured.wait_for_notification(types.WINDOW_SHOW_MESSAGE)

    await asyncio.wait_for(first_message(), 30)
    await settings_pushed(badly_configured, BAD)
    (message,) = badly_configured.messages
    assert message.type == types.MessageType.Error and "`harness`" in message.message

    await settings_pushed(badly_configured, {**BAD, "bodyMaxLines": "many"})
    assert len(badly_configured.messages) == 2
    assert "`bodyMaxLines`" in badly_configured.messages[1].message
    await settings_pushed(badly_configured, {"bodyMaxLines": 400})
    await settings_pushed(badly_configured, BAD)
    assert len(badly_configured.messages) == 3
