"""Logging for the server: to stderr (stdout is the transport) from WARNING up, or from the level
``serve --log-level`` asks for, and from WARNING up also to the client as ``window/logMessage``.
Neovim logs every line a server writes to stderr as an error: a normal session writes none."""

from __future__ import annotations

import logging

from lsprotocol import types
from pygls.lsp.server import LanguageServer

_LEVELS = {
    logging.ERROR: types.MessageType.Error,
    logging.WARNING: types.MessageType.Warning,
}


class ClientLogHandler(logging.Handler):
    """Forwards records to the client; never lets a failure to forward become an error. A
    record logged while forwarding (the transport's own "cannot send") stays on stderr: it
    would fail the same way, and log again."""

    def __init__(self, server: LanguageServer) -> None:
        super().__init__(logging.WARNING)
        self.server = server
        self._forwarding = False

    def emit(self, record: logging.LogRecord) -> None:
        if self._forwarding:
            return
        self._forwarding = True
        try:
            kind = _LEVELS.get(record.levelno, types.MessageType.Error)
            message = self.format(record)
            self.server.window_log_message(types.LogMessageParams(type=kind, message=message))
        except Exception:
            self.handleError(record)
        finally:
            self._forwarding = False


def configure(server: LanguageServer, level: int | str = logging.WARNING) -> None:
    """Our own records from ``level`` (a number or a name: ``"INFO"``) up; the libraries'
    (which log every message) from WARNING up."""
    root = logging.getLogger()
    root.setLevel(logging.WARNING)
    logging.getLogger("subagent_ls").setLevel(level)
    stderr = logging.StreamHandler()
    stderr.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    client = ClientLogHandler(server)
    client.setFormatter(logging.Formatter("%(name)s: %(message)s"))
    root.handlers[:] = [stderr, client]
