"""A fresh server per test, started over stdio, for each client capability set."""

from __future__ import annotations

from pathlib import Path

import pytest
import pytest_lsp
from lsp_helpers import CLIENTS, SERVER, SERVER_ENV, begin_session
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
    await begin_session(lsp_client, params)
    yield
    await lsp_client.shutdown_session()
