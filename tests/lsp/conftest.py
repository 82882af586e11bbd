"""A fresh server per test, started over stdio, for each client capability set."""

from __future__ import annotations

from pathlib import Path

import pytest
import pytest_lsp
from lsp_helpers import CLIENTS, SERVER, SERVER_ENV
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    (tmp_path / ".agents" / "agents").mkdir(parents=True)
    (tmp_path / ".claude" / "agents").mkdir(parents=True)
    return tmp_path


@pytest_lsp.fixture(
    params=CLIENTS, config=ClientServerConfig(server_command=SERVER, server_env=SERVER_ENV)
)
async def client(request, lsp_client: LanguageClient, workspace: Path):
    params = types.InitializeParams(
        capabilities=client_capabilities(request.param),
        root_uri=workspace.as_uri(),
        workspace_folders=[types.WorkspaceFolder(uri=workspace.as_uri(), name="ws")],
    )
    lsp_client.diagnostic_versions = {}

    def published(params: types.PublishDiagnosticsParams) -> None:
        """pytest-lsp's own handler, plus the version each diagnostic set belongs to."""
        lsp_client.diagnostics[params.uri] = params.diagnostics
        lsp_client.diagnostic_versions[params.uri] = params.version

    lsp_client.protocol.fm.features[types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS] = published
    lsp_client.registrations = []
    lsp_client.catalog_changes = []

    @lsp_client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def register_capability(ls, params: types.RegistrationParams) -> None:
        lsp_client.registrations.extend(params.registrations)

    @lsp_client.feature("subagents/catalogChanged")
    def catalog_changed(ls, params: object) -> None:
        lsp_client.catalog_changes.append(params)

    result = await lsp_client.initialize_session(params)
    lsp_client.position_encoding = str(result.capabilities.position_encoding or "utf-16")
    yield
    await lsp_client.shutdown_session()
