"""Serving over stdio and TCP, one session per process: it ends with ``exit`` or the end of
input (at once: running tasks are cancelled and a catalog scan's worker processes stopped),
and ``exit_status`` is the process's exit code. A message announced larger than
``MAX_MESSAGE_BYTES`` (or a header line longer than the stream's line limit) ends the session
too: waiting for its body would wait for ever, and skipping it would lose the framing.

pygls reads stdin on a worker thread: every message then crosses threads for each header line
and its body, which costs more than answering most requests. When stdin is a pipe or a socket
(as editors start servers) the event loop reads it directly; otherwise (a file, a terminal, or
one socket for both directions, which non-blocking reads would make non-blocking for writes
too) pygls's thread reader is used. Over TCP the server serves the first connection.
"""

from __future__ import annotations

import asyncio
import logging
import os
import re
import stat
import sys
import threading
from typing import TYPE_CHECKING

from pygls.io_ import StdinAsyncReader, StdoutWriter, run_async
from pygls.lsp.server import LanguageServer

from subagent_ls.lsp.json_depth import too_deep
from subagent_ls.lsp.protocol import AnsweringProtocol

if TYPE_CHECKING:
    from collections.abc import Coroutine

    from pygls.io_ import AsyncReader

log = logging.getLogger(__name__)
MAX_MESSAGE_BYTES = 64 * 1024 * 1024
"""The largest message body read: 64 MiB (a 1 MiB document takes at most 6 MiB as JSON)."""
_CONTENT_LENGTH = re.compile(rb"Content-Length: (\d+)\r\n")  # as pygls reads it


def exit_status(server: LanguageServer) -> int:
    """0, or 1 when the client sent ``exit`` without ``shutdown`` first."""
    protocol = server.protocol
    return (protocol.exit_code or 0) if isinstance(protocol, AnsweringProtocol) else 0


def serve_stdio(server: LanguageServer) -> None:
    stdin, stdout = os.fstat(sys.stdin.fileno()), os.fstat(sys.stdout.fileno())
    pipe = stat.S_ISFIFO(stdin.st_mode) or stat.S_ISSOCK(stdin.st_mode)
    server.protocol.set_writer(StdoutWriter(sys.stdout.buffer))
    # the loop makes stdin non-blocking; stdout must not be the same socket (ssh, socat)
    if not pipe or os.path.samestat(stdin, stdout):
        reader = StdinAsyncReader(sys.stdin.buffer, server.thread_pool)
        _run(server, _session(server, reader))
    else:
        _run(server, _read_stdin(server))


def serve_tcp(server: LanguageServer, host: str, port: int) -> None:
    _run(server, _serve_connection(server, host, port))


def _run(server: LanguageServer, session: Coroutine[None, None, None]) -> None:
    """Run a session; once it ends, its tasks are cancelled (a catalog scan among them) and
    the worker processes still reading files for a scan are stopped: their results would go
    nowhere, and the process would wait for them before it exits."""
    try:
        asyncio.run(session)
    except BrokenPipeError:
        log.error("the connection to the client is lost; shutting down")
    except KeyboardInterrupt:
        pass
    finally:
        server.shutdown()
        multiprocessing = sys.modules.get("multiprocessing")  # imported by a large scan only
        workers = multiprocessing.active_children() if multiprocessing else []
        for worker in workers:
            worker.terminate()
        for worker in workers:
            worker.join(1)
        if workers:
            _wait_for_pool_managers()


MANAGER_SECONDS = 2
"""How long the end of a session waits for a process pool's manager thread to see its workers
gone."""


def _wait_for_pool_managers() -> None:
    """Let each process pool's manager thread finish once its workers are stopped: it closes
    its wake-up pipe, and Python 3.11's exit hook for pools writes to that pipe without a
    lock, so exiting while the thread still runs can print a traceback (``Bad file
    descriptor``). Bounded: a worker that cannot be stopped does not hold the exit."""
    import threading

    for thread in threading.enumerate():
        if type(thread).__name__ == "_ExecutorManagerThread":
            thread.join(MANAGER_SECONDS)


async def _read_stdin(server: LanguageServer) -> None:
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin.buffer)
    await _session(server, reader)


async def _serve_connection(server: LanguageServer, host: str, port: int) -> None:
    ended = asyncio.Event()

    async def connected(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        listener.close()  # one session: later connections are refused
        server.protocol.set_writer(writer)
        try:
            await _session(server, reader)
        finally:
            ended.set()

    listener = await asyncio.start_server(connected, host, port)
    for bound in listener.sockets:  # the port to connect to: said whatever the log level
        address, bound_port = bound.getsockname()[:2]
        print(f"listening on {address}:{bound_port}", file=sys.stderr, flush=True)
    await ended.wait()


class BoundedReader:
    """pygls's reader interface over a stream, refusing what would never end: a header line
    over the stream's limit, a ``Content-Length`` over ``MAX_MESSAGE_BYTES``. Either is
    logged and read as the end of input. A message nested too deep to decode is refused
    (a request with an error) and read as ``null``, which the protocol ignores."""

    def __init__(self, stream: AsyncReader, protocol: AnsweringProtocol) -> None:
        self.stream = stream
        self.protocol = protocol

    async def readline(self) -> bytes:
        try:
            line = await self.stream.readline()
        except ValueError:  # asyncio's "chunk exceed the limit"
            log.error("a header line is longer than the stream's limit; ending the session")
            return b""
        found = _CONTENT_LENGTH.fullmatch(line)
        if found and int(found[1]) > MAX_MESSAGE_BYTES:
            log.error(
                "a message of %s bytes is announced; the limit is %d; ending the session",
                found[1].decode(),
                MAX_MESSAGE_BYTES,
            )
            return b""
        return line

    async def readexactly(self, n: int) -> bytes:
        body = await self.stream.readexactly(n)
        if (refused := too_deep(body)) is None:
            return body
        self.protocol.refuse_too_deep(refused.id)
        return b"null"


async def _session(server: LanguageServer, reader: AsyncReader) -> None:
    try:
        await run_async(
            stop_event=threading.Event(),  # the client ends the session: `exit` or end of input
            reader=BoundedReader(reader, server.protocol),  # type: ignore[arg-type]
            protocol=server.protocol,
            logger=log,
            error_handler=server.report_server_error,
        )
    except asyncio.IncompleteReadError:
        log.warning("the client closed its end in the middle of a message")
    except SystemExit:  # pygls's `exit` handler raises it once the writer is closed
        pass
