"""A catalog large enough to be read on worker processes (a fork server's): every definition
arrives, the protocol stream stays clean, and the server answers requests afterwards."""

from __future__ import annotations

from pathlib import Path

import pytest
from lsp_helpers import doc_id, open_document
from lsprotocol import types
from test_catalog import as_dict, names, scanned

from subagent_ls.workspace.parallel import FORK_SERVER_FROM

COUNT = FORK_SERVER_FROM + 50


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    folder = tmp_path / ".agents" / "agents"
    folder.mkdir(parents=True)
    for n in range(COUNT):
        (folder / f"agent-{n:04d}.md").write_text(
            f"---\nname: agent-{n:04d}\ndescription: Reviews area {n}. Use when it changes.\n"
            "---\nBody\n"
        )
    return tmp_path


def children(pid: int) -> list[str]:
    """Command lines of the processes whose parent is ``pid``."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            if int(fields[1]) == pid:
                found.append((stat.parent / "cmdline").read_bytes().replace(b"\0", b" ").decode())
        except (OSError, ValueError, IndexError):
            continue
    return found


async def test_every_definition_arrives_from_worker_processes(client, workspace):
    await scanned(client)
    catalog = as_dict(await client.protocol.send_request_async("subagents/catalog", {}))
    found = names(catalog)
    assert len([name for name in found if name.startswith("agent-")]) == COUNT
    assert found["agent-0999"][0]["description"].startswith("Reviews area 999.")
    assert any("forkserver" in line for line in children(client._server.pid))
    path = workspace / ".agents/agents/agent-0007.md"
    uri = await open_document(client, path, path.read_text())
    hover = await client.text_document_hover_async(
        types.HoverParams(doc_id(uri), types.Position(1, 8))
    )
    assert "Catalog (harness-subagents)" in hover.contents.value
