"""The end of a session ends the process while the catalog scan still runs: at the end of
input, on ``exit``, and on ``exit`` after ``shutdown``. The scans here never finish on their
own: one walks a folder that never answers (as one on a hung network mount does), one has
worker processes that never finish reading; the process ends only if nothing waits for them."""

from __future__ import annotations

import os
import re
import signal
import sys
from pathlib import Path

import pytest
from raw_client import INITIALIZE, RawClient, notification, request

from subagent_ls.workspace.parallel import FORK_SERVER_FROM

STUCK_WALK_SERVER = """
import sys, threading
import subagent_ls.workspace.catalog.scan as scan
from subagent_ls.lsp.server import create_server
from subagent_ls.lsp.transport import exit_status, serve_stdio

def stuck(source, problems):
    print(f"walking {source.path}", file=sys.stderr, flush=True)
    threading.Event().wait()

if __name__ == "__main__":
    scan.source_files = stuck
    server = create_server()
    serve_stdio(server)
    sys.exit(exit_status(server))
"""


@pytest.mark.parametrize(
    ("ending", "code"),
    [
        ([], 0),
        ([notification("exit")], 1),
        ([request(2, "shutdown"), notification("exit")], 0),
    ],
    ids=["end-of-input", "exit", "shutdown-and-exit"],
)
def test_the_session_ends_while_a_walk_is_stuck(workspace: Path, ending: list, code: int):
    client = RawClient(workspace, [sys.executable, "-c", STUCK_WALK_SERVER])
    try:
        client.send(INITIALIZE, notification("initialized", {}))
        client.answer_to(1)
        client.wait_for_stderr(rb"walking ")
        client.send(*ending)
        if ending[:1] == [request(2, "shutdown")]:
            assert client.answer_to(2)["result"] is None
        client.close_input()
        assert client.exit_code(timeout=10) == code
        assert b"Traceback" not in client.stderr, client.stderr.decode()
    finally:
        client.kill()


STUCK_WORKER_SERVER = """
import os, sys, threading
import subagent_ls.workspace.catalog.scan as scan
from subagent_ls.lsp.server import create_server
from subagent_ls.lsp.transport import exit_status, serve_stdio

def stuck(item, settings):
    print(f"worker {os.getpid()} reading", file=sys.stderr, flush=True)
    threading.Event().wait()

if __name__ == "__main__":
    scan.facts_on_disk = stuck
    server = create_server()
    serve_stdio(server)
    sys.exit(exit_status(server))
"""


def workers(client: RawClient) -> set[int]:
    return {int(pid) for pid in re.findall(rb"worker (\d+) reading", client.stderr)}


def running(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state not in ("Z", "X")


def test_the_session_ends_while_worker_processes_read(workspace: Path):
    """A catalog large enough to be read on worker processes; they never finish reading."""
    folder = workspace / ".agents/agents"
    for n in range(FORK_SERVER_FROM):
        (folder / f"agent-{n:04d}.md").write_text(f"---\nname: agent-{n:04d}\n---\nBody\n")
    script = workspace / "stuck_worker_server.py"  # the workers import it by its path
    script.write_text(STUCK_WORKER_SERVER)
    client = RawClient(workspace, [sys.executable, str(script)])
    try:
        client.send(INITIALIZE, notification("initialized", {}))
        client.answer_to(1)
        client.wait_for_stderr(rb"worker \d+ reading")
        client.close_input()
        assert client.exit_code(timeout=10) == 0
        assert workers(client) and not [pid for pid in workers(client) if running(pid)]
        assert b"Traceback" not in client.stderr, client.stderr.decode()
    finally:
        client.kill()
        for pid in workers(client):
            if running(pid):
                os.kill(pid, signal.SIGKILL)
