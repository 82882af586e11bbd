"""Colour in text output: ``--color always`` or ``never`` decide; else (``auto``) on a terminal
that is not ``TERM=dumb``, unless ``NO_COLOR`` says otherwise; ``FORCE_COLOR`` turns it on
anywhere (https://no-color.org, https://force-color.org)."""

from __future__ import annotations

import os
from typing import TextIO

_CODES = {
    "bold": "1",
    "dim": "2",
    "red": "1;31",
    "yellow": "1;33",
    "blue": "1;34",
    "cyan": "36",
    "green": "32",
}


def wants_colour(
    stream: TextIO,
    environ: os._Environ[str] | dict[str, str] = os.environ,
    choice: str = "auto",
) -> bool:
    """``choice`` ``always`` or ``never`` decides; else ``FORCE_COLOR`` (not empty, not ``0``)
    turns colour on; else a non-empty ``NO_COLOR`` or ``TERM=dumb`` turns it off; else colour
    is used when ``stream`` is a terminal."""
    if choice != "auto":
        return choice == "always"
    force = environ.get("FORCE_COLOR", "")
    if force and force != "0":
        return True
    if environ.get("NO_COLOR") or force == "0" or environ.get("TERM") == "dumb":
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


class Style:
    """Paints text with ANSI SGR codes, or leaves it plain."""

    def __init__(self, colour: bool) -> None:
        self.colour = colour

    def __call__(self, text: str, style: str) -> str:
        if not self.colour or not text:
            return text
        return f"\x1b[{_CODES[style]}m{text}\x1b[0m"


PLAIN = Style(False)
