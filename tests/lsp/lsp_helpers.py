"""Helpers for end-to-end tests over stdio: start the real server, open documents, wait for
their diagnostics, and apply the edits the server returns the way an editor would."""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from pathlib import Path

from lsprotocol import types
from pytest_lsp import LanguageClient

SERVER = [sys.executable, "-m", "subagent_ls", "serve"]
HOME = Path(tempfile.mkdtemp(prefix="subagent-ls-lsp-home-"))
"""The servers' HOME: user-level folders live here, never in the real home."""
SERVER_ENV = {**os.environ, "HOME": str(HOME)}
CLIENTS = ["visual-studio-code", "neovim"]


def uri_of(path: Path) -> str:
    return path.absolute().as_uri()


async def begin_session(client: LanguageClient, params: types.InitializeParams) -> None:
    """Initialize, recording what the tests look at: the version of each diagnostic set, the
    capabilities the server registers and its ``subagents/catalogChanged`` notifications."""
    client.diagnostic_versions = {}

    def published(params: types.PublishDiagnosticsParams) -> None:
        """pytest-lsp's own handler, plus the version each diagnostic set belongs to."""
        client.diagnostics[params.uri] = params.diagnostics
        client.diagnostic_versions[params.uri] = params.version

    client.protocol.fm.features[types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS] = published
    client.registrations = []
    client.catalog_changes = []

    @client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def register_capability(ls, params: types.RegistrationParams) -> None:
        client.registrations.extend(params.registrations)

    @client.feature("subagents/catalogChanged")
    def catalog_changed(ls, params: object) -> None:
        client.catalog_changes.append(params)

    result = await client.initialize_session(params)
    client.position_encoding = str(result.capabilities.position_encoding or "utf-16")


def units(text: str, encoding: str) -> int:
    """Length of ``text`` in code units of a position encoding, computed independently."""
    if encoding == "utf-8":
        return len(text.encode("utf-8"))
    if encoding == "utf-32":
        return len(text)
    return len(text.encode("utf-16-le")) // 2


def offset_of(text: str, position: types.Position, encoding: str = "utf-16") -> int:
    """Independent of the server: walk the text counting code units of ``encoding``."""
    lines = text.splitlines(keepends=True)
    offset = sum(len(line) for line in lines[: position.line])
    line = lines[position.line] if position.line < len(lines) else ""
    counted = 0
    for index, char in enumerate(line.rstrip("\r\n")):
        if counted >= position.character:
            return offset + index
        counted += units(char, encoding)
    return offset + len(line.rstrip("\r\n"))


def apply(text: str, edits: list[types.TextEdit], encoding: str = "utf-16") -> str:
    spans = [
        (
            offset_of(text, e.range.start, encoding),
            offset_of(text, e.range.end, encoding),
            e.new_text,
        )
        for e in edits
    ]
    for start, end, new in sorted(spans, reverse=True):
        text = text[:start] + new + text[end:]
    return text


def edits_of(edit: types.WorkspaceEdit, uri: str) -> list[types.TextEdit]:
    if edit.changes:
        return list(edit.changes.get(uri, []))
    found = []
    for change in edit.document_changes or []:
        if isinstance(change, types.TextDocumentEdit) and change.text_document.uri == uri:
            found += list(change.edits)
    return found


async def open_document(client: LanguageClient, path: Path, text: str, version: int = 1) -> str:
    return await open_uri(client, uri_of(path), text, version)


async def open_uri(client: LanguageClient, uri: str, text: str, version: int = 1) -> str:
    """Open ``uri`` (as the client spells it) and wait for its diagnostics."""
    client.diagnostics.pop(uri, None)
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(types.TextDocumentItem(uri, "markdown", version, text))
    )
    await wait_for_diagnostics(client, uri, version)
    return uri


async def wait_for_diagnostics(
    client: LanguageClient, uri: str, version: int | None = None, timeout: float = 10
) -> None:
    """Wait for diagnostics of ``uri`` (of that version, when one is given)."""

    def arrived() -> bool:
        if uri not in client.diagnostics:
            return False
        return version is None or client.diagnostic_versions.get(uri) == version

    async def waiting() -> None:
        while not arrived():
            await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)

    await asyncio.wait_for(waiting(), timeout)


async def change(client: LanguageClient, uri: str, text: str, version: int) -> None:
    client.diagnostics.pop(uri, None)
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=text)],
        )
    )
    await wait_for_diagnostics(client, uri, version)


async def raw_request(client: LanguageClient, method: str, params: object) -> object:
    """Send a request with arbitrary (even ill-typed) params, bypassing the client's types."""
    protocol = client.protocol
    future = asyncio.get_running_loop().create_future()
    message_id = f"raw-{id(future)}"
    protocol._request_futures[message_id] = future
    protocol._send_data({"jsonrpc": "2.0", "id": message_id, "method": method, "params": params})
    return await asyncio.wait_for(future, 10)


async def wait_for_codes(
    client: LanguageClient, uri: str, expected: list[str], timeout: float = 10
) -> None:
    """Wait until the diagnostics of ``uri`` have exactly these codes (settings apply later)."""

    async def waiting() -> None:
        while codes(client, uri) != expected:
            await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)

    await asyncio.wait_for(waiting(), timeout)


def codes(client: LanguageClient, uri: str) -> list[str]:
    return sorted(str(d.code) for d in client.diagnostics.get(uri, []))


def doc_id(uri: str) -> types.TextDocumentIdentifier:
    return types.TextDocumentIdentifier(uri=uri)
