"""The project folder of a file: the folder a harness is run in to read it."""

from __future__ import annotations

from pathlib import Path

from subagent_ls.harnesses.model import parent_segments
from subagent_ls.harnesses.registry import DIALECTS


def project_of(path: str) -> Path | None:
    """The project folder of a file in an agent folder (``a/b`` for ``a/b/.claude/agents/x.md``):
    the folder the harnesses would be run in to read it (None: in no agent folder)."""
    parents = parent_segments(path)
    for dialect in DIALECTS.values():
        for folder in dialect.folders:
            start = folder.start_in(parents)
            if start:
                return Path("/".join(parents[:start]) or "/")
    return None
