"""What the server writes on stderr. Neovim logs every line a server writes there as
``[ERROR]``: a normal session (started as editors start it, ``subagent-ls serve``) writes nothing,
even when it drops a notification; ``--log-level info`` asks for those records."""

from __future__ import annotations

from pathlib import Path

import pytest
from lsp_helpers import SERVER
from raw_client import RawClient, notification, request


def _session(tmp_path: Path, *options: str) -> bytes:
    """Start-up, an open file, a change for a file that is not open (dropped, an INFO record),
    shutdown and exit; what the server wrote on stderr."""
    agent = tmp_path / ".claude" / "agents" / "helper.md"
    agent.parent.mkdir(parents=True)
    text = "---\nname: helper\ndescription: Reviews code. Use when a change is ready.\n---\nBody\n"
    agent.write_text(text, encoding="utf-8")
    client = RawClient(tmp_path, [*SERVER, *options])
    try:
        root = tmp_path.as_uri()
        client.send(request(1, "initialize", {"rootUri": root, "capabilities": {}}))
        client.answer_to(1)
        opened = {"uri": agent.as_uri(), "languageId": "markdown", "version": 1, "text": text}
        client.send(
            notification("initialized", {}),
            notification("textDocument/didOpen", {"textDocument": opened}),
            notification(
                "textDocument/didChange",
                {
                    "textDocument": {"uri": f"{root}/closed.md", "version": 2},
                    "contentChanges": [{"text": "x"}],
                },
            ),
        )
        client.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics")
        client.send(request(2, "subagents/catalog", {}))
        client.answer_to(2, timeout=60)
        client.send(request(3, "shutdown"), notification("exit"))
        assert client.exit_code() == 0
        return client.stderr
    finally:
        client.kill()


def test_a_normal_session_writes_nothing_on_stderr(tmp_path: Path):
    assert _session(tmp_path) == b""


@pytest.mark.parametrize("level", ["info", "debug"])
def test_log_level_info_logs_what_the_server_drops(tmp_path: Path, level: str):
    written = _session(tmp_path, "--log-level", level).decode()
    assert " INFO subagent_ls." in written
    assert "textDocument/didChange for " in written and "not open: dropped" in written
