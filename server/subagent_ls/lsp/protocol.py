"""The JSON-RPC protocol, with pygls's bookkeeping kept bounded: a request whose params cannot be
read as the method's type is answered with an ``InvalidParams`` error instead of being dropped
unanswered, and a handler's future is forgotten once it is done (pygls keeps the future of every
notification handled by a generator or a coroutine, such as each ``didChange``, for ever)."""

from __future__ import annotations

import logging
from concurrent.futures import Future
from typing import Any

from lsprotocol.types import ResponseError
from pygls.exceptions import JsonRpcException
from pygls.protocol import LanguageServerProtocol
from pygls.protocol.json_rpc import JsonRPCNotification, MsgId

log = logging.getLogger(__name__)
ANSWERED = "$/subagents/answeredInvalidRequest"
"""A notification nobody handles, standing in for a request already answered with an error."""


class AnsweringProtocol(LanguageServerProtocol):
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
        handler: Any,
        callback: Any,
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
