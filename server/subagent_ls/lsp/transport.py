"""Serving over stdio and TCP, one session per process: it ends with ``exit`` or the end of
input, and ``exit_status`` is the process's exit code.

pygls reads stdin on a worker thread: every message then crosses threads for each header line
and its body, which costs more than answering most requests. When stdin is a pipe or a socket
(as editors start servers) the event loop reads it directly; otherwise (a file, a terminal, or
one socket for both directions, which non-blocking reads would make non-blocking for writes
too) pygls's own reader is used. Over TCP the server serves the first connection.
"""

from __future__ import annotations

import asyncio
import logging
import os
import stat
import sys
import threading

from pygls.io_ import StdoutWriter, run_async
from pygls.lsp.server import LanguageServer

from subagent_ls.lsp.protocol import AnsweringProtocol

log = logging.getLogger(__name__)


def exit_status(server: LanguageServer) -> int:
    """0, or 1 when the client sent ``exit`` without ``shutdown`` first."""
    protocol = server.protocol
    return (protocol.exit_code or 0) if isinstance(protocol, AnsweringProtocol) else 0


def serve_stdio(server: LanguageServer) -> None:
    stdin, stdout = os.fstat(sys.stdin.fileno()), os.fstat(sys.stdout.fileno())
    pipe = stat.S_ISFIFO(stdin.st_mode) or stat.S_ISSOCK(stdin.st_mode)
    # the loop makes stdin non-blocking; stdout must not be the same socket (ssh, socat)
    if not pipe or os.path.samestat(stdin, stdout):
        server.start_io()
        return
    server.protocol.set_writer(StdoutWriter(sys.stdout.buffer))
    _run(server, _read_stdin(server))


def serve_tcp(server: LanguageServer, host: str, port: int) -> None:
    _run(server, _serve_connection(server, host, port))


def _run(server: LanguageServer, session) -> None:
    try:
        asyncio.run(session)
    except BrokenPipeError:
        log.error("the connection to the client is lost; shutting down")
    except KeyboardInterrupt:
        pass
    finally:
        server.shutdown()


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
    for bound in listener.sockets:
        log.info("listening on %s:%d", *bound.getsockname()[:2])
    await ended.wait()


async def _session(server: LanguageServer, reader: asyncio.StreamReader) -> None:
    try:
        await run_async(
            stop_event=threading.Event(),  # the client ends the session: `exit` or end of input
            reader=reader,
            protocol=server.protocol,
            logger=log,
            error_handler=server.report_server_error,
        )
    except asyncio.IncompleteReadError:
        log.warning("the client closed its end in the middle of a message")
    except SystemExit:  # pygls's `exit` handler raises it once the writer is closed
        pass
