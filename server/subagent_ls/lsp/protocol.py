"""The JSON-RPC protocol with one change: a request whose params cannot be read as the method's
type is answered with an ``InvalidParams`` error instead of being dropped unanswered."""

from __future__ import annotations

import logging
from typing import Any

from lsprotocol.types import ResponseError
from pygls.exceptions import JsonRpcException
from pygls.protocol import LanguageServerProtocol
from pygls.protocol.json_rpc import JsonRPCNotification

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
