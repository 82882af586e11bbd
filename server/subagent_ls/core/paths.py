"""Whether a path lies in a folder, told by their text (both absolute and normalised): the one
test the walks, the settings, the collections and ``--fix`` share."""

from __future__ import annotations

import os


def within(path: str, folder: str) -> bool:
    """``path`` is ``folder`` or lies below it."""
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)
