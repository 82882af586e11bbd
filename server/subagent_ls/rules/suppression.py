"""The code of the finding on a suppression comment that hides nothing, or names no rule
(``analysis.suppressions`` reads the comments and makes it), as ruff reports an unused
``noqa``."""

from __future__ import annotations

from subagent_ls.core.findings import Severity
from subagent_ls.rules.registry import declare

SUPPRESSION_UNUSED = declare(
    "suppression-unused",
    Severity.WARNING,
    "a suppression comment that hides nothing, or names no rule code",
)
