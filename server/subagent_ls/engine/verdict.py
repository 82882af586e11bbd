"""The harness verdict: would the file's harness load this file on its own, and as what name."""

from __future__ import annotations

from dataclasses import dataclass

from subagent_ls.engine.document import AgentDocument
from subagent_ls.engine.findings import Finding, Severity


@dataclass(frozen=True, slots=True)
class Verdict:
    loads: bool
    name: str | None
    reason: str | None

    def as_json(self) -> dict[str, object]:
        return {"loads": self.loads, "name": self.name, "reason": self.reason}


def verdict_of(doc: AgentDocument, findings: list[Finding]) -> Verdict:
    """A harness that follows the format loads a file with no error at the dialect's own
    severities (the user's severity settings do not change what the harness does)."""
    errors = [f for f in findings if f.severity is Severity.ERROR]
    if errors:
        return Verdict(False, None, min(errors, key=lambda f: f.span.start).message)
    name = doc.field_value("name")
    return Verdict(True, str(name.value) if name and name.kind == "str" else None, None)
