"""URIs and paths, in the client's own spelling.

Editors spell one file's URI differently: VS Code percent-encodes every character but the
unreserved ones and ``/`` (``file:///c%3A/My%20Projects/a%2Bb.md``), Neovim leaves RFC 3986's
sub-delimiters, ``:`` and ``@`` as they are and writes lower-case escapes, Emacs (eglot) encodes
``:`` but not the others. This module owns what the server does with them:

- ``path_of`` and ``key_of``: a file URI's path, and a key that every spelling of one resource
  shares (documents are looked up by it: ``text_document``);
- ``ClientUris``: the URIs the client named (workspace folders, open documents) and the style it
  writes them in, to answer with a URI for any path in the client's form: the very URI it sent
  for that path, else the URI of a folder it named with the rest encoded as it would, else the
  whole path encoded as it would.

A Windows drive letter is lower-cased; off Windows a URI with one keeps it in a path of the form
``/c:/Users/...``. URIs of other schemes (``untitled:``) have no path."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from urllib.parse import quote_from_bytes, unquote, unquote_to_bytes, urlsplit

from pygls.workspace import TextDocument, Workspace

_DRIVE = re.compile(r"/([A-Za-z]):(?=/|$)")
_RAW_DRIVE = re.compile(r"/([A-Za-z])(:|%3[Aa])(?=/|$)")
_ESCAPE = re.compile(r"%([0-9A-Fa-f]{2})")
SUB_DELIMS = "!$&'()*+,;="
DIFFERING = SUB_DELIMS + ":@"
"""The characters clients disagree on; every client encodes the others (space, ``#``, ``%``,
non-ASCII) and leaves the unreserved ones and ``/`` as they are."""


def path_of(uri: str) -> Path | None:
    """The path of a ``file`` URI (None for other schemes and for a URI without a path)."""
    try:
        parts = urlsplit(uri)
    except ValueError:
        return None
    if parts.scheme.lower() != "file":
        return None
    text = os.fsdecode(unquote_to_bytes(parts.path))
    host = unquote(parts.netloc)
    if host and host.lower() != "localhost":
        text = f"//{host}{text}"
    elif not text.startswith("/"):
        return None
    if drive := _DRIVE.match(text):
        text = f"/{drive[1].lower()}{text[2:]}"
        if os.name == "nt":
            text = text[1:] if len(text) > 3 else f"{text[1:]}/"
    return Path(text)


def path_key(path: Path) -> str:
    return os.path.normcase(str(path))


@lru_cache(maxsize=4096)
def key_of(uri: str) -> str:
    """One key for every spelling of a URI: ``file:`` and the path for a file, else the URI
    decoded, its scheme lower-cased."""
    path = path_of(uri)
    if path is not None:
        return f"file:{path_key(path)}"
    scheme, colon, rest = uri.partition(":")
    return f"{scheme.lower()}{colon}{unquote(rest)}"


def text_document(workspace: Workspace, uri: str) -> TextDocument | None:
    """The open document ``uri`` names, in whichever spelling the client opened it."""
    documents = workspace.text_documents
    found = documents.get(uri) or documents.get(unquote(uri))  # pygls keys them unquoted
    if found is not None:
        return found
    wanted = key_of(uri)
    return next((doc for doc in documents.values() if key_of(doc.uri) == wanted), None)


@dataclass(frozen=True, slots=True)
class UriStyle:
    """How a client writes a file URI: the characters of ``DIFFERING`` it leaves unencoded, the
    case of its escapes, and its drive letters (``c%3A``, ``C:``)."""

    name: str
    keep: str
    lower_hex: bool = False
    drive_colon: str = "%3A"
    drive_upper: bool = False

    def quote(self, text: str) -> str:
        """``text`` (a path, or one of its names) percent-encoded in this style."""
        quoted = quote_from_bytes(os.fsencode(text), safe="/" + self.keep)
        return _ESCAPE.sub(lambda m: f"%{m[1].lower()}", quoted) if self.lower_hex else quoted

    def uri(self, path: Path) -> str:
        text = path.as_posix()
        if not text.startswith("/"):
            text = f"/{text}"  # a Windows path: C:/Users
        host = ""
        if text.startswith("//") and not text.startswith("///"):
            host, _, rest = text[2:].partition("/")
            text = f"/{rest}"
        drive = ""
        if found := _DRIVE.match(text):
            letter = found[1].upper() if self.drive_upper else found[1].lower()
            drive, text = f"/{letter}{self.drive_colon}", text[found.end() :]
        return f"file://{self.quote(host)}{drive}{self.quote(text)}"

    def accepts(self, uri: str) -> bool:
        """Whether ``uri`` encodes the characters of ``DIFFERING`` as this style does."""
        raw = _RAW_DRIVE.sub("", urlsplit(uri).path, count=1)
        literal = set(_ESCAPE.sub("", raw)) & set(DIFFERING)
        encoded = {chr(int(h, 16)) for h in _ESCAPE.findall(raw)} & set(DIFFERING)
        return literal <= set(self.keep) and not encoded & set(self.keep)


VSCODE = UriStyle("vscode", keep="")
"""VS Code (vscode-uri), and Python's ``Path.as_uri()`` off Windows."""
NEOVIM = UriStyle("neovim", keep=DIFFERING, lower_hex=True, drive_colon=":", drive_upper=True)
"""``vim.uri_from_fname``: RFC 3986's ``pchar`` and ``/`` stay, escapes in lower case."""
EMACS = UriStyle("emacs", keep=SUB_DELIMS + "@", drive_upper=True)
"""eglot: ``url-path-allowed-chars`` but ``:`` (and but ``%``, which eglot leaves as it is)."""
STYLES = (VSCODE, EMACS, NEOVIM)
"""The likeliest first for a client that does not say its name (eglot 1.9 does not; Neovim
does)."""


def _preferred(client_name: str | None) -> tuple[UriStyle, ...]:
    name = (client_name or "").lower()
    first = NEOVIM if "vim" in name else EMACS if "eglot" in name or "emacs" in name else VSCODE
    return (first, *(style for style in STYLES if style is not first))


@dataclass(slots=True)
class ClientUris:
    """The URIs the client named, by ``path_key``, and the style learned from them."""

    folders: dict[str, tuple[Path, str]] = field(default_factory=dict)
    documents: dict[str, tuple[Path, str]] = field(default_factory=dict)
    candidates: tuple[UriStyle, ...] = STYLES
    """The styles every URI seen so far agrees with, the likeliest first (the one the client's
    name suggests, then ``STYLES``)."""
    lower_hex: bool | None = None
    drive: tuple[str, bool] | None = None
    """The drive letter's colon and whether the letter is upper-case, as last seen."""

    def start(self, client_name: str | None, folder_uris: list[str]) -> None:
        """The session's client (its ``clientInfo`` name) and its workspace folders."""
        self.candidates = _preferred(client_name)
        for uri in folder_uris:
            self.add_folder(uri)

    @property
    def style(self) -> UriStyle:
        style = self.candidates[0]
        if self.lower_hex is not None:
            style = replace(style, lower_hex=self.lower_hex)
        if self.drive is not None:
            style = replace(style, drive_colon=self.drive[0], drive_upper=self.drive[1])
        return style

    def folder_paths(self) -> tuple[Path, ...]:
        return tuple(path for path, _ in self.folders.values())

    def add_folder(self, uri: str) -> None:
        if (path := self._learn(uri)) is not None:
            self.folders[path_key(path)] = (path, uri)

    def remove_folder(self, uri: str) -> None:
        if (path := path_of(uri)) is not None:
            self.folders.pop(path_key(path), None)

    def open(self, uri: str) -> None:
        if (path := self._learn(uri)) is not None:
            self.documents[path_key(path)] = (path, uri)

    def close(self, uri: str) -> None:
        if (path := path_of(uri)) is not None:
            self.documents.pop(path_key(path), None)

    def uri_of(self, path: Path) -> str:
        """The client's URI for ``path``: the one it named for it, else the URI of the nearest
        folder it named (a workspace folder, an open document's folder) and the rest in its
        style, else all of it in its style."""
        key = path_key(path)
        named = self.documents.get(key) or self.folders.get(key)
        if named is not None:
            return named[1]
        best: tuple[Path, str] | None = None
        for base, base_uri in self._bases():
            if path.is_relative_to(base) and (best is None or len(base.parts) > len(best[0].parts)):
                best = (base, base_uri)
        style = self.style
        if best is None:
            return style.uri(path)
        rest = "/".join(style.quote(part) for part in path.relative_to(best[0]).parts)
        return f"{best[1].rstrip('/')}/{rest}"

    def _bases(self) -> Iterator[tuple[Path, str]]:
        yield from self.folders.values()
        for path, uri in self.documents.values():
            parts = urlsplit(uri)
            if not parts.query and not parts.fragment and "/" in parts.path:
                yield path.parent, uri[: uri.rindex("/")]

    def _learn(self, uri: str) -> Path | None:
        """The path of a file URI the client sent; what it shows of the client's style is kept."""
        path = path_of(uri)
        if path is None:
            return None
        raw = urlsplit(uri).path
        if drive := _RAW_DRIVE.match(raw):
            self.drive = (drive[2], drive[1].isupper())
        cases = {h.islower() for h in "".join(_ESCAPE.findall(raw)) if h.isalpha()}
        if len(cases) == 1:
            self.lower_hex = cases.pop()
        agreeing = tuple(style for style in self.candidates if style.accepts(uri))
        self.candidates = agreeing or self.candidates
        return path
