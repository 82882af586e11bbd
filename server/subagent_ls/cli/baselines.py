"""``check --write-baseline FILE`` and ``check --baseline FILE`` (or the ``baseline``
setting): record a run's findings, and leave out of a run the findings recorded, saying on
stderr how many were left out."""

from __future__ import annotations

import sys
from collections.abc import Callable

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


def without_baselined(
    reports: list[FileReport], baseline_of: Callable[[FileReport], str | None]
) -> list[FileReport]:
    """The reports without the findings their baseline (``baseline_of``: the one of each
    report's file, None for none) records; a line on stderr for each baseline that hid some."""
    matchers: dict[str, Matcher] = {}
    kept = []
    for report in reports:
        path = baseline_of(report)
        if path is None:
            kept.append(report)
            continue
        if path not in matchers:
            try:
                matchers[path] = Matcher(read_baseline(path))
            except BaselineError as error:
                raise UsageError(str(error)) from None
        matcher = matchers[path]
        findings = tuple(
            f for f in report.findings if not matcher.known(report.path, f.code, f.fingerprint)
        )
        kept.append(report._replace(findings=findings))
    for path, matcher in matchers.items():
        if matcher.hidden:
            said = f"{matcher.hidden} finding(s) hidden by the baseline {path}."
            print(visible(said), file=sys.stderr)
    return kept
