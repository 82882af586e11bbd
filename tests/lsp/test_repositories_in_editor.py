"""The server attached to every Markdown buffer of repositories shaped like public agent
repositories (see ``repo_shapes``): skills, commands, instructions, workflows, docs pages and
READMEs get no diagnostic; agent files are linted in the dialect ``check`` reads them in."""

from __future__ import annotations

from pathlib import Path

import pytest
from lsp_helpers import open_document
from pytest_lsp import LanguageClient

from repo_shapes import AGENTS, TREES


@pytest.fixture(params=sorted(TREES))
def workspace(request, tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    for relative, text in TREES[request.param].items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    root.joinpath(".shape").write_text(request.param)
    return root


async def test_only_agent_files_get_diagnostics(client: LanguageClient, workspace: Path):
    shape = workspace.joinpath(".shape").read_text()
    agents = set(AGENTS[shape])
    diagnosed = set()
    for relative, text in TREES[shape].items():
        if not relative.endswith(".md"):
            continue
        if relative in agents:  # a key no dialect defines: every agent file gets a finding
            text = text.replace("---\n", "---\nzzz: 1\n", 1)
        uri = await open_document(client, workspace / relative, text)
        if client.diagnostics[uri]:
            diagnosed.add(relative)
    assert diagnosed == agents
