"""Serving over stdio with stdin read by the event loop itself.

pygls reads stdin on a worker thread: every message then crosses threads for each header line
and its body, which costs more than answering most requests. When stdin is a pipe or a socket
(as editors start servers) the event loop reads it directly; otherwise (a file, a terminal, or
one socket for both directions, which non-blocking reads would make non-blocking for writes
too) pygls's own reader is used.
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

log = logging.getLogger(__name__)


def serve_stdio(server: LanguageServer) -> None:
    stdin, stdout = os.fstat(sys.stdin.fileno()), os.fstat(sys.stdout.fileno())
    pipe = stat.S_ISFIFO(stdin.st_mode) or stat.S_ISSOCK(stdin.st_mode)
    # the loop makes stdin non-blocking; stdout must not be the same socket (ssh, socat)
    if not pipe or os.path.samestat(stdin, stdout):
        server.start_io()
        return
    server.protocol.set_writer(StdoutWriter(sys.stdout.buffer))
    try:
        asyncio.run(_read_messages(server))
    except BrokenPipeError:
        log.error("the connection to the client is lost; shutting down")
    except (KeyboardInterrupt, SystemExit):
        pass
    finally:
        server.shutdown()


async def _read_messages(server: LanguageServer) -> None:
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin.buffer)
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
