"""Verdicts shared by several dialects: the harness loads a file unless one of its findings is an
error, and names it by a field, by the file name, or by its path below the agent folder."""

from __future__ import annotations

from collections.abc import Callable

from subagent_ls.core.document import AgentDocument
from subagent_ls.core.findings import Finding, Severity
from subagent_ls.core.verdict import Verdict

NameOf = Callable[[AgentDocument], str | None]


def field_name(*keys: str, fallback: NameOf | None = None) -> NameOf:
    """The first of ``keys`` that holds a scalar, else ``fallback``."""

    def name_of(doc: AgentDocument) -> str | None:
        for key in keys:
            node = doc.field_value(key)
            if node is not None and not node.is_collection and node.value not in (None, ""):
                return str(node.value)
        return fallback(doc) if fallback else None

    return name_of


def first_error_verdict(
    harness: str, name_of: NameOf
) -> Callable[[AgentDocument, list[Finding]], Verdict]:
    """The harness refuses a file with an error-level finding (at the dialect's severities);
    the reason is that finding's message."""

    def verdict(doc: AgentDocument, findings: list[Finding]) -> Verdict:
        errors = [f for f in findings if f.severity is Severity.ERROR]
        if errors:
            first = min(errors, key=lambda f: f.span.start)
            return Verdict(False, None, first.message, "rejected", harness, first.span)
        return Verdict(True, name_of(doc), None, "loads", harness)

    return verdict
