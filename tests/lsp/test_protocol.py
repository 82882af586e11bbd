"""The JSON-RPC session as the LSP specification describes it, seen by a raw client over stdio:
what is answered before ``initialize`` and after ``shutdown``, the exit code of ``exit``, and
what the server keeps per notification over a long session."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from lsp_helpers import SERVER_ENV
from test_transport import framed

COUNTING_SERVER = """
import gc, sys
from concurrent.futures import Future
from subagent_ls.lsp.server import create_server
from subagent_ls.lsp.transport import serve_stdio

if __name__ == "__main__":
    serve_stdio(create_server())
    futures = sum(isinstance(o, Future) for o in gc.get_objects())
    print(f"futures alive: {futures}", file=sys.stderr)
"""
EDITS = 500


def change(uri: str, version: int) -> dict:
    text = f"---\nname: a\ndescription: Edit {version % 2}.\n---\nBody\n"
    return {
        "jsonrpc": "2.0",
        "method": "textDocument/didChange",
        "params": {
            "textDocument": {"uri": uri, "version": version},
            "contentChanges": [{"text": text}],
        },
    }


def test_notifications_leave_nothing_behind(tmp_path: Path):
    """Each ``didChange`` once left a done future in the protocol's bookkeeping, for ever."""
    uri = (tmp_path / ".agents/agents/a.md").as_uri()
    item = {"uri": uri, "languageId": "markdown", "version": 1, "text": "---\nname: a\n---\n"}
    session = framed(
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}},
        {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": item}},
        *(change(uri, version) for version in range(2, EDITS + 2)),
        {"jsonrpc": "2.0", "id": 2, "method": "shutdown"},
        {"jsonrpc": "2.0", "method": "exit"},
    )
    done = subprocess.run(
        [sys.executable, "-c", COUNTING_SERVER],
        input=session,
        capture_output=True,
        cwd=tmp_path,
        env=SERVER_ENV,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr.decode()[-3000:]
    assert done.stdout.count(b'"textDocument/publishDiagnostics"') == EDITS + 1
    counted = [line for line in done.stderr.splitlines() if line.startswith(b"futures alive:")]
    assert counted, done.stderr.decode()[-3000:]
    assert int(counted[0].split(b":")[1]) < 10
