"""The JSON-RPC session as the LSP specification describes it, seen by a raw client over stdio:
what is answered before ``initialize`` and after ``shutdown``, the exit code of ``exit``, and
what the server keeps per notification over a long session."""

from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

import pytest
from lsp_helpers import SERVER, SERVER_ENV
from raw_client import INITIALIZE, RawClient, framed, notification, request

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


def hover(message_id: int, uri: str = "file:///tmp/a.md") -> dict:
    position = {"line": 0, "character": 0}
    return request(
        message_id, "textDocument/hover", {"textDocument": {"uri": uri}, "position": position}
    )


def test_requests_before_initialize_are_refused_and_notifications_dropped(tmp_path: Path):
    uri = (tmp_path / ".agents/agents/a.md").as_uri()
    item = {"uri": uri, "languageId": "markdown", "version": 1, "text": "---\nname: a\n---\n"}
    client = RawClient(tmp_path)
    try:
        client.send(
            hover(7, uri),
            notification("textDocument/didOpen", {"textDocument": item}),
            INITIALIZE,
        )
        assert client.answer_to(7)["error"]["code"] == -32002  # ServerNotInitialized
        assert "capabilities" in client.answer_to(1)["result"]
        client.send(hover(8, uri), request(9, "shutdown"), notification("exit"))
        assert client.answer_to(8)["result"] is None  # the document was never opened
        assert client.exit_code() == 0
        assert not [
            m for m in client.received if m.get("method") == "textDocument/publishDiagnostics"
        ]
    finally:
        client.kill()


def test_requests_after_shutdown_are_answered_with_an_error(tmp_path: Path):
    client = RawClient(tmp_path)
    try:
        client.send(INITIALIZE, request(2, "shutdown"), hover(3), request(4, "shutdown"))
        assert client.answer_to(2)["result"] is None
        assert client.answer_to(3)["error"]["code"] == -32600  # InvalidRequest
        assert client.answer_to(4)["error"]["code"] == -32600
        client.send(notification("exit"))
        assert client.exit_code() == 0
    finally:
        client.kill()


def test_exit_without_shutdown_ends_with_code_1(tmp_path: Path):
    client = RawClient(tmp_path)
    try:
        client.send(INITIALIZE, notification("initialized", {}))
        client.answer_to(1)
        client.send(notification("exit"))
        assert client.exit_code() == 1
        assert b"Traceback" not in client.stderr, client.stderr.decode()
    finally:
        client.kill()


@pytest.mark.parametrize(
    ("session", "expected"),
    [
        (framed(INITIALIZE, notification("exit")), 1),
        (framed(INITIALIZE, request(2, "shutdown"), notification("exit")), 0),
    ],
    ids=["without-shutdown", "after-shutdown"],
)
def test_exit_over_tcp_ends_the_process(tmp_path: Path, session: bytes, expected: int):
    server = RawClient(tmp_path, [*SERVER, "--tcp", "127.0.0.1:0"])
    try:
        server.close_input()
        port = int(server.wait_for_stderr(rb"listening on [\d.]+:(\d+)")[1])
        with socket.create_connection(("127.0.0.1", port), timeout=15) as connection:
            connection.sendall(session)
            assert connection.recv(1 << 16).startswith(b"Content-Length:")
            assert server.exit_code() == expected
        assert b"Traceback" not in server.stderr, server.stderr.decode()
    finally:
        server.kill()


def test_a_command_without_arguments_is_answered(tmp_path: Path):
    """``arguments`` is optional in ``workspace/executeCommand``: the catalog-entry command
    without one (or with a value that is not a URI) answers ``null``, not an error."""
    client = RawClient(tmp_path)
    try:
        command = "subagent-ls.catalogEntry"
        client.send(
            INITIALIZE,
            request(2, "workspace/executeCommand", {"command": command}),
            request(3, "workspace/executeCommand", {"command": command, "arguments": [7, {}]}),
            request(4, "workspace/executeCommand", {"command": command, "arguments": []}),
        )
        for message_id in (2, 3, 4):
            answer = client.answer_to(message_id)
            assert "error" not in answer and answer["result"] is None, answer
        client.send(request(5, "shutdown"), notification("exit"))
        assert client.exit_code() == 0
    finally:
        client.kill()


def test_a_late_reply_to_a_request_given_up_on_is_dropped(tmp_path: Path):
    """The server waits 10 s for ``client/registerCapability`` (then polls instead); a reply
    that comes later is dropped without a traceback, and the session goes on."""
    capabilities = {"workspace": {"didChangeWatchedFiles": {"dynamicRegistration": True}}}
    client = RawClient(tmp_path)
    try:
        client.send(
            request(1, "initialize", {"capabilities": capabilities, "rootUri": tmp_path.as_uri()}),
        )
        client.answer_to(1)
        client.send(notification("initialized", {}))
        asked = client.wait_for(lambda m: m.get("method") == "client/registerCapability")
        client.wait_for_stderr(rb"polling instead", timeout=30)
        client.send({"jsonrpc": "2.0", "id": asked["id"], "result": None})
        client.send(request(2, "shutdown"), notification("exit"))
        assert client.exit_code() == 0
        assert b"Traceback" not in client.stderr, client.stderr.decode(errors="replace")[-3000:]
    finally:
        client.kill()


def _body(text: str) -> bytes:
    data = text.encode()
    return b"Content-Length: %d\r\n\r\n" % len(data) + data


def test_a_message_nested_too_deep_to_decode_is_refused_and_answered(tmp_path: Path):
    """Python's JSON decoder recurses per level: 100,000 nested arrays in a setting or in a
    request's params are refused before decoding (a request with ``InvalidRequest``, its id
    found even when it comes last), without a traceback or a message window, and the
    session goes on."""
    deep = "[" * 100_000 + "]" * 100_000
    client = RawClient(tmp_path)
    try:
        client.send(INITIALIZE, notification("initialized", {}))
        client.send_bytes(
            _body('{"jsonrpc":"2.0","method":"workspace/didChangeConfiguration",'
                  f'"params":{{"settings":{{"subagent-ls":{deep}}}}}}}')
            + _body(f'{{"jsonrpc":"2.0","id":2,"method":"textDocument/hover","params":{deep}}}')
            + _body(f'{{"jsonrpc":"2.0","method":"textDocument/hover","params":{deep},"id":"x"}}')
        )  # fmt: skip
        for message_id in (2, "x"):
            answer = client.answer_to(message_id)
            assert answer["error"]["code"] == -32600, answer
            assert "nested deeper than 128 levels" in answer["error"]["message"]
        client.send(request(3, "shutdown"))
        assert client.answer_to(3)["result"] is None
        client.send(notification("exit"))
        assert client.exit_code() == 0
        assert b"Traceback" not in client.stderr, client.stderr.decode(errors="replace")[-3000:]
        assert not [m for m in client.received if m.get("method") == "window/showMessage"]
    finally:
        client.kill()
