"""Cross-file rules for ``check``: the checked files that lie in the profile's sources are
placed in a catalog (from what ``check`` already found, nothing is read again), and each gets
its ``duplicate-name``, ``shadowed``, ``overrides`` and ``description-budget`` findings.

A file gets them from the catalog of the chosen harness (the ``harness`` setting) and from the
catalog of each of its targets: two OpenCode agents of one name clash in OpenCode's catalog
whatever harness is chosen. A code is given to a file once, by the first catalog that gives
it: the file's own harness, then the chosen one, then the other targets. A target other than
the file's own harness and the chosen one gives its findings only where something shows it in
use (``analysis.in_use``)."""

from __future__ import annotations

import os
from pathlib import Path

from subagent_ls.analysis.in_use import harness_use
from subagent_ls.analysis.lint import silenced
from subagent_ls.core.findings import fingerprint
from subagent_ls.core.settings import Settings
from subagent_ls.core.verdict import Verdict
from subagent_ls.harnesses.environment import Environment
from subagent_ls.harnesses.profile import Entry, Profile, distinct
from subagent_ls.harnesses.registry import DIALECTS, PROFILES
from subagent_ls.harnesses.sources import Source
from subagent_ls.workspace.catalog.budget import budget_findings
from subagent_ls.workspace.catalog.resolve import CrossFinding, resolve
from subagent_ls.workspace.catalog.scan import builtin_entries
from subagent_ls.workspace.checking import FILE_START as START
from subagent_ls.workspace.checking import FileReport, LocatedFinding, RelatedPlace


def _entries(profile: Profile, env: Environment, reports: list[FileReport]) -> list[Entry]:
    entries = builtin_entries(profile, env)
    located = {os.path.abspath(report.path): report for report in reports}
    below = _below(located)
    for source in distinct(profile.sources(env), profile.same_folder) + _plugin_sources(
        profile, located
    ):
        held = (p for p in _candidates(source, below) if p in located and source.holds(p))
        for path in sorted(set(held), key=lambda p: Path(p).parts):
            report = located.pop(path)
            verdict = _verdict_in(report, profile.id)
            entries.append(
                Entry(
                    name=verdict.name or DIALECTS[report.dialect].stem(report.path),
                    source=source,
                    path=Path(path),
                    dialect=report.dialect,
                    description=verdict.description or "",
                    loads=verdict.loads or verdict.disabled,
                    disabled=verdict.disabled,
                    anchor=report,
                )
            )
    return entries


def _below(paths: dict[str, FileReport]) -> dict[str, list[str]]:
    """Each folder above the paths, with the paths below it: a source is matched against the
    files in its folders only, not against every checked file (a marketplace of thousands of
    plugins is thousands of sources)."""
    index: dict[str, list[str]] = {}
    for path in paths:
        folder, parent = path, os.path.dirname(path)
        while parent != folder:
            folder, parent = parent, os.path.dirname(parent)
            index.setdefault(folder, []).append(path)
    return index


def _candidates(source: Source, below: dict[str, list[str]]) -> list[str]:
    """The checked files that lie in the folders ``source`` reads (or that it names), which
    ``Source.holds`` then decides on."""
    if source.listing is not None:
        folders = [folder for folder, _ in source.listing.folders]
        named = list(source.listing.files)
    else:
        folders, named = ([str(source.path)] if source.path is not None else []), []
    for folder in folders:
        named += below.get(folder.rstrip(os.sep) or os.sep, [])
    return named


def _verdict_in(report: FileReport, harness: str) -> Verdict:
    """What ``harness`` does with the file (its target's verdict; the file's own where it is
    not a target)."""
    for judged in report.harnesses:
        if judged.target.harness == harness:
            return judged.verdict
    return report.verdict


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
    mark = fingerprint(finding.code, report.name_text)
    return LocatedFinding(
        finding.code, severity_override, finding.message, place, None, related, fingerprint=mark
    )


def _cross_findings(
    reports: list[FileReport], profile: Profile, env: Environment, settings: Settings
) -> list[tuple[FileReport, LocatedFinding]]:
    """Each cross-file finding of the profile's catalog, with the report it belongs to."""
    found = []
    entries = _entries(profile, env, reports)
    for finding in resolve(profile, entries) + budget_findings(profile, entries):
        report = finding.entry.anchor
        line = report.name_place.start_line if report and report.name_place else 0
        if report is None or silenced(finding.code, report.suppressed, settings, line, report.path):
            continue
        severity = settings.rules.get(finding.code, finding.severity)
        if severity is not None:
            found.append((report, _located(finding, severity)))
    return found


def _order(finding: LocatedFinding) -> tuple[int, int, str]:
    return finding.place.start_line, finding.place.start_character, finding.code


def with_every_catalogs_findings(
    reports: list[FileReport], harnesses: list[str], env: Environment, settings: Settings
) -> list[FileReport]:
    """The reports with the cross-file findings of each harness's catalog (see the module)."""
    found: dict[int, list[tuple[str, LocatedFinding]]] = {id(r): [] for r in reports}
    for harness in harnesses:
        held = [r for r in reports if harness == settings.harness or _targets(r, harness)]
        profile = PROFILES[harness]
        if len(held) < 2 and not profile.builtins:
            continue
        for report, finding in _cross_findings(held, profile, env, settings):
            found[id(report)].append((harness, finding))
    return [_with_findings(r, found[id(r)], settings) if found[id(r)] else r for r in reports]


def _with_findings(
    report: FileReport, found: list[tuple[str, LocatedFinding]], settings: Settings
) -> FileReport:
    """The report with its cross-file findings, each clash once: the own harness's first."""
    own = report.harnesses[0].target.harness if report.harnesses else None
    first = {own: 0, settings.harness: 1}
    seen: set[str] = set()
    added = []
    for harness, finding in sorted(found, key=lambda item: first.get(item[0], 2)):
        if finding.code in seen:
            continue  # one finding per problem: the first catalog's says it
        seen.add(finding.code)
        if harness not in first and harness_use(harness, report.path, (), settings) is None:
            continue  # a harness nothing shows in use: its verdict is in the report, no more
        added.append(finding)
    return report._replace(findings=tuple(sorted((*report.findings, *added), key=_order)))


def _targets(report: FileReport, harness: str) -> bool:
    return any(target.target.harness == harness for target in report.harnesses)
