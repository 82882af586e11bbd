"""How editors spell the URI of a file path, written here from each client's own rule (not from
the server's code), for tests that send the server such URIs and check what it answers.

- VS Code: vscode-uri's ``URI.file(path).toString()`` (``_asFormatted`` with
  ``encodeURIComponentFast``): a drive letter lower-cased, every character but ``A-Za-z0-9-._~``
  and ``/`` percent-encoded in upper case, the drive's ``:`` too (``file:///c%3A/...``).
- Python: ``pathlib``'s ``as_uri()`` (``PureWindowsPath`` for a path with a drive letter).
- Neovim: ``vim.uri_from_fname`` (runtime ``lua/vim/uri.lua``): RFC 3986's unreserved
  characters, sub-delimiters, ``:``, ``@`` and ``/`` stay, every other byte is ``%xx`` in lower
  case; a drive letter is kept as written, after ``file:///``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import PurePosixPath, PureWindowsPath

_DRIVE = re.compile(r"^([A-Za-z]):")
_UNRESERVED = set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
_NEOVIM_KEEP = _UNRESERVED | set("!$&'()*+,;=:@/")


def _encode(text: str, keep: set[str], hex_format: str) -> str:
    return "".join(
        char if char in keep else "".join(hex_format % byte for byte in char.encode("utf-8"))
        for char in text
    )


def vscode_uri(path: str) -> str:
    path = path.replace("\\", "/") if _DRIVE.match(path) else path
    if not path.startswith("/"):
        path = f"/{path}"
    if re.match(r"^/[A-Z]:", path):
        path = f"/{path[1].lower()}{path[2:]}"
    return "file://" + _encode(path, _UNRESERVED | {"/"}, "%%%02X")


def python_uri(path: str) -> str:
    pure = PureWindowsPath(path) if _DRIVE.match(path) else PurePosixPath(path)
    return pure.as_uri()


def neovim_uri(path: str) -> str:
    if drive := _DRIVE.match(path):
        rest = path[drive.end() :].replace("\\", "/")
        return f"file:///{drive[0]}{_encode(rest, _NEOVIM_KEEP, '%%%02x')}"
    return "file://" + _encode(path, _NEOVIM_KEEP, "%%%02x")


SPELLINGS: dict[str, Callable[[str], str]] = {
    "vscode": vscode_uri,
    "python": python_uri,
    "neovim": neovim_uri,
}
