"""Standard output closed by its reader: a command piped into ``head`` stops writing and keeps
its exit code, and Python's flush at exit must not fail on the closed pipe once more."""

from __future__ import annotations

import os
import sys


def discard_stdout() -> None:
    """Point stdout at the null device: what is still buffered goes nowhere, quietly."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, sys.stdout.fileno())
    finally:
        os.close(devnull)
