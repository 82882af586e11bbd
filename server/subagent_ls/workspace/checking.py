"""Checking files on disk: read, choose the dialect, lint, optionally fix and write back, and
locate every finding in both coordinate systems so reports need no document.

Shared by every front end that works on files (the CLI today); the language server works on
open documents instead and calls :func:`lint` directly. Large runs are spread over processes.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable, Iterator
from contextlib import suppress
from functools import partial
from typing import NamedTuple

from subagent_ls.analysis.dialect_choice import DialectChoice, choose_dialect
from subagent_ls.analysis.results import LintResult, TargetVerdict
from subagent_ls.analysis.suppressions import NONE, Suppressions, suppressions_for
from subagent_ls.analysis.targets import lint_for_targets
from subagent_ls.core.document import AgentDocument
from subagent_ls.core.findings import Finding, Severity, fingerprint
from subagent_ls.core.frontmatter import Span
from subagent_ls.core.paths import within
from subagent_ls.core.settings import Settings
from subagent_ls.core.source import MAX_FILE_BYTES, encode, not_regular, read_bytes, read_source
from subagent_ls.core.verdict import Verdict
from subagent_ls.harnesses.references import AgentsFor
from subagent_ls.harnesses.registry import DIALECTS
from subagent_ls.workspace.collection import collection_clue
from subagent_ls.workspace.discovery import Candidate
from subagent_ls.workspace.parallel import parallel_map


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


def write_text(
    path: str, data: bytes, read: bytes | None = None, roots: tuple[str, ...] | None = None
) -> str | None:
    """Replace the file's content (through a symlink, at its target); returns why it was not
    replaced instead of raising.

    The new content is written to a temporary file beside the target first. That file takes
    the target's mode, owner, group and extended attributes (ACLs among them) and replaces the
    target atomically, once the target is checked to hold still what was ``read``. Where that
    would lose something the file is left alone and the reason given: a target outside
    ``roots`` (reached through a link), one with other hard links (a new file would split
    them, writing into it could be torn), attributes that cannot be copied, a file nobody may
    write. Where only the owner cannot be given to a new file, the content is written into the
    target itself. A temporary file that a killed run left is removed by the next write in
    its folder.
    """
    import tempfile  # only a fixed file is written

    target = os.path.realpath(path)
    if roots is not None and not any(within(target, root) for root in roots):
        return f"it is a link to {target}, outside the folders checked; it was not changed"
    try:
        info = os.stat(target)
        if not _may_write(target, info):
            return "the file is read-only; it was not changed"
        if info.st_nlink > 1:
            return (
                f"the file has {info.st_nlink} hard links: a new file would split them and "
                "writing into it is not atomic; it was not changed"
            )
        folder = os.path.dirname(target)
        _remove_stale_temporaries(folder)
        handle, temporary = tempfile.mkstemp(
            dir=folder, prefix=f"{_TEMPORARY}{os.getpid()}-", suffix=".tmp"
        )
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(data)
                out.flush()
                os.fsync(out.fileno())
                atomic = _same_owner(out.fileno(), info)
                os.fchmod(out.fileno(), stat.S_IMODE(info.st_mode))
                lost = _copy_attributes(target, out.fileno())
            if lost is not None:
                os.unlink(temporary)
                return lost
            if read is not None and _current(target) != read:
                os.unlink(temporary)
                return "the file changed while it was being fixed; it was not changed"
            if atomic:
                os.replace(temporary, target)
            else:
                os.unlink(temporary)
                _write_in_place(target, data)
        except BaseException:
            if os.path.lexists(temporary):
                os.unlink(temporary)
            raise
    except OSError as error:
        return f"cannot write the fixed file: {error.strerror or error}"
    return None


_TEMPORARY = ".subagent-ls-"


def _current(target: str) -> bytes | None:
    """The target's bytes now (None: it is no longer a regular file of at most 1 MiB)."""
    data = read_bytes(target, MAX_FILE_BYTES)
    return data if isinstance(data, bytes) else None


def _copy_attributes(target: str, handle: int) -> str | None:
    """Give the open file the target's extended attributes (POSIX ACLs are some); why not,
    where one cannot be copied."""
    if not hasattr(os, "listxattr"):
        return None
    try:
        names = os.listxattr(target)
    except OSError:
        return None  # a file system without them
    for name in names:
        try:
            os.setxattr(handle, name, os.getxattr(target, name))
        except OSError as error:
            return (
                f"its extended attribute {name} cannot be kept ({error.strerror or error}); "
                "it was not changed"
            )
    return None


def _remove_stale_temporaries(folder: str) -> None:
    """Remove the temporary files of runs that were killed before they renamed them (their
    process is gone)."""
    try:
        names = [n for n in os.listdir(folder) if n.startswith(_TEMPORARY) and n.endswith(".tmp")]
    except OSError:
        return
    for name in names:
        pid = name[len(_TEMPORARY) :].split("-", 1)[0]
        if not pid.isdigit() or _alive(int(pid)):
            continue
        with suppress(OSError):
            os.unlink(os.path.join(folder, name))


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process
        pass
    return True


def _may_write(target: str, info: os.stat_result) -> bool:
    """Writable by this user, and not a file marked read-only for everyone (which root could
    write all the same)."""
    return bool(info.st_mode & 0o222) and os.access(target, os.W_OK)


def _same_owner(handle: int, info: os.stat_result) -> bool:
    """Give the open file the target's owner and group; False where that is not allowed."""
    own = os.fstat(handle)
    if (own.st_uid, own.st_gid) == (info.st_uid, info.st_gid):
        return True
    try:
        os.fchown(handle, info.st_uid, info.st_gid)
    except OSError:
        return False
    return True


def _write_in_place(target: str, data: bytes) -> None:
    """Write ``data`` into the target itself (never blocking on a FIFO put in its place)."""
    handle = os.open(target, os.O_RDWR | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    if not_regular(os.fstat(handle).st_mode) is not None:
        os.close(handle)
        raise OSError(f"{target} is no longer a regular file")
    with os.fdopen(handle, "r+b") as out:
        out.write(data)
        out.truncate()
        out.flush()
        os.fsync(out.fileno())
