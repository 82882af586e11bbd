"""Benchmark of the language server's memory over a long editing session: 1,000 and then
100,000 ``didChange`` edits over stdio to one open document, with the server's resident set
size (RSS) after each.

The edits alternate between typing and deleting one letter in the body, so the document stays
the same size: what grows is what the server keeps per edit. The client writes the edits
without waiting for their diagnostics (a reader thread drains them) and then waits for the
answer to a request sent after them, which the server reads only once every edit was handled.

Run: ``python tests/bench/bench_memory.py [--edits N]``. Prints the RSS after 1,000 edits and
after N (100,000 by default) and the budget (growth ≤ 10 MB); exits 1 when it is missed.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from installed import as_installed

SERVER = [sys.executable, "-m", "subagent_ls", "serve"]
TEXT = (
    "---\nname: bench\ndescription: Reviews code and reports defects. Use when a change is ready.\n"
    "tools: [Read, Grep]\n---\n" + "".join(f"- Step {i}: check the change.\n" for i in range(50))
)
BUDGET_MB = 10.0


def framed(message: dict[str, Any]) -> bytes:
    body = json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


class Connection:
    """The server's stdin, and a thread reading its stdout that records each answer's id."""

    def __init__(self, root: Path) -> None:
        self.process = subprocess.Popen(
            SERVER, stdin=subprocess.PIPE, stdout=subprocess.PIPE, cwd=root
        )
        self.answered: dict[object, threading.Event] = {}
        self.lock = threading.Lock()
        threading.Thread(target=self._read, daemon=True).start()

    def _event(self, message_id: object) -> threading.Event:
        with self.lock:
            return self.answered.setdefault(message_id, threading.Event())

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
            if "id" in message and "method" not in message:
                self._event(message["id"]).set()

    def send(self, message: dict[str, Any]) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(framed(message))

    def request(self, message_id: int, method: str, params: object) -> None:
        """Send a request and wait for its answer (after everything sent before it)."""
        self.send({"jsonrpc": "2.0", "id": message_id, "method": method, "params": params})
        assert self.process.stdin is not None
        self.process.stdin.flush()
        if not self._event(message_id).wait(600):
            raise TimeoutError(f"no answer to {method}")

    def rss_mb(self) -> float:
        status = Path(f"/proc/{self.process.pid}/status").read_text()
        line = next(line for line in status.splitlines() if line.startswith("VmRSS:"))
        return int(line.split()[1]) / 1024


def edit(uri: str, version: int) -> dict[str, Any]:
    """Type ``x`` at the start of the body's first line, or delete it again."""
    line = TEXT[: TEXT.index("- Step 0")].count("\n")
    start = {"line": line, "character": 0}
    end = {"line": line, "character": 0 if version % 2 == 0 else 1}
    change = {"range": {"start": start, "end": end}, "text": "x" if version % 2 == 0 else ""}
    return {
        "jsonrpc": "2.0",
        "method": "textDocument/didChange",
        "params": {"textDocument": {"uri": uri, "version": version}, "contentChanges": [change]},
    }


def main(total: int) -> int:
    root = Path(tempfile.mkdtemp())
    (root / ".agents" / "agents").mkdir(parents=True)
    uri = (root / ".agents/agents/bench.md").as_uri()
    server = Connection(root)
    server.request(1, "initialize", {"capabilities": {}, "rootUri": root.as_uri()})
    server.send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    item = {"uri": uri, "languageId": "markdown", "version": 1, "text": TEXT}
    server.send(
        {"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": item}}
    )
    symbols = {"textDocument": {"uri": uri}}
    version, figures = 1, []
    start = time.perf_counter()
    for count in (1_000, total):
        while version <= count:
            version += 1
            server.send(edit(uri, version))
        server.request(version, "textDocument/documentSymbol", symbols)
        figures.append((count, server.rss_mb()))
    elapsed = time.perf_counter() - start
    server.request(version + 1, "shutdown", None)
    server.send({"jsonrpc": "2.0", "method": "exit"})
    assert server.process.stdin is not None
    server.process.stdin.close()
    server.process.wait(30)
    (first, before), (last, after) = figures
    ok = after - before <= BUDGET_MB
    print(f"RSS after {first:,} edits: {before:.1f} MB")
    verdict = "ok" if ok else "OVER BUDGET"
    print(f"RSS after {last:,} edits: {after:.1f} MB ({after - before:+.1f} MB) {verdict}")
    print(f"{last:,} edits in {elapsed:.0f} s ({elapsed / last * 1e6:.0f} µs each)")
    return 0 if ok else 1


if __name__ == "__main__":
    as_installed()
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--edits", type=int, default=100_000)
    raise SystemExit(main(parser.parse_args().edits))
