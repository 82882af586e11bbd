"""Applying fixes: pick non-overlapping fixes, apply them as text edits, re-lint, repeat, and
keep a pass only if it passes every guard.

Safe fixes are applied unless asked otherwise; unsafe ones only on request. Whatever the fix,
a pass is kept only if the frontmatter still parses (or parses further than before), no line
is joined, removed or added and the body is untouched, the harness verdict is not worse, and
a ``name`` it writes is one the name rules accept. A pass of safe fixes must also keep every
word of the text it replaces, every top-level key and the agent's name, and the file must stay
within the size harnesses read. A pass whose fixes fail a guard together is retried half by
half, down to the fixes that fail on their own, which are dropped and reported with the
reason. Fixes never re-serialise anything.
"""

from __future__ import annotations

import re
from bisect import bisect_left, insort
from collections import Counter
from collections.abc import Callable, Iterable
from typing import NamedTuple

from subagent_ls.analysis.results import LintResult
from subagent_ls.core.document import AgentDocument
from subagent_ls.core.findings import Edit, Finding, excerpt
from subagent_ls.core.frontmatter import Span
from subagent_ls.core.records import record_eq, record_repr
from subagent_ls.core.source import MAX_FILE_BYTES
from subagent_ls.core.yamltree import YamlNode
from subagent_ls.rules.registry import NAME_CHARSET, NAME_HYPHEN, NAME_LENGTH

NAME_RULES = (NAME_LENGTH, NAME_CHARSET, NAME_HYPHEN)
"""The rules on a name by itself; a fix never writes a name one of them reports."""

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
    """Apply non-overlapping edits (any order) to ``text``, in one join (linear in the text
    and the number of edits)."""
    parts, at = [], 0
    for edit in sorted(edits, key=lambda e: e.span.start):
        parts += (text[at : edit.span.start], edit.text)
        at = edit.span.end
    parts.append(text[at:])
    return "".join(parts)


def non_overlapping(findings: list[Finding]) -> list[Finding]:
    """The fixable findings whose edits do not touch each other, first come first kept.

    The spans taken are kept sorted; being disjoint, their ends are sorted too, so a span
    overlaps one of them only if it overlaps the last that starts before it ends (one
    bisection per span, not a scan of all taken)."""
    chosen: list[Finding] = []
    taken: list[tuple[int, int]] = []
    for finding in findings:
        if finding.fix is None:
            continue
        spans = [(edit.span.start, edit.span.end) for edit in finding.fix.edits]
        if any(_overlaps_taken(span, taken) for span in spans):
            continue
        chosen.append(finding)
        for span in spans:
            insort(taken, span)
    return chosen


def _overlaps_taken(span: tuple[int, int], taken: list[tuple[int, int]]) -> bool:
    start, end = span
    before = bisect_left(taken, (end, -1))  # the taken spans that start before this one ends
    if before and taken[before - 1][1] > start:
        return True
    at = bisect_left(taken, span)
    return at < len(taken) and taken[at] == span  # the same span, empty ones included


def fix_document(doc: AgentDocument, run_lint: Lint, *, unsafe: bool = False) -> FixOutcome:
    """Apply every safe fix (and every unsafe one when ``unsafe``) until none is left."""
    outcome = FixOutcome(doc, run_lint(doc))
    refused: set[tuple[object, ...]] = set()

    def refuse(current: AgentDocument, finding: Finding, reason: str) -> None:
        refused.add(_key(current, finding))
        outcome.skipped.append(SkippedFix(finding.code, finding.span, current, reason))

    for _ in range(MAX_PASSES):
        current = outcome.doc
        offered = [
            f
            for f in outcome.result.fixable
            if (f.fix.safe or unsafe) and _key(current, f) not in refused  # type: ignore[union-attr]
        ]
        chosen = _within_size_limit(current, non_overlapping(offered), refuse)
        found = _passing_set(current, outcome.result, chosen, run_lint, refuse)
        if found is None:
            break
        part, (outcome.doc, outcome.result) = found
        outcome.applied.extend(AppliedFix(f.code, f.span, current) for f in part)
    return outcome


def _within_size_limit(
    doc: AgentDocument,
    chosen: list[Finding],
    refuse: Callable[[AgentDocument, Finding, str], None],
) -> list[Finding]:
    """The fixes, in order, that keep the file within the size harnesses read (a quote added
    to each of thousands of values can take it past); the others are refused."""
    room = MAX_FILE_BYTES - _utf8_size(("\ufeff" if doc.has_bom else "") + doc.text)
    kept = []
    for finding in chosen:
        edits = finding.fix.edits  # type: ignore[union-attr]
        growth = sum(_utf8_size(e.text) - _utf8_size(doc.source(e.span)) for e in edits)
        if growth > room:
            refuse(doc, finding, "the file would grow past 1 MiB, which harnesses do not read")
            continue
        room -= growth
        kept.append(finding)
    return kept


def _utf8_size(text: str) -> int:
    """Bytes of ``text`` in UTF-8 (a lone surrogate, which an editor can send, as three)."""
    return len(text.encode("utf-8", "surrogatepass"))


def _passing_set(
    doc: AgentDocument,
    result: LintResult,
    chosen: list[Finding],
    run_lint: Lint,
    refuse: Callable[[AgentDocument, Finding, str], None],
) -> tuple[list[Finding], tuple[AgentDocument, LintResult]] | None:
    """The fixes of ``chosen`` that pass every guard together, with the document they give:
    all of them, else each half tried on top of what has passed so far, and so on down to
    single fixes, which are refused with the reason. All are edits of ``doc``, so one pass
    keeps every fix that passes, and a fix that fails costs about twice the logarithm of
    the count in re-lints, not a pass for every fix before it."""
    accepted: list[Finding] = []
    passed: tuple[AgentDocument, LintResult] | None = None
    pending = [chosen] if chosen else []
    while pending:
        part = pending.pop()
        attempt = try_fixes(doc, result, accepted + part, run_lint)
        if not isinstance(attempt, str):
            accepted += part
            passed = attempt
        elif len(part) == 1:
            refuse(doc, part[0], attempt)
        else:
            half = len(part) // 2
            pending += (part[half:], part[:half])  # the first half is tried first
    return None if passed is None else (accepted, passed)


def try_fixes(
    doc: AgentDocument, result: LintResult, findings: list[Finding], run_lint: Lint
) -> tuple[AgentDocument, LintResult] | str:
    """The document and its lint result with the fixes of ``findings`` applied, or why the
    fixes cannot be applied together."""
    edits = [edit for finding in findings for edit in finding.fix.edits]  # type: ignore[union-attr]
    if problem := _edit_problem(doc, edits):
        return problem
    fixed = AgentDocument(doc.path, apply_edits(doc.text, edits), has_bom=doc.has_bom)
    if problem := _document_problem(doc, fixed, sum(map(_is_new_line, edits))):
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
        if _is_new_line(edit):
            if edit.span.end != _last_yaml_line_end(doc):
                return "it would add a line inside the frontmatter"
        elif _line_breaks(doc.source(edit.span)) != _line_breaks(edit.text):
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


def _is_new_line(edit: Edit) -> bool:
    """Whether ``edit`` adds one whole line after a line (a field a fix adds), nothing else."""
    text = edit.text.removeprefix("\r\n").removeprefix("\n")
    return edit.span.start == edit.span.end and text != edit.text and _line_breaks(text) == 0


def _last_yaml_line_end(doc: AgentDocument) -> int | None:
    """Where the frontmatter's last line ends (before its line break), the one place a new
    field's line is added."""
    closing = doc.layout.closing
    if closing is None or closing.start == doc.layout.yaml.start:
        return None
    return closing.start - (2 if doc.text[: closing.start].endswith("\r\n") else 1)


def _document_problem(before: AgentDocument, after: AgentDocument, added: int = 0) -> str | None:
    if after.lines.line_count != before.lines.line_count + added:
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
    if problem := _written_name_problem(before, after, after_result):
        return problem
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
    if (old.loads or old.outcome == "elsewhere") and new.name != old.name:
        return f"it would change the agent's name from `{old.name}` to `{new.name}`"
    if before.yaml.error is None and set(after.fields) != set(before.fields):
        return "it would add, remove or rename fields"
    if Counter(_WORD.findall(before.yaml_text)) - Counter(_WORD.findall(after.yaml_text)):
        return "it would lose text"
    return None


def _written_name_problem(
    before: AgentDocument, after: AgentDocument, after_result: LintResult
) -> str | None:
    """A fix that writes the ``name`` (or a key that becomes it) must write one the name rules
    of the file's dialect accept, whatever the fix and whatever it does for the verdict."""
    old, new = _name_read(before), _name_read(after)
    if new is None or (old is not None and (old.kind, old.value) == (new.kind, new.value)):
        return None
    flagged = [f for f in after_result.findings if f.code in NAME_RULES and not f.targets]
    if not flagged:
        return None
    written = excerpt(str(new.value))
    return f"it would write the name `{written}`, which the name rules refuse: {flagged[0].message}"


def _name_read(doc: AgentDocument) -> YamlNode | None:
    """The ``name`` as the checks read it: from the YAML, else entry by entry (a quote that
    makes the frontmatter parse writes no name: the name it reads is the one read before)."""
    node = doc.field_value("name")
    if node is None and doc.repaired is not None:
        return doc.repaired.view.field_value("name")
    return node
