"""Messages nested too deep to decode. Python's JSON decoder recurses once per level, so a
message of thousands of nested arrays (in a setting, say) raises ``RecursionError`` before any
handler sees it, and a request would go unanswered. One linear scan finds how deep a message
nests outside its strings and, for a request, its id, so that it is answered with an error."""

from __future__ import annotations

import json
import re
from typing import NamedTuple

MAX_DEPTH = 128
"""The deepest nesting of a message read; LSP's own messages nest about ten levels deep."""

_TOKEN = re.compile(rb'"(?:[^"\\]|\\.)*"|[\[\]{}]')
_ID_VALUE = re.compile(rb'[ \t\r\n]*:[ \t\r\n]*(-?[0-9]+|"(?:[^"\\]|\\.)*")')


class TooDeep(NamedTuple):
    """A message nested deeper than ``MAX_DEPTH``, and its id when it is a request."""

    id: int | str | None


def too_deep(body: bytes) -> TooDeep | None:
    """Whether ``body`` nests deeper than ``MAX_DEPTH`` (brackets inside strings aside)."""
    if body.count(b"[") + body.count(b"{") <= MAX_DEPTH:
        return None
    may_have_id = b'"id"' in body
    depth = 0
    exceeded = False
    request_id: int | str | None = None
    for token in _TOKEN.finditer(body):
        text = token[0]
        if text in (b"[", b"{"):
            depth += 1
            if depth > MAX_DEPTH:
                exceeded = True
                if request_id is not None or not may_have_id:
                    break  # all that is needed is known (clients write the id first)
        elif text in (b"]", b"}"):
            depth -= 1
        elif depth == 1 and text == b'"id"' and (value := _ID_VALUE.match(body, token.end())):
            request_id = json.loads(value[1])
    return TooDeep(request_id) if exceeded else None
