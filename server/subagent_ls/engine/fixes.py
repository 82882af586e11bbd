"""Applying fixes: pick non-overlapping fixes, apply them as text edits, re-lint, repeat.

A pass is kept only if it does not break the YAML (a file that parsed still parses; a file
that did not parse now parses further than before). Fixes never re-serialise anything.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from subagent_ls.engine.document import AgentDocument
from subagent_ls.engine.findings import Edit, Finding
from subagent_ls.engine.frontmatter import Span
from subagent_ls.engine.lint import LintResult

MAX_PASSES = 64


@dataclass(frozen=True, slots=True)
class AppliedFix:
    """A fix applied to ``doc`` (the document as it was before that pass)."""

    code: str
    span: Span
    doc: AgentDocument


@dataclass(slots=True)
class FixOutcome:
    doc: AgentDocument
    result: LintResult
    applied: list[AppliedFix] = field(default_factory=list)


def apply_edits(text: str, edits: list[Edit]) -> str:
    """Apply non-overlapping edits (any order) to ``text``."""
    for edit in sorted(edits, key=lambda e: e.span.start, reverse=True):
        text = text[: edit.span.start] + edit.text + text[edit.span.end :]
    return text


def non_overlapping(findings: list[Finding]) -> list[Finding]:
    """The fixable findings whose edits do not touch each other, first come first kept."""
    chosen: list[Finding] = []
    taken: list[Span] = []
    for finding in findings:
        if finding.fix is None:
            continue
        spans = [edit.span for edit in finding.fix.edits]
        if any((s.start < t.end and t.start < s.end) or s == t for s in spans for t in taken):
            continue
        chosen.append(finding)
        taken.extend(spans)
    return chosen


def fix_document(doc: AgentDocument, run_lint: Callable[[AgentDocument], LintResult]) -> FixOutcome:
    """Apply every safe fix until none is left (or the pass limit is reached)."""
    outcome = FixOutcome(doc, run_lint(doc))
    for _ in range(MAX_PASSES):
        chosen = non_overlapping(outcome.result.findings)
        if not chosen:
            break
        edits = [edit for finding in chosen for edit in finding.fix.edits]  # type: ignore[union-attr]
        candidate = AgentDocument(
            doc.path, apply_edits(outcome.doc.text, edits), has_bom=doc.has_bom
        )
        if not _keeps_yaml(outcome.doc, candidate):
            break
        outcome.applied.extend(AppliedFix(f.code, f.span, outcome.doc) for f in chosen)
        outcome.doc, outcome.result = candidate, run_lint(candidate)
    return outcome


def _keeps_yaml(before: AgentDocument, after: AgentDocument) -> bool:
    old, new = before.yaml.error, after.yaml.error
    if new is None:
        return True
    return old is not None and new.offset > old.offset
