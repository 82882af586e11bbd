"""``check --write-baseline FILE`` and ``check --baseline FILE`` (or the ``baseline``
setting): record a run's findings, and leave out of a run the findings recorded, saying on
stderr how many were left out."""

from __future__ import annotations

import sys

from subagent_ls.cli.reporters import visible
from subagent_ls.cli.usage import UsageError
from subagent_ls.workspace.baseline import BaselineError, Matcher, read_baseline, write_baseline
from subagent_ls.workspace.checking import FileReport


def record(path: str, reports: list[FileReport]) -> None:
    try:
        count = write_baseline(
            path, ((r.path, f.code, f.fingerprint) for r in reports for f in r.findings)
        )
    except OSError as error:
        raise UsageError(f"cannot write {path}: {error.strerror or error}") from None
    files = sum(1 for r in reports if r.findings)
    print(visible(f"Recorded {count} finding(s) of {files} file(s) in {path}."), file=sys.stderr)


def without_baselined(path: str, reports: list[FileReport]) -> list[FileReport]:
    """The reports without the findings the baseline at ``path`` records."""
    try:
        matcher = Matcher(read_baseline(path))
    except BaselineError as error:
        raise UsageError(str(error)) from None
    kept = [
        report._replace(
            findings=tuple(
                f for f in report.findings if not matcher.known(report.path, f.code, f.fingerprint)
            )
        )
        for report in reports
    ]
    if matcher.hidden:
        print(
            f"{matcher.hidden} finding(s) hidden by the baseline {visible(path)}.", file=sys.stderr
        )
    return kept
