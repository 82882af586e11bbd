"""Cross-file rules for ``check``: the checked files that lie in the profile's sources are
placed in a catalog (from what ``check`` already found, nothing is read again), and each gets
its ``duplicate-name``, ``shadowed`` and ``overrides`` findings."""

from __future__ import annotations

import os
from pathlib import Path

from subagent_ls.analysis.lint import silenced
from subagent_ls.core.settings import Settings
from subagent_ls.harnesses.environment import Environment
from subagent_ls.harnesses.profile import Entry, Profile, distinct
from subagent_ls.harnesses.registry import DIALECTS
from subagent_ls.harnesses.sources import Source
from subagent_ls.workspace.catalog.resolve import CrossFinding, resolve
from subagent_ls.workspace.catalog.scan import builtin_entries
from subagent_ls.workspace.checking import FILE_START as START
from subagent_ls.workspace.checking import FileReport, LocatedFinding, RelatedPlace


def _entries(profile: Profile, env: Environment, reports: list[FileReport]) -> list[Entry]:
    entries = builtin_entries(profile, env)
    located = {os.path.abspath(report.path): report for report in reports}
    for source in distinct(profile.sources(env)) + _plugin_sources(profile, located):
        for path in sorted((p for p in located if source.holds(p)), key=lambda p: Path(p).parts):
            report = located.pop(path)
            verdict = report.verdict
            entries.append(
                Entry(
                    name=verdict.name or DIALECTS[report.dialect].stem(report.path),
                    source=source,
                    path=Path(path),
                    dialect=report.dialect,
                    loads=verdict.loads or verdict.disabled,
                    disabled=verdict.disabled,
                    anchor=report,
                )
            )
    return entries


def _plugin_sources(profile: Profile, paths: dict[str, FileReport]) -> list[Source]:
    """The sources of the plugins that hold checked files (a plugin is found from its files:
    ``check`` does not look for manifests)."""
    if profile.plugin_source is None:
        return []
    found = (profile.plugin_source(path) for path in paths)
    return list(dict.fromkeys(source for source in found if source is not None))


def _located(finding: CrossFinding, severity_override) -> LocatedFinding:
    report: FileReport = finding.entry.anchor  # type: ignore[assignment]
    related = tuple(
        RelatedPlace(
            f"the other definition ({other.source.label})",
            str(other.path),
            other.anchor.name_place or START,  # type: ignore[union-attr]
        )
        for other in finding.related
        if other.path is not None
    )
    place = report.name_place or START
    return LocatedFinding(finding.code, severity_override, finding.message, place, None, related)


def with_cross_file_findings(
    reports: list[FileReport], profile: Profile, env: Environment, settings: Settings
) -> list[FileReport]:
    entries = _entries(profile, env, reports)
    extra: dict[int, list[LocatedFinding]] = {}
    for finding in resolve(profile, entries):
        report = finding.entry.anchor
        if report is None or silenced(finding.code, report.suppressed, settings):
            continue
        severity = settings.rules.get(finding.code, finding.severity)
        if severity is None:
            continue
        extra.setdefault(id(report), []).append(_located(finding, severity))
    if not extra:
        return reports
    return [
        r._replace(findings=tuple(sorted((*r.findings, *extra[id(r)]), key=_order)))
        if id(r) in extra
        else r
        for r in reports
    ]


def _order(finding: LocatedFinding) -> tuple[int, int, str]:
    return finding.place.start_line, finding.place.start_character, finding.code
