"""What every command shares about its exit: the codes, and the error of a mistake on the
command line or in a settings file (reported in one line, exit 2)."""

from __future__ import annotations

EXIT_OK, EXIT_ERRORS, EXIT_USAGE = 0, 1, 2


class UsageError(Exception):
    """A mistake on the command line or in a settings file: reported in one line, exit 2."""
