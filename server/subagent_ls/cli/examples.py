"""The harnesses, dialect and agent folder the help examples of the commands name, taken from the
registry (the harnesses other than the base format's, in the order they are registered), so that
no example names a harness the registry does not list."""

from __future__ import annotations

from subagent_ls.harnesses.registry import BASE, HARNESS_OF, OWN_DIALECTS, PROFILES

_OTHERS = [dialect for dialect in OWN_DIALECTS.values() if dialect is not BASE] or [BASE]

DIALECT = _OTHERS[0].id
"""The dialect of the first harness registered after the base format's."""
HARNESS = HARNESS_OF[DIALECT]
"""Its harness (a profile's id)."""
HARNESS_NAME = PROFILES[HARNESS].harness
"""Its harness's name (``Claude Code``)."""
HARNESSES = tuple(HARNESS_OF[dialect.id] for dialect in _OTHERS[:4])
"""Up to four harnesses, for an example that takes a list of them."""
FOLDER = next(("/".join(folder.segments) for d in _OTHERS for folder in d.folders), "some/folder")
"""The first agent folder of those harnesses' dialects."""


def example(command: str, says: str, width: int) -> str:
    """An example line: the command, then what it does at column ``width`` (on the next line
    when the command is longer)."""
    line = f"  {command}"
    if len(line) < width:
        return f"{line:<{width}}{says}"
    return f"{line}\n{'':<{width}}{says}"
