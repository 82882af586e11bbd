"""The scheme of a URL as the WHATWG URL parser (Node's ``new URL``) reads it."""

from __future__ import annotations

import re
import urllib.parse

_FORBIDDEN_HOST = frozenset("\x00\t\n\r #/:<>?@[\\]^|%\x7f")


def url_scheme(url: str) -> str | None:
    """The scheme of ``url`` as the WHATWG URL parser reads it (lower case), or None when it
    does not parse as an absolute URL; an http or https URL must have a valid host and
    port."""
    text = "".join(c for c in url.strip("".join(map(chr, range(33)))) if c not in "\t\n\r")
    match = re.match(r"([A-Za-z][A-Za-z0-9+.\-]*):", text)
    if match is None:
        return None
    scheme = match[1].lower()
    if scheme not in ("http", "https"):
        return scheme
    rest = text[match.end() :].lstrip("/\\")
    authority = re.split(r"[/\\?#]", rest, maxsplit=1)[0].rpartition("@")[2]
    if authority.startswith("["):
        host, bracket, port = authority[1:].partition("]")
        if not bracket or not host or re.fullmatch(r"[0-9A-Fa-f:.]+", host) is None:
            return None
        port = port.removeprefix(":") if port.startswith(":") or not port else "x"
    else:
        host, _, port = authority.partition(":") if ":" in authority else (authority, "", "")
        host = urllib.parse.unquote(host)
        if not host or any(c in _FORBIDDEN_HOST or ord(c) < 32 for c in host):
            return None
        if not _ipv4_ok(host):
            return None
    if port and (not port.isdigit() or not port.isascii() or int(port) > 65535):
        return None
    return scheme


def _ipv4_ok(host: str) -> bool:
    """A host whose last label is a number must be a valid IPv4 address."""
    labels = host.removesuffix(".").split(".")
    if not re.fullmatch(r"\d+|0[xX][0-9A-Fa-f]*", labels[-1]):
        return True
    values = []
    for label in labels:
        try:
            values.append(
                int(label, 16)
                if label[:2].lower() == "0x"
                else int(label, 8 if len(label) > 1 and label[0] == "0" else 10)
            )
        except ValueError:
            return False
    if len(values) > 4 or any(v > 255 for v in values[:-1]):
        return False
    return values[-1] < 256 ** (5 - len(values))
