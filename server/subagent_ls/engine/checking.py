"""Checking files on disk: read, choose the dialect, lint, optionally fix and write back, and
locate every finding in both coordinate systems so reports need no document.

Shared by every front end that works on files (the CLI today); the language server works on
open documents instead and calls :func:`lint` directly. Large runs are spread over processes.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from functools import partial

from subagent_ls.dialects import DIALECTS
from subagent_ls.engine.dialect_choice import DialectChoice, choose_dialect
from subagent_ls.engine.discovery import Candidate
from subagent_ls.engine.document import AgentDocument
from subagent_ls.engine.findings import Finding, Severity
from subagent_ls.engine.fixes import fix_document
from subagent_ls.engine.frontmatter import Span
from subagent_ls.engine.lint import LintResult, lint, suppressed_codes
from subagent_ls.engine.parallel import parallel_map
from subagent_ls.engine.settings import Settings
from subagent_ls.engine.source import encode, read_source
from subagent_ls.engine.verdict import Verdict


@dataclass(frozen=True, slots=True)
class Place:
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


@dataclass(frozen=True, slots=True)
class RelatedPlace:
    message: str
    path: str
    place: Place


@dataclass(frozen=True, slots=True)
class LocatedFinding:
    code: str
    severity: Severity
    message: str
    place: Place
    fix_title: str | None = None
    related: tuple[RelatedPlace, ...] = ()


@dataclass(frozen=True, slots=True)
class FileReport:
    """What was found in (and fixed in) one file."""

    path: str
    dialect: str
    dialect_reason: str
    verdict: Verdict
    findings: tuple[LocatedFinding, ...]
    fixed: tuple[tuple[str, Place], ...] = ()
    write_error: str | None = None
    name_place: Place | None = None
    suppressed: frozenset[str] = frozenset()


def locate(doc: AgentDocument, finding: Finding) -> LocatedFinding:
    related = tuple(
        RelatedPlace(r.message, r.path or doc.path, Place.of(doc, r.span or finding.span))
        for r in finding.related
    )
    title = finding.fix.title if finding.fix else None
    return LocatedFinding(
        finding.code, finding.severity, finding.message, Place.of(doc, finding.span), title, related
    )


def check_candidate(
    candidate: Candidate, settings: Settings, forced: str | None = None, fix: bool = False
) -> FileReport:
    path = candidate.path
    if candidate.problem is not None:
        doc = AgentDocument(path, "", unreadable=candidate.problem)
    else:
        source = read_source(path)
        doc = AgentDocument(path, source.text, has_bom=source.has_bom, unreadable=source.unreadable)
    choice = choose_dialect(doc, settings, DIALECTS[forced] if forced else None)
    run = partial(lint, dialect=choice.dialect, settings=settings)
    if not fix or doc.unreadable is not None or doc.layout.opening is None:
        return _report(doc, choice, run(doc))
    outcome = fix_document(doc, run)
    if not outcome.applied:
        return _report(outcome.doc, choice, outcome.result)
    write_error = write_text(path, encode(outcome.doc.text, doc.has_bom))
    if write_error is not None:
        return replace(_report(doc, choice, run(doc)), write_error=write_error)
    fixed = tuple((a.code, Place.of(a.doc, a.span)) for a in outcome.applied)
    return replace(_report(outcome.doc, choice, outcome.result), fixed=fixed)


def _report(doc: AgentDocument, choice: DialectChoice, result: LintResult) -> FileReport:
    name = doc.field_value("name")
    return FileReport(
        doc.path,
        choice.dialect.id,
        choice.reason,
        result.verdict,
        tuple(locate(doc, f) for f in result.findings),
        name_place=Place.of(doc, name.span) if name is not None else None,
        suppressed=suppressed_codes(doc),
    )


def check_all(
    candidates: Iterable[Candidate], settings: Settings, forced: str | None, fix: bool
) -> Iterator[FileReport]:
    """Check every candidate, in order; many files are checked by one process per core."""
    run = partial(check_candidate, settings=settings, forced=forced, fix=fix)
    yield from parallel_map(run, list(candidates))


def write_text(path: str, data: bytes) -> str | None:
    """Replace the file's content atomically (through a symlink to its target, keeping its
    mode); returns the error instead of raising."""
    target = os.path.realpath(path)
    try:
        handle, temporary = tempfile.mkstemp(
            dir=os.path.dirname(target), prefix=".subagent-ls-", suffix=".tmp"
        )
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(data)
            shutil.copymode(target, temporary)
            os.replace(temporary, target)
        except BaseException:
            os.unlink(temporary)
            raise
    except OSError as error:
        return f"cannot write the fixed file: {error.strerror or error}"
    return None
