"""Applying fixes: pick non-overlapping fixes, apply them as text edits, re-lint, repeat, and
keep a pass only if it passes every guard.

Safe fixes are applied unless asked otherwise; unsafe ones only on request. Whatever the fix,
a pass is kept only if the frontmatter still parses (or parses further than before), no line
is joined, removed or added and the body is untouched, and the harness verdict is not worse. A
pass of safe fixes must also keep every word of the text it replaces, every top-level key and
the agent's name. A pass that fails a guard is retried one fix at a time; each fix that fails
on its own is dropped and reported with the reason. Fixes never re-serialise anything.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable
from typing import NamedTuple

from subagent_ls.analysis.results import LintResult
from subagent_ls.core.document import AgentDocument
from subagent_ls.core.findings import Edit, Finding
from subagent_ls.core.frontmatter import Span
from subagent_ls.core.records import record_eq, record_repr

MAX_PASSES = 64

Lint = Callable[[AgentDocument], LintResult]


class AppliedFix(NamedTuple):
    """A fix applied to ``doc`` (the document as it was before that pass)."""

    code: str
    span: Span
    doc: AgentDocument


class SkippedFix(NamedTuple):
    """A fix left out because applying it would fail a guard (``reason`` says which)."""

    code: str
    span: Span
    doc: AgentDocument
    reason: str


class FixOutcome:
    """Where fixing a document stands: the document, its lint result, and the fixes applied
    and left out so far."""

    __match_args__ = ("doc", "result", "applied", "skipped")
    __slots__ = __match_args__

    doc: AgentDocument
    result: LintResult
    applied: list[AppliedFix]
    skipped: list[SkippedFix]

    def __init__(
        self,
        doc: AgentDocument,
        result: LintResult,
        applied: list[AppliedFix] | None = None,
        skipped: list[SkippedFix] | None = None,
    ) -> None:
        self.doc = doc
        self.result = result
        self.applied = [] if applied is None else applied
        self.skipped = [] if skipped is None else skipped

    __repr__ = record_repr
    __eq__ = record_eq
    __hash__ = None  # type: ignore[assignment]


def apply_edits(text: str, edits: Iterable[Edit]) -> str:
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


def fix_document(doc: AgentDocument, run_lint: Lint, *, unsafe: bool = False) -> FixOutcome:
    """Apply every safe fix (and every unsafe one when ``unsafe``) until none is left."""
    outcome = FixOutcome(doc, run_lint(doc))
    refused: set[tuple[object, ...]] = set()
    for _ in range(MAX_PASSES):
        current = outcome.doc
        offered = [
            f
            for f in outcome.result.findings
            if f.fix is not None and (f.fix.safe or unsafe) and _key(current, f) not in refused
        ]
        chosen = non_overlapping(offered)
        if not chosen:
            break
        attempt = try_fixes(current, outcome.result, chosen, run_lint)
        if isinstance(attempt, str):
            attempt = None
            for finding in chosen:  # one at a time: keep the first that passes
                alone = try_fixes(current, outcome.result, [finding], run_lint)
                if isinstance(alone, str):
                    refused.add(_key(current, finding))
                    outcome.skipped.append(SkippedFix(finding.code, finding.span, current, alone))
                    continue
                attempt, chosen = alone, [finding]
                break
            if attempt is None:
                break
        outcome.applied.extend(AppliedFix(f.code, f.span, current) for f in chosen)
        outcome.doc, outcome.result = attempt
    return outcome


def try_fixes(
    doc: AgentDocument, result: LintResult, findings: list[Finding], run_lint: Lint
) -> tuple[AgentDocument, LintResult] | str:
    """The document and its lint result with the fixes of ``findings`` applied, or why the
    fixes cannot be applied together."""
    edits = [edit for finding in findings for edit in finding.fix.edits]  # type: ignore[union-attr]
    if problem := _edit_problem(doc, edits):
        return problem
    fixed = AgentDocument(doc.path, apply_edits(doc.text, edits), has_bom=doc.has_bom)
    if problem := _document_problem(doc, fixed):
        return problem
    fixed_result = run_lint(fixed)
    safe = all(finding.fix.safe for finding in findings)  # type: ignore[union-attr]
    return _outcome_problem(doc, result, fixed, fixed_result, safe) or (fixed, fixed_result)


def _key(doc: AgentDocument, finding: Finding) -> tuple[object, ...]:
    """What identifies a fix across passes: its rule, title and the text it replaces."""
    fix = finding.fix
    assert fix is not None
    return (finding.code, fix.title, *((doc.source(e.span), e.text) for e in fix.edits))


_WORD = re.compile(r"[^\W_]+")
_REST_OF_LINE = re.compile(r"[^\r\n]*")
_CLOSERS = "]}\"'"


def _line_breaks(text: str) -> int:
    return text.count("\n") + text.count("\r") - text.count("\r\n")


def _edit_problem(doc: AgentDocument, edits: list[Edit]) -> str | None:
    yaml_end = doc.layout.closing.end if doc.layout.closing else doc.layout.yaml.end
    for edit in edits:
        if edit.span.end > yaml_end:
            return "it would change the body"
        if _line_breaks(doc.source(edit.span)) != _line_breaks(edit.text):
            return "it would join, split or remove lines"
        if _absorbs_what_follows(doc.source(edit.span), edit.text, doc.text, edit.span.end):
            return "the text after it on its line would become part of the new value"
    return None


def _absorbs_what_follows(old: str, new: str, text: str, end: int) -> bool:
    """Whether text ``new`` written in place of ``old`` (a value closed by a bracket or a
    quote) would run on into what follows it on its line: the rest is not blank, a comment,
    the next item or the end of a flow collection, or the ``:`` after a key. (libyaml reads
    ``tools: []#`` as an empty list and a comment; ``false`` in place of ``[]`` is read as
    ``false#``.)"""
    if not old or old[-1] not in _CLOSERS or not new or new[-1] in _CLOSERS:
        return False
    rest = _REST_OF_LINE.match(text, end)[0]  # type: ignore[index]
    stripped = rest.lstrip(" \t")
    if not stripped or stripped[0] in ",]}":
        return False
    return stripped == rest if stripped[0] == "#" else rest[0] != ":"


def _document_problem(before: AgentDocument, after: AgentDocument) -> str | None:
    if after.lines.line_count != before.lines.line_count:
        return "it would change the number of lines"
    if after.text[after.layout.body_start :] != before.text[before.layout.body_start :]:
        return "it would change the body"
    old, new = before.yaml.error, after.yaml.error
    if new is not None and (old is None or new.offset <= old.offset):
        return "the frontmatter would not parse as far as before"
    return None


def _outcome_problem(
    before: AgentDocument,
    before_result: LintResult,
    after: AgentDocument,
    after_result: LintResult,
    safe: bool,
) -> str | None:
    old, new = before_result.verdict, after_result.verdict
    if new.worse_than(old):
        return f"the harness verdict would get worse ({old.outcome} → {new.outcome})"
    for was, now in zip(before_result.harnesses, after_result.harnesses, strict=False):
        if now.verdict.worse_than(was.verdict):
            return (
                f"the {now.target.label} verdict would get worse "
                f"({was.verdict.outcome} → {now.verdict.outcome})"
            )
    if not safe:
        return None
    if old.loads and new.name != old.name:
        return f"it would change the agent's name from `{old.name}` to `{new.name}`"
    if before.yaml.error is None and set(after.fields) != set(before.fields):
        return "it would add, remove or rename fields"
    if Counter(_WORD.findall(before.yaml_text)) - Counter(_WORD.findall(after.yaml_text)):
        return "it would lose text"
    return None
