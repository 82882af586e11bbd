"""A client that speaks JSON-RPC to the real server over stdio byte by byte, for what a typed
client cannot send or observe: ill-framed input, messages out of the LSP order, the end of
input in the middle of a session, the exit code and stderr."""

from __future__ import annotations

import json
import re
import subprocess
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from lsp_helpers import SERVER, SERVER_ENV

Message = dict[str, Any]


def framed(*messages: Message) -> bytes:
    out = b""
    for message in messages:
        body = json.dumps(message).encode()
        out += b"Content-Length: %d\r\n\r\n" % len(body) + body
    return out


def request(message_id: int, method: str, params: object = None) -> Message:
    return {"jsonrpc": "2.0", "id": message_id, "method": method, "params": params}


def notification(method: str, params: object = None) -> Message:
    return {"jsonrpc": "2.0", "method": method, "params": params}


INITIALIZE = request(1, "initialize", {"capabilities": {}})


class RawClient:
    """The server as a child process; a thread reads every message it writes."""

    def __init__(self, cwd: Path, command: list[str] = SERVER) -> None:
        self.process = subprocess.Popen(
            command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=cwd,
            env=SERVER_ENV,
        )
        self.received: list[Message] = []
        self.changed = threading.Condition()
        self.stderr = b""
        self._readers = [
            threading.Thread(target=self._read, daemon=True),
            threading.Thread(target=self._read_stderr, daemon=True),
        ]
        for reader in self._readers:
            reader.start()

    def _read(self) -> None:
        stream = self.process.stdout
        assert stream is not None
        while True:
            length = 0
            while (line := stream.readline()) not in (b"\r\n", b""):
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            if not line:
                return
            message = json.loads(stream.read(length))
            with self.changed:
                self.received.append(message)
                self.changed.notify_all()

    def _read_stderr(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            with self.changed:
                self.stderr += line
                self.changed.notify_all()

    def send_bytes(self, data: bytes) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(data)
        self.process.stdin.flush()

    def send(self, *messages: Message) -> None:
        self.send_bytes(framed(*messages))

    def close_input(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()

    def wait_for(self, wanted: Callable[[Message], bool], timeout: float = 15) -> Message:
        """The first message received (so far or later) for which ``wanted`` holds."""
        deadline = time.monotonic() + timeout
        with self.changed:
            while True:
                found = next((m for m in self.received if wanted(m)), None)
                if found is not None:
                    return found
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError("the server did not send the message")
                self.changed.wait(left)

    def wait_for_stderr(self, pattern: bytes, timeout: float = 15) -> re.Match[bytes]:
        """The first match of ``pattern`` in what the server writes to stderr."""
        with self.changed:
            if not self.changed.wait_for(lambda: re.search(pattern, self.stderr), timeout):
                raise TimeoutError(f"the server did not log {pattern!r}")
            found = re.search(pattern, self.stderr)
            assert found is not None
            return found

    def answer_to(self, message_id: object, timeout: float = 15) -> Message:
        return self.wait_for(lambda m: m.get("id") == message_id and "method" not in m, timeout)

    def exit_code(self, timeout: float = 15) -> int:
        """Wait for the server to end (and its output to be read); its exit status."""
        code = self.process.wait(timeout)
        for reader in self._readers:
            reader.join(timeout)
        return code

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
