"""The resolved settings the engine runs with (plain data; validation lives in ``config``)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from subagent_ls.engine.findings import Severity

DEFAULT_BODY_MAX_LINES = 500


@dataclass(frozen=True, slots=True)
class Settings:
    """``rules`` maps a code to a severity, or to None for off. ``select``/``ignore`` come
    from the command line and narrow what is reported."""

    harness: str = "harness-subagents"
    dialects: Mapping[str, str] = field(default_factory=dict)
    extra_dirs: tuple[str, ...] = ()
    body_max_lines: int = DEFAULT_BODY_MAX_LINES
    rules: Mapping[str, Severity | None] = field(default_factory=dict)
    disabled: tuple[str, ...] = ()
    targets: tuple[str, ...] | None = None
    """The harnesses every file is judged for (None: the harnesses that read its folder)."""
    select: frozenset[str] | None = None
    ignore: frozenset[str] = frozenset()

    def reports(self, code: str) -> bool:
        """Whether the command-line selection lets ``code`` through."""
        return code not in self.ignore and (self.select is None or code in self.select)
