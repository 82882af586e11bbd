"""Run one command offline, inside a network namespace that has only loopback, next to a stub
model server. Started as ``unshare -n python offline.py ...`` by ``oracle.run_offline``.

Brings the loopback interface up, serves ``--stub-port`` on 127.0.0.1 (every request is appended
to ``--stub-log`` as one JSON line: method, path, headers, body), runs the command with
``--timeout`` and exits with its exit code. The stub answers each model API with the smallest
valid reply: Anthropic messages, OpenAI chat completions and responses, Gemini generateContent
(streamed or not), and ``{}`` for anything else. With ``--stub-gemini-call`` (a JSON
``{"name": ..., "args": ...}``), the first Gemini request that declares that function is answered
with a call of it instead (how a run gets Gemini CLI to invoke a subagent); ``--stub-openai-call``
does the same for the first OpenAI chat completion that offers that function (Copilot CLI's
``task`` tool, with ``args`` filled in for its required parameters).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

_ANTHROPIC = {
    "id": "msg_stub",
    "type": "message",
    "role": "assistant",
    "model": "stub",
    "content": [{"type": "text", "text": "ok"}],
    "stop_reason": "end_turn",
    "stop_sequence": None,
    "usage": {"input_tokens": 1, "output_tokens": 1},
}
_ANTHROPIC_STREAM = [
    ("message_start", {"type": "message_start", "message": {**_ANTHROPIC, "content": []}}),
    (
        "content_block_start",
        {"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}},
    ),
    (
        "content_block_delta",
        {"type": "content_block_delta", "index": 0, "delta": {"type": "text_delta", "text": "ok"}},
    ),
    ("content_block_stop", {"type": "content_block_stop", "index": 0}),
    (
        "message_delta",
        {
            "type": "message_delta",
            "delta": {"stop_reason": "end_turn", "stop_sequence": None},
            "usage": {"output_tokens": 1},
        },
    ),
    ("message_stop", {"type": "message_stop"}),
]
_OPENAI = {
    "id": "chatcmpl-stub",
    "object": "chat.completion",
    "created": 0,
    "model": "stub",
    "choices": [
        {"index": 0, "message": {"role": "assistant", "content": "ok"}, "finish_reason": "stop"}
    ],
    "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
}
_GEMINI = {
    "candidates": [
        {"content": {"role": "model", "parts": [{"text": "ok"}]}, "finishReason": "STOP"}
    ],
    "usageMetadata": {"promptTokenCount": 1, "candidatesTokenCount": 1, "totalTokenCount": 2},
}


def _declares(body: dict, name: str) -> bool:
    """Whether a Gemini request offers the model a function called ``name``."""
    for tool in body.get("tools") or []:
        for declaration in tool.get("functionDeclarations") or []:
            if declaration.get("name") == name:
                return True
    return False


def _openai_call(body: dict, call: dict) -> dict | None:
    """The arguments of a call of ``call["name"]``, where an OpenAI request offers it: its
    required parameters each ``"Say hi."``, then ``call["args"]``."""
    for tool in body.get("tools") or []:
        function = tool.get("function") or {}
        if function.get("name") == call["name"]:
            required = (function.get("parameters") or {}).get("required") or []
            return {**dict.fromkeys(required, "Say hi."), **call["args"]}
    return None


class _Stub(BaseHTTPRequestHandler):
    log_path = ""
    lock = threading.Lock()
    gemini_call: dict | None = None
    openai_call: dict | None = None

    def log_message(self, *args: object) -> None:
        """Quiet: requests go to the log file."""

    def _record(self) -> dict:
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        try:
            body = json.loads(raw) if raw else None
        except ValueError:
            body = raw.decode("utf-8", "replace")
        entry = {"method": self.command, "path": self.path, "headers": dict(self.headers)}
        entry["body"] = body
        with self.lock, open(self.log_path, "a", encoding="utf-8") as log:
            log.write(json.dumps(entry) + "\n")
        return entry

    def _send(self, status: int, payload: object, content_type: str = "application/json") -> None:
        data = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self) -> None:
        self._record()
        self._send(200, {"data": [], "models": []})

    def do_POST(self) -> None:
        entry = self._record()
        body = entry["body"] if isinstance(entry["body"], dict) else {}
        path = self.path
        if "/messages" in path:
            if body.get("stream"):
                events = "".join(
                    f"event: {name}\ndata: {json.dumps(data)}\n\n"
                    for name, data in _ANTHROPIC_STREAM
                )
                self._send(200, events.encode(), "text/event-stream")
            else:
                self._send(200, _ANTHROPIC)
        elif (
            "chat/completions" in path
            and body.get("stream")
            and ((called := self._openai_reply(body)) is not None)
        ):
            self._send(200, called, "text/event-stream")
        elif "chat/completions" in path:
            if body.get("stream"):
                chunk = {**_OPENAI, "object": "chat.completion.chunk"}
                delta = {"role": "assistant", "content": "ok"}
                chunk["choices"] = [{"index": 0, "delta": delta, "finish_reason": "stop"}]
                events = f"data: {json.dumps(chunk)}\n\ndata: [DONE]\n\n"
                self._send(200, events.encode(), "text/event-stream")
            else:
                self._send(200, _OPENAI)
        elif "enerateContent" in path:
            reply = self._gemini_reply(body)
            if "streamGenerateContent" in path:
                self._send(200, f"data: {json.dumps(reply)}\n\n".encode(), "text/event-stream")
            else:
                self._send(200, reply)
        elif "countTokens" in path:
            self._send(200, {"totalTokens": 1})
        else:
            self._send(200, {})

    def _openai_reply(self, body: dict) -> bytes | None:
        """The streamed tool call that answers the first request offering the function."""
        with self.lock:
            call = _Stub.openai_call
            args = None if call is None else _openai_call(body, call)
            if args is None:
                return None
            _Stub.openai_call = None
        function = {"name": call["name"], "arguments": json.dumps(args)}
        delta = {"role": "assistant", "content": "", "tool_calls": [
            {"index": 0, "id": "call_stub", "type": "function", "function": function}
        ]}  # fmt: skip
        chunks = [
            {**_OPENAI, "object": "chat.completion.chunk",
             "choices": [{"index": 0, "delta": delta, "finish_reason": None}]},
            {**_OPENAI, "object": "chat.completion.chunk",
             "choices": [{"index": 0, "delta": {}, "finish_reason": "tool_calls"}]},
        ]  # fmt: skip
        return "".join(f"data: {json.dumps(c)}\n\n" for c in chunks).encode() + b"data: [DONE]\n\n"

    def _gemini_reply(self, body: dict) -> dict:
        with self.lock:
            call = _Stub.gemini_call
            if call is None or not _declares(body, call["name"]):
                return _GEMINI
            _Stub.gemini_call = None
        candidate = {"content": {"role": "model", "parts": [{"functionCall": call}]}}
        return {**_GEMINI, "candidates": [{**candidate, "finishReason": "STOP"}]}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--stub-port", type=int, default=0)
    parser.add_argument("--stub-log", default="")
    parser.add_argument("--stub-gemini-call", default="")
    parser.add_argument("--stub-openai-call", default="")
    parser.add_argument("--timeout", type=float, default=120)
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    subprocess.run(["ip", "link", "set", "lo", "up"], check=False, capture_output=True)
    if args.stub_port:
        _Stub.log_path = args.stub_log
        _Stub.gemini_call = json.loads(args.stub_gemini_call) if args.stub_gemini_call else None
        _Stub.openai_call = json.loads(args.stub_openai_call) if args.stub_openai_call else None
        server = ThreadingHTTPServer(("127.0.0.1", args.stub_port), _Stub)
        threading.Thread(target=server.serve_forever, daemon=True).start()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    try:
        done = subprocess.run(command, timeout=args.timeout, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        print(f"offline.py: {command[0]} timed out after {args.timeout:g} s", file=sys.stderr)
        return 124
    return done.returncode


if __name__ == "__main__":
    sys.exit(main())
