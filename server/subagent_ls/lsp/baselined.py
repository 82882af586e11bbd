"""The ``baseline`` setting in the editor: the diagnostics a baseline file (``check
--write-baseline``) records are not published, as ``check --baseline`` leaves them out. The
file is read again whenever it changes (its size and time stamp are compared on each
publication); one that cannot be read is said once, and hides nothing."""

from __future__ import annotations

import os
from collections.abc import Callable

from lsprotocol import types

from subagent_ls.core.findings import fingerprint
from subagent_ls.core.frontmatter import Span
from subagent_ls.lsp.convert import to_offset
from subagent_ls.lsp.state import Analysis, ServerState
from subagent_ls.workspace.baseline import Baseline, BaselineError, Matcher, read_baseline
from subagent_ls.workspace.checking import offending_text

_read: dict[str, tuple[tuple[int, ...] | None, Baseline | None]] = {}
"""Each baseline file read, with the stamp (size, time) it had."""


def _baseline(path: str, complain: Callable[[str], None]) -> Baseline | None:
    try:
        info = os.stat(path)
        stamp: tuple[int, ...] | None = (
            info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns,
        )  # fmt: skip
    except OSError:
        stamp = None
    known = _read.get(path)
    if known is not None and known[0] == stamp:
        return known[1]
    try:
        baseline: Baseline | None = read_baseline(path)
    except BaselineError as error:
        complain(f"subagent-ls: the baseline is not used: {error}")
        baseline = None
    _read[path] = (stamp, baseline)
    return baseline


def without_baselined(
    state: ServerState,
    analysis: Analysis,
    diagnostics: list[types.Diagnostic],
    complain: Callable[[str], None],
) -> list[types.Diagnostic]:
    """``diagnostics`` of the document less those the baseline setting's file records."""
    path = state.settings.baseline
    if not path or analysis.path is None or not diagnostics:
        return diagnostics
    baseline = _baseline(path, complain)
    if baseline is None:
        return diagnostics
    matcher = Matcher(baseline)
    doc, where = analysis.doc, str(analysis.path)
    kept = []
    for diagnostic in diagnostics:
        span = Span(
            to_offset(doc, diagnostic.range.start, state.encoding),
            to_offset(doc, diagnostic.range.end, state.encoding),
        )
        mark = fingerprint(str(diagnostic.code), offending_text(doc, span))
        if not matcher.known(where, str(diagnostic.code), mark):
            kept.append(diagnostic)
    return kept
