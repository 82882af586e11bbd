"""The JSON-RPC protocol with the session rules of the LSP specification, and pygls's
bookkeeping kept bounded:

- a request before ``initialize`` is answered with ``ServerNotInitialized`` (-32002), a
  notification before it is dropped (but ``exit``);
- a request after ``shutdown`` is answered with ``InvalidRequest`` (-32600), a notification
  after it is dropped (but ``exit``);
- ``exit`` ends the process with code 0 after ``shutdown``, 1 without (``exit_code``); nothing
  is sent after it (its stream is closed);
- a request whose params cannot be read as the method's type is answered with an
  ``InvalidParams`` error instead of being dropped unanswered;
- a handler that raises ``RequestRefused`` is answered with ``RequestFailed`` (-32803) and its
  message, which is logged without a traceback (it is an answer, not a failure);
- a handler's future is forgotten once it is done (pygls keeps the future of every
  notification handled by a generator or a coroutine, such as each ``didChange``, for ever);
- ``didChange``, ``didSave`` and ``didClose`` find the open document in any spelling of its
  URI (pygls finds it in the spelling of ``didOpen`` only); for a document that is not open
  (one the client renamed and has not opened under its new URI yet, as Neovim does after a
  rename that moves the file, or one already closed) they are dropped, logged at INFO. The
  server owns a document's text only between ``didOpen`` and ``didClose``: a change outside
  them, even one of the whole text, is not taken as the content (the client would never close
  a document it does not know is open, and its diagnostics and its place in the catalog would
  shadow the file on disk); the ``didOpen`` that follows carries the text. A second
  ``didOpen`` of an open document replaces its text;
- a reply to a request of the server's that it gave up on is dropped (pygls would raise on
  the cancelled future);
- a message nested too deep to decode (``json_depth``) is refused, a request answered with
  ``InvalidRequest``;
- ``shutdown`` while requests still run (a command waiting for the client's answer) cancels
  them, each answered as cancelled, and is answered itself.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

from lsprotocol import types
from lsprotocol.types import EXIT, INITIALIZE, ErrorCodes, LSPErrorCodes, ResponseError
from pygls.exceptions import JsonRpcException
from pygls.protocol import LanguageServerProtocol, lsp_method
from pygls.protocol.json_rpc import JsonRPCNotification, MsgId, RPCMessage

from subagent_ls.lsp.json_depth import MAX_DEPTH
from subagent_ls.lsp.uris import text_document

log = logging.getLogger(__name__)
ANSWERED = "$/subagents/answeredInvalidRequest"
"""A notification nobody handles, standing in for a request already answered with an error."""


class RequestRefused(JsonRpcException):
    """A request the server understood and will not carry out; the message says why."""

    CODE = LSPErrorCodes.RequestFailed


class AnsweringProtocol(LanguageServerProtocol):
    initialize_received = False
    exit_code: int | None = None
    """Set by ``exit``: 0 after ``shutdown``, else 1."""

    def handle_message(self, message: RPCMessage) -> None:
        if message is None:  # what the transport reads for a message it refused
            return
        method = getattr(message, "method", None)
        if method == EXIT:
            self.exit_code = 0 if self._shutdown else 1
        elif method == INITIALIZE:
            self.initialize_received = True
        elif method is not None and (self._shutdown or not self.initialize_received):
            self._refuse(message, method)
            return
        super().handle_message(message)

    def _refuse(self, message: RPCMessage, method: str) -> None:
        if self._shutdown:
            code, why = ErrorCodes.InvalidRequest, "the server is shut down"
        else:
            code, why = ErrorCodes.ServerNotInitialized, "the server is not initialized"
        log.info("%s: %s %s", why, method, "refused" if hasattr(message, "id") else "dropped")
        if hasattr(message, "id"):
            error = ResponseError(code=code, message=f"{why}: {method}")
            self._send_response(message.id, error=error)

    def refuse_too_deep(self, msg_id: MsgId | None) -> None:
        """Refuse a message nested too deep to decode (answering it when it is a request)."""
        why = f"the message is nested deeper than {MAX_DEPTH} levels"
        log.error("%s: %s", why, "refused" if msg_id is not None else "dropped")
        if msg_id is not None:
            error = ResponseError(code=ErrorCodes.InvalidRequest, message=why)
            self._send_response(msg_id, error=error)

    @lsp_method(types.SHUTDOWN)
    def lsp_shutdown(self, *args: Any):
        """pygls's ``shutdown``, but that it cancels the requests still running over a copy of
        their futures: cancelling the future of a request run by a thread or a generator (as
        ``workspace/executeCommand`` is) answers it at once, which removes it from the dict
        pygls iterates over, and the shutdown failed (``dictionary changed size during
        iteration``)."""
        if (handler := self.fm.features.get(types.SHUTDOWN)) is not None:
            yield handler, args, None
        current = self.msg_id
        for msg_id, future in list(self._request_futures.items()):
            if msg_id != current and not future.done():
                future.cancel()
        self._shutdown = True

    @lsp_method(types.TEXT_DOCUMENT_DID_CHANGE)
    def lsp_text_document__did_change(self, params: types.DidChangeTextDocumentParams):
        if self._as_opened(params.text_document, types.TEXT_DOCUMENT_DID_CHANGE):
            yield from super().lsp_text_document__did_change(params)

    @lsp_method(types.TEXT_DOCUMENT_DID_SAVE)
    def lsp_text_document__did_save(self, params: types.DidSaveTextDocumentParams):
        if not self._as_opened(params.text_document, types.TEXT_DOCUMENT_DID_SAVE):
            return
        if (handler := self.fm.features.get(types.TEXT_DOCUMENT_DID_SAVE)) is not None:
            yield handler, (params,), None

    @lsp_method(types.TEXT_DOCUMENT_DID_CLOSE)
    def lsp_text_document__did_close(self, params: types.DidCloseTextDocumentParams):
        if self._as_opened(params.text_document, types.TEXT_DOCUMENT_DID_CLOSE):
            yield from super().lsp_text_document__did_close(params)

    def _as_opened(
        self,
        identifier: types.TextDocumentIdentifier | types.VersionedTextDocumentIdentifier,
        method: str,
    ) -> bool:
        """Name the document with the URI it was opened with; False (the notification is
        dropped) when it is not open."""
        document = text_document(self.workspace, identifier.uri)
        if document is None:
            log.info("%s for %s, which is not open: dropped", method, identifier.uri)
            return False
        identifier.uri = document.uri
        return True

    def _send_handler_result(self, future: Future[Any], *, msg_id: MsgId) -> None:
        refused = None if future.cancelled() else future.exception()
        if not isinstance(refused, RequestRefused):
            super()._send_handler_result(future, msg_id=msg_id)
            return
        self._request_futures.pop(msg_id, None)
        log.info("request %s refused: %s", msg_id, refused.message)
        self._send_response(msg_id, error=refused.to_response_error())

    def _handle_response(
        self, msg_id: MsgId, result: Any | None = None, error: ResponseError | None = None
    ) -> None:
        """A reply to a request of ours that was given up on (a timeout cancelled its wait)
        is dropped: its future is done and takes no result."""
        future = self._request_futures.get(msg_id)
        if future is not None and future.done():
            self._request_futures.pop(msg_id, None)
            log.debug("late reply to request %s, which was given up on", msg_id)
            return
        super()._handle_response(msg_id, result, error)

    def _send_data(self, data: Any) -> None:
        if self.exit_code is None:
            super()._send_data(data)

    def structure_message(self, data: dict[str, Any]) -> Any:
        try:
            return super().structure_message(data)
        except JsonRpcException as error:
            if not ("id" in data and isinstance(data.get("method"), str)):
                raise
            log.warning("invalid params for %s; answered with an error", data["method"])
            reply = ResponseError(code=error.code, message=f"invalid params for {data['method']}")
            self._send_response(data["id"], error=reply)
            return JsonRPCNotification(method=ANSWERED, params=None, jsonrpc="2.0")

    def _execute_handler(
        self,
        msg_id: MsgId,
        handler: Callable[..., Any],
        callback: Callable[[Future[Any]], None],
        args: tuple[Any, ...] | None = None,
        kwargs: dict[str, Any] | None = None,
    ) -> None:
        """pygls files the future of a generator or coroutine handler under ``msg_id`` and
        removes it only when it answers a request: drop it once done. A cancelled one stays
        (``shutdown`` cancels while it iterates over them; a ``$/cancelRequest`` removed it)."""

        def finished(future: Future[Any]) -> None:
            if not future.cancelled() and self._request_futures.get(msg_id) is future:
                del self._request_futures[msg_id]
            callback(future)

        super()._execute_handler(msg_id, handler, finished, args, kwargs)
