"""The harness verdict: would the file's harness load this file on its own, and as what name."""

from __future__ import annotations

from typing import Literal, NamedTuple, get_args

from subagent_ls.core.document import AgentDocument
from subagent_ls.core.findings import Finding, Related, Severity
from subagent_ls.core.frontmatter import Span

Outcome = Literal[
    "loads", "repaired", "degraded", "ignored", "rejected", "breaks-configuration", "elsewhere"
]  # fmt: skip
_RANK = {outcome: rank for rank, outcome in enumerate(get_args(Outcome))} | {
    "ignored": 4,
    "elsewhere": 0,
}
"""Outcomes from best to worst (a file ignored or rejected is not loaded either way; a file the
harness would load but does not read where it lies is as good as one it loads: no edit of the
file changes where it lies)."""


class Verdict(NamedTuple):
    """``outcome`` says how: loaded as is, loaded after the harness repaired the YAML, loaded
    without part of what the file says (degraded), ignored without a word, rejected with an
    error, or the whole configuration refused; or, for a file written for the harness that
    lies where it reads no file (``elsewhere``), not read at all, though it would load from
    one of the harness's folders (``reason`` says which). ``span`` is
    where the reason is; ``note`` is what the user should know even when it loads."""

    loads: bool
    name: str | None
    reason: str | None
    outcome: Outcome = "loads"
    harness: str | None = None
    span: Span | None = None
    note: str | None = None
    deliberate: bool = False
    """The author switched the file off on purpose (``enabled: false``, prose)."""
    description: str | None = None
    """The description the model is given, after the harness's own parsing, repair and
    truncation (None when the file does not load); ``lint`` fills in the written one when
    the dialect leaves it unset."""
    tools: tuple[str, ...] | None = None
    """The tools the agent really gets, where the harness changes what the file says (``()``:
    none, ``("*",)``: all); None when the harness takes ``tools`` as written."""
    merged: tuple[tuple[str, object], ...] = ()
    """Where the harness merges the definitions of one name key by key (OpenCode): the keys of
    this file that decide the merged agent, as the harness reads them."""
    related: tuple[Related, ...] = ()
    """Other files that explain why the harness does not load this one (a plugin's
    manifest)."""

    @property
    def disabled(self) -> bool:
        """Switched off on purpose but still an agent (a prose file is not: it has no name)."""
        return self.deliberate and self.name is not None

    def worse_than(self, other: Verdict) -> bool:
        """Whether the harness does less with the file than under ``other``."""
        return _RANK[self.outcome] > _RANK[other.outcome]

    def as_json(self) -> dict[str, object]:
        data: dict[str, object] = {
            "loads": self.loads,
            "name": self.name,
            "reason": self.reason,
            "outcome": self.outcome,
        }
        if self.harness:
            data["harness"] = self.harness
        if self.note:
            data["note"] = self.note
        data["description"] = self.description
        if self.tools is not None:
            data["tools"] = list(self.tools)
        return data

    def with_description(self, doc: AgentDocument) -> Verdict:
        """This verdict with the written description where the dialect set none, and none
        when the file does not load."""
        if not self.loads:
            return self if self.description is None else self._replace(description=None)
        if self.description is not None:
            return self
        node = doc.field_value("description")
        if node is None or node.kind != "str":
            return self
        return self._replace(description=str(node.value))


def format_verdict(doc: AgentDocument, findings: list[Finding]) -> Verdict:
    """A harness that follows the format loads a file with no error at the dialect's own
    severities (the user's severity settings do not change what the harness does)."""
    errors = [f for f in findings if f.severity is Severity.ERROR]
    if errors:
        first = min(errors, key=lambda f: f.span.start)
        return Verdict(False, None, first.message, "rejected", span=first.span)
    name = doc.field_value("name")
    return Verdict(True, str(name.value) if name and name.kind == "str" else None, None)
