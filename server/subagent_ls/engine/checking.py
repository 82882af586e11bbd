"""Checking files on disk: read, choose the dialect, lint, optionally fix and write back.

Shared by every front end that works on files (the CLI today); the language server works on
open documents instead and calls :func:`lint` directly.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from dataclasses import dataclass, field

from subagent_ls.dialects.model import Dialect
from subagent_ls.engine.dialect_choice import DialectChoice, choose_dialect
from subagent_ls.engine.discovery import Candidate
from subagent_ls.engine.document import AgentDocument
from subagent_ls.engine.findings import Finding
from subagent_ls.engine.fixes import AppliedFix, fix_document
from subagent_ls.engine.lint import lint
from subagent_ls.engine.settings import Settings
from subagent_ls.engine.source import encode, read_source
from subagent_ls.engine.verdict import Verdict


@dataclass(slots=True)
class FileReport:
    """What was found in one file; ``doc`` is the document the findings' spans refer to."""

    path: str
    doc: AgentDocument
    choice: DialectChoice
    findings: list[Finding]
    verdict: Verdict
    fixed: list[AppliedFix] = field(default_factory=list)
    write_error: str | None = None


def check_candidate(
    candidate: Candidate, settings: Settings, *, forced: Dialect | None = None, fix: bool = False
) -> FileReport:
    path = candidate.path
    if candidate.problem is not None:
        doc = AgentDocument(path, "", unreadable=candidate.problem)
    else:
        source = read_source(path)
        doc = AgentDocument(path, source.text, has_bom=source.has_bom, unreadable=source.unreadable)
    choice = choose_dialect(path, settings, forced)
    if not fix or doc.unreadable is not None or doc.layout.opening is None:
        result = lint(doc, choice.dialect, settings)
        return FileReport(path, doc, choice, result.findings, result.verdict)
    outcome = fix_document(doc, lambda d: lint(d, choice.dialect, settings))
    report = FileReport(
        path, outcome.doc, choice, outcome.result.findings, outcome.result.verdict, outcome.applied
    )
    if outcome.applied:
        report.write_error = write_text(path, encode(outcome.doc.text, doc.has_bom))
    return report


def write_text(path: str, data: bytes) -> str | None:
    """Replace the file's content atomically (through a symlink to its target, keeping its
    mode); returns the error instead of raising."""
    target = os.path.realpath(path)
    try:
        folder = os.path.dirname(target)
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=".subagent-ls-", suffix=".tmp")
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
