"""Checking files on disk: read, choose the dialect, lint, optionally fix and write back, and
locate every finding in both coordinate systems so reports need no document.

Shared by every front end that works on files (the CLI today); the language server works on
open documents instead and calls :func:`lint` directly. Large runs are spread over processes.
A fixed file is written back by ``workspace.writing``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import partial
from typing import NamedTuple

from subagent_ls.analysis.dialect_choice import DialectChoice, choose_dialect
from subagent_ls.analysis.results import LintResult, TargetVerdict
from subagent_ls.analysis.suppressions import NONE, Suppressions, suppressions_for
from subagent_ls.analysis.targets import lint_for_targets
from subagent_ls.core.document import AgentDocument
from subagent_ls.core.findings import Finding, Severity, fingerprint
from subagent_ls.core.frontmatter import Span
from subagent_ls.core.settings import Settings
from subagent_ls.core.source import encode, read_source
from subagent_ls.core.verdict import Verdict
from subagent_ls.harnesses.references import AgentsFor
from subagent_ls.harnesses.registry import DIALECTS
from subagent_ls.workspace.collection import collection_clue
from subagent_ls.workspace.discovery import Candidate
from subagent_ls.workspace.parallel import parallel_map
from subagent_ls.workspace.writing import write_text


class Place(NamedTuple):
    """A span as an LSP range (0-based, UTF-16) and as people count (1-based, characters)."""

    start_line: int
    start_character: int
    end_line: int
    end_character: int
    line: int
    column: int
    end_line_human: int
    end_column: int

    @classmethod
    def of(cls, doc: AgentDocument, span: Span) -> Place:
        lines = doc.lines
        start, end = lines.position(span.start), lines.position(span.end)
        human_start = lines.position(span.start, "utf-32")
        human_end = lines.position(span.end, "utf-32")
        return cls(
            start.line, start.character, end.line, end.character,
            human_start.line + 1, human_start.character + 1,
            human_end.line + 1, human_end.character + 1,
        )  # fmt: skip


FILE_START = Place(0, 0, 0, 0, 1, 1, 1, 1)
"""The start of a file, where a related place names a file as a whole."""


class RelatedPlace(NamedTuple):
    message: str
    path: str
    place: Place


class LocatedFinding(NamedTuple):
    code: str
    severity: Severity
    message: str
    place: Place
    fix_title: str | None = None
    related: tuple[RelatedPlace, ...] = ()
    fix_safe: bool = False
    targets: tuple[str, ...] = ()
    details: tuple[tuple[str, object], ...] = ()
    """The finding's details (``Finding.details``), as pairs."""
    fingerprint: str = ""
    """What identifies the finding in a baseline (``core.findings.fingerprint``)."""


class FileReport(NamedTuple):
    """What was found in (and fixed in) one file."""

    path: str
    dialect: str
    dialect_reason: str
    verdict: Verdict
    findings: tuple[LocatedFinding, ...]
    fixed: tuple[tuple[str, Place], ...] = ()
    not_fixed: tuple[tuple[str, Place, str], ...] = ()
    """Fixes left out, each with the reason (applying it would fail a guard)."""
    write_error: str | None = None
    name_place: Place | None = None
    name_text: str = ""
    """The `name` value as written (what a cross-file finding on it is about)."""
    suppressed: Suppressions = NONE
    """The file's suppression comments (cross-file findings are hidden by them too)."""
    harnesses: tuple[TargetVerdict, ...] = ()
    """What every target harness does with the file, its own first."""
    diff: str = ""
    """With ``check --diff``: what fixing would change, as a unified diff (nothing written)."""


def locate(doc: AgentDocument, finding: Finding) -> LocatedFinding:
    related = tuple(
        RelatedPlace(r.message, r.path, FILE_START)
        if r.path is not None and r.span is None  # another file as a whole (a manifest)
        else RelatedPlace(r.message, r.path or doc.path, Place.of(doc, r.span or finding.span))
        for r in finding.related
    )
    fix = finding.fix
    return LocatedFinding(
        finding.code,
        finding.severity,
        finding.message,
        Place.of(doc, finding.span),
        fix.title if fix else None,
        related,
        fix_safe=bool(fix and fix.safe),
        targets=finding.targets,
        details=tuple(finding.details.items()),
        fingerprint=fingerprint(finding.code, offending_text(doc, finding.span)),
    )


def offending_text(doc: AgentDocument, span: Span) -> str:
    """The text a finding is about: its span's, or for an empty span the text of its line."""
    if span.end > span.start:
        return doc.source(span)
    line = doc.lines.line_of(span.start)
    return doc.text[doc.lines.line_start(line) : doc.lines.line_end(line)]


def check_candidate(
    candidate: Candidate,
    settings: Settings,
    forced: str | None = None,
    fix: bool = False,
    unsafe_fixes: bool = False,
    write_roots: tuple[str, ...] | None = None,
    diff_only: bool = False,
    agents_for: AgentsFor | None = None,
    roots: tuple[str, ...] = (),
) -> FileReport:
    """``write_roots``: the folders (and files) ``--fix`` may write in, as real paths (None:
    anywhere). ``diff_only``: the fixes are shown as a diff, not written. ``agents_for``: the
    agents each harness loads (references to agents are checked against them). ``roots``: the
    folders being walked (see ``check_document``)."""
    path = candidate.path
    if candidate.problem is not None:
        doc = AgentDocument(path, "", unreadable=candidate.problem)
    else:
        source = read_source(path)
        doc = AgentDocument(path, source.text, has_bom=source.has_bom, unreadable=source.unreadable)
    report, fixed = check_document(doc, settings, forced, fix, unsafe_fixes, agents_for, roots)
    if fixed is None:
        return report
    if diff_only:
        return report._replace(diff=unified_diff(path, doc.text, fixed.text))
    write_error = write_text(
        path, encode(fixed.text, doc.has_bom), encode(doc.text, doc.has_bom), write_roots
    )
    if write_error is not None:
        unfixed = check_document(doc, settings, forced, agents_for=agents_for, roots=roots)[0]
        return unfixed._replace(write_error=write_error)
    return report


def unified_diff(path: str, before: str, after: str) -> str:
    """``diff -u`` of two texts of one file, both sides named by its path."""
    import difflib

    lines = difflib.unified_diff(
        before.splitlines(keepends=True), after.splitlines(keepends=True), path, path
    )
    return "".join(line if line.endswith(("\n", "\r")) else line + "\n" for line in lines)


def check_document(
    doc: AgentDocument,
    settings: Settings,
    forced: str | None = None,
    fix: bool = False,
    unsafe_fixes: bool = False,
    agents_for: AgentsFor | None = None,
    roots: tuple[str, ...] = (),
) -> tuple[FileReport, AgentDocument | None]:
    """The report of a document, and the document as fixed when a fix was applied (nothing is
    written: the report is the one of the fixed text). ``roots``: the folders being walked; a
    file in no repository counts the agent files of the deepest one holding it as its
    collection (``workspace.collection``), and a file below none only the files beside it."""
    collection = partial(collection_clue, roots=roots)
    choice = choose_dialect(
        doc, settings, DIALECTS[forced] if forced else None, collection=collection
    )
    run = partial(lint_for_targets, choice=choice, settings=settings, agents_for=agents_for)
    if not fix or doc.unreadable is not None or doc.layout.opening is None:
        return _report(doc, choice, run(doc), settings), None
    from subagent_ls.analysis.fixes import fix_document  # only --fix needs it

    outcome = fix_document(doc, run, unsafe=unsafe_fixes)
    not_fixed = tuple((s.code, Place.of(s.doc, s.span), s.reason) for s in outcome.skipped)
    report = _report(outcome.doc, choice, outcome.result, settings)._replace(not_fixed=not_fixed)
    if not outcome.applied:
        return report, None
    fixed = tuple((a.code, Place.of(a.doc, a.span)) for a in outcome.applied)
    return report._replace(fixed=fixed), outcome.doc


def _report(
    doc: AgentDocument, choice: DialectChoice, result: LintResult, settings: Settings
) -> FileReport:
    name = doc.field_value("name")
    return FileReport(
        doc.path,
        choice.dialect.id,
        choice.reason,
        result.verdict,
        tuple(locate(doc, f) for f in result.findings),
        name_place=Place.of(doc, name.span) if name is not None else None,
        name_text=doc.source(name.span) if name is not None else "",
        suppressed=suppressions_for(doc, settings),
        harnesses=result.harnesses,
    )


def check_all(
    candidates: Iterable[tuple[Candidate, Settings]],
    forced: str | None,
    fix: bool,
    unsafe_fixes: bool = False,
    write_roots: tuple[str, ...] | None = None,
    diff_only: bool = False,
    agents_for: AgentsFor | None = None,
    roots: tuple[str, ...] = (),
) -> Iterator[FileReport]:
    """Check every candidate with its settings, in order; many files are checked by one
    process per core."""
    run = partial(
        _check_pair,
        forced=forced,
        fix=fix,
        unsafe_fixes=unsafe_fixes,
        write_roots=write_roots,
        diff_only=diff_only,
        agents_for=agents_for,
        roots=roots,
    )
    yield from parallel_map(run, list(candidates))


def _check_pair(pair: tuple[Candidate, Settings], **options: object) -> FileReport:
    candidate, settings = pair
    return check_candidate(candidate, settings, **options)  # type: ignore[arg-type]
