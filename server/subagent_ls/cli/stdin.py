"""``check -``: the text on standard input, checked as the file ``--stdin-filename`` names (its
path decides the dialect as for a file on disk; nothing is read from or written to that file).
With ``--fix`` the text, fixed, goes to stdout and the report to stderr, as ruff and eslint do
for editors and pipes. Without ``--stdin-filename`` there is no file name to compare the
agent's name with: ``name-mismatch`` is not reported (nor its fix, a rename, applied)."""

from __future__ import annotations

import argparse
import os
import sys

from subagent_ls.core.document import AgentDocument
from subagent_ls.core.settings import Settings
from subagent_ls.core.source import MAX_FILE_BYTES, decode, encode
from subagent_ls.rules.registry import NAME_MISMATCH
from subagent_ls.workspace.catalog.agent_names import agents_for
from subagent_ls.workspace.checking import FileReport, check_document, unified_diff

UNNAMED = "stdin.md"
"""The file a text without ``--stdin-filename`` is checked as, in the current folder."""


def check_stdin(args: argparse.Namespace, settings: Settings) -> tuple[FileReport, bytes]:
    """The report of standard input (under the name given, or ``-``; with ``--diff``, its
    diff) and the bytes to print with ``--fix``: the text as fixed, or as it came when nothing
    was fixed."""
    if not args.stdin_filename:  # no file name to compare the agent's name with
        settings = settings.replace(ignore=settings.ignore | {NAME_MISMATCH})
    data = sys.stdin.buffer.read(MAX_FILE_BYTES + 1)
    source = decode(data)
    path = os.path.abspath(args.stdin_filename or UNNAMED)
    shown = args.stdin_filename or "-"
    doc = AgentDocument(path, source.text, has_bom=source.has_bom, unreadable=source.unreadable)
    fixing = args.fix or args.diff
    lookup = agents_for(settings)
    report, fixed = check_document(doc, settings, args.dialect, fixing, args.unsafe_fixes, lookup)
    report = report._replace(path=shown)
    if fixed is None:
        return report, data
    if args.diff:
        report = report._replace(diff=unified_diff(shown, doc.text, fixed.text))
    return report, encode(fixed.text, doc.has_bom)
