"""stdio as editors and scripts provide it: a pipe (read by the event loop), a regular file
(pygls's reader), a client that goes away in the middle of a message, and framing no message
could fill (an absurd ``Content-Length``, a header line without end)."""

from __future__ import annotations

import contextlib
import json
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from lsp_helpers import SERVER, SERVER_ENV
from raw_client import INITIALIZE, RawClient, framed, notification

SESSION = framed(
    {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}},
    {"jsonrpc": "2.0", "method": "initialized", "params": {}},
    {"jsonrpc": "2.0", "id": 2, "method": "shutdown"},
    {"jsonrpc": "2.0", "method": "exit"},
)


def responses(stdout: bytes) -> dict[int, dict]:
    found = {}
    for chunk in stdout.split(b"Content-Length: ")[1:]:
        headers, _, rest = chunk.partition(b"\r\n\r\n")
        length = int(headers.split(b"\r\n")[0])
        if len(rest) < length:  # still arriving
            break
        message = json.loads(rest[:length])
        if "id" in message and "method" not in message:
            found[message["id"]] = message
    return found


def run(stdin, tmp_path: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        SERVER, stdin=stdin, capture_output=True, cwd=tmp_path, env=SERVER_ENV, timeout=60
    )


def test_a_session_over_a_pipe_ends_with_exit(tmp_path):
    done = subprocess.run(
        SERVER, input=SESSION, capture_output=True, cwd=tmp_path, env=SERVER_ENV, timeout=60
    )
    answers = responses(done.stdout)
    assert "capabilities" in answers[1]["result"] and answers[2]["result"] is None
    assert done.returncode == 0, done.stderr.decode()


def test_a_session_from_a_regular_file(tmp_path):
    script = tmp_path / "session.bin"
    script.write_bytes(SESSION)
    with script.open("rb") as stdin:
        done = run(stdin, tmp_path)
    assert "capabilities" in responses(done.stdout)[1]["result"]
    assert done.returncode == 0, done.stderr.decode()


def test_input_that_ends_in_the_middle_of_a_message(tmp_path):
    cut = SESSION[: SESSION.index(b'"shutdown"')]
    done = subprocess.run(
        SERVER, input=cut, capture_output=True, cwd=tmp_path, env=SERVER_ENV, timeout=60
    )
    assert "capabilities" in responses(done.stdout)[1]["result"]
    assert b"Traceback" not in done.stderr


def test_one_socket_for_both_directions_and_a_slow_reader(tmp_path):
    """ssh and socat hand a server one socket as stdin and stdout: large answers to a client
    that reads late must still arrive whole."""
    folder = tmp_path / ".agents/agents"
    folder.mkdir(parents=True)
    for n in range(300):
        (folder / f"a{n:03}.md").write_text(
            f"---\nname: a{n:03}\ndescription: {'Reviews code. ' * 200}\n---\nBody\n"
        )
    parent, child = socket.socketpair()
    server = subprocess.Popen(
        SERVER, stdin=child, stdout=child, stderr=subprocess.DEVNULL, cwd=tmp_path, env=SERVER_ENV
    )
    child.close()
    try:
        parent.sendall(
            framed(
                {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}},
                {"jsonrpc": "2.0", "method": "initialized", "params": {}},
                *(
                    {"jsonrpc": "2.0", "id": n, "method": "subagents/catalog", "params": {}}
                    for n in range(2, 6)
                ),
            )
        )
        time.sleep(3)  # the socket's buffer fills while nobody reads
        parent.settimeout(10)
        data = b""
        while len(responses(data)) < 5:
            chunk = parent.recv(1 << 20)
            assert chunk, "the server closed the connection"
            data += chunk
        answers = responses(data)
        assert all(len(answers[n]["result"]["entries"]) == 300 for n in range(2, 6))
    finally:
        server.kill()
        server.wait()
        parent.close()


SEND_AFTER_CLOSE = """
import io, sys, time
from lsprotocol import types
from pygls.io_ import StdoutWriter
from subagent_ls.lsp.logs import configure
from subagent_ls.lsp.server import create_server
server = create_server()
configure(server)
closed = io.BytesIO()
closed.close()
server.protocol.set_writer(StdoutWriter(closed))
server.window_show_message(types.ShowMessageParams(type=types.MessageType.Info, message="hi"))
print("returned")
"""


def test_a_message_sent_after_the_stream_closed_is_logged_not_reported():
    """A scan that ends after ``exit`` closed stdout still sends its progress: that failure is
    logged, not reported to the client (which fails, is reported, and so on without end)."""
    done = subprocess.run(
        [sys.executable, "-c", SEND_AFTER_CLOSE], capture_output=True, timeout=60, env=SERVER_ENV
    )
    assert done.stdout.strip() == b"returned"
    # the failure, and the one attempt to forward its log record to the client
    assert done.stderr.count(b"Error sending data") <= 2, done.stderr[-3000:].decode()


@pytest.mark.parametrize(
    "framing",
    [b"Content-Length: 1000000000000\r\n\r\n{", b"X-Padding: " + b"x" * 200_000],
    ids=["content-length", "header-line"],
)
def test_framing_no_message_fills_ends_the_session(tmp_path, framing):
    """The server once waited for ever for the body (and kept every later byte)."""
    client = RawClient(tmp_path)
    try:
        client.send(INITIALIZE)
        client.answer_to(1)
        # the server may end the session before it has read every byte: a broken pipe here
        with contextlib.suppress(BrokenPipeError):
            client.send_bytes(framing)  # and the client keeps its end open
        assert client.exit_code() == 0
        assert b"ending the session" in client.stderr, client.stderr.decode()
        assert b"Traceback" not in client.stderr, client.stderr.decode()
    finally:
        client.kill()


def test_a_large_message_under_the_limit_is_read(tmp_path):
    """A 2 MiB document is not parsed (over 1 MiB), but its message is read."""
    uri = (tmp_path / ".agents/agents/big.md").as_uri()
    text = "---\nname: big\n---\n" + "Body line.\n" * 200_000
    item = {"uri": uri, "languageId": "markdown", "version": 1, "text": text}
    client = RawClient(tmp_path)
    try:
        client.send(INITIALIZE, notification("textDocument/didOpen", {"textDocument": item}))
        published = client.wait_for(lambda m: m.get("method") == "textDocument/publishDiagnostics")
        assert [d["code"] for d in published["params"]["diagnostics"]] == ["file-unreadable"]
    finally:
        client.kill()
