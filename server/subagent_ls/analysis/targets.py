"""One file judged for every harness that reads it (its targets).

A file's targets are the harnesses of the ``targets`` setting (``--targets``), or by default
every harness one of whose sources lists the file, as the catalog reads them: a file in
``.claude/agents/`` is read by Claude Code, by GitHub Copilot CLI and by agent-core, each in its
own dialect. Each target reads the file in the dialect of the source that lists it (a target
whose folders do not hold the file, named in the setting, reads it as if it were in one of its
own). The base format's profile reads ``.claude/agents/`` in Claude Code's dialect: there it
stands for Claude Code, so it is not a target of its own.

The file's own dialect (see ``dialect_choice``) gives its findings as before; every other target
adds the errors it alone has (its reasons not to load the file), each saying which harness it
is for, and a verdict of its own. Those are errors where the user named the targets and
warnings where the folder did: the file's own harness decides whether a check fails.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path

from subagent_ls.analysis.dialect_choice import (
    DialectChoice,
    folder_source_holding,
    folder_sources,
    process_key,
    written_for_folder,
)
from subagent_ls.analysis.in_use import Use, harness_use
from subagent_ls.analysis.lint import judge, lint, said_once, shown
from subagent_ls.analysis.mcp_context import mcp_lookup_for
from subagent_ls.analysis.projects import project_of
from subagent_ls.analysis.results import LintResult, Target, TargetVerdict
from subagent_ls.core.document import AgentDocument
from subagent_ls.core.findings import Finding, Severity, excerpt
from subagent_ls.core.frontmatter import Span
from subagent_ls.core.settings import Settings
from subagent_ls.core.verdict import Verdict
from subagent_ls.harnesses.references import AgentsFor
from subagent_ls.harnesses.registry import BASE, HARNESS_OF, PROFILES
from subagent_ls.harnesses.sources import Source
from subagent_ls.rules.registry import HARNESS_OTHER


def harness_names() -> tuple[str, ...]:
    """Every harness a target can name, in the order verdicts are listed."""
    return tuple(PROFILES)


def label_of(harness: str) -> str:
    label = PROFILES[harness].harness
    return label[0].upper() + label[1:] if label.startswith("the ") else label


def _project_roots(path: str, roots: tuple[str, ...]) -> tuple[Path, ...]:
    """The given project folders, and the file's own project where it lies in one below them
    (a package of a monorepo), unless that is the home folder."""
    given = tuple(Path(r) for r in roots)
    own = project_of(path)
    if own is None or own in given or own == Path(os.path.expanduser("~")):
        return given
    return (*given, own)


def find_targets(
    path: str,
    choice: DialectChoice,
    settings: Settings,
    roots: Iterable[str | Path] | None = None,
) -> tuple[Target, ...]:
    """The file's targets, its own dialect's harness first. With no ``targets`` setting and no
    harness reading the file's folder, the file's own dialect is the one target."""
    where = os.path.abspath(path)
    folder, name = os.path.split(where)
    given = tuple(os.path.abspath(r) for r in roots) if roots else (os.getcwd(),)
    # whether a folder source lists a file depends on its folder, a leading `.` and the `.md`
    # suffix; a plugin lists files one by one, so its sources are found for the file itself
    stand_in = os.path.join(folder, ("." if name.startswith(".") else "x") + name[-3:])
    plugins = tuple(
        (harness, profile.plugin_source(where))
        for harness, profile in PROFILES.items()
        if profile.plugin_source is not None
    )
    return _targets(
        stand_in, choice.dialect.id, choice.reason, settings.targets, settings.extra_dirs,
        given, process_key(), plugins,
    )  # fmt: skip


@lru_cache(maxsize=1024)
def _targets(
    path: str,
    own: str,
    own_reason: str,
    named: tuple[str, ...] | None,
    extra_dirs: tuple[str, ...],
    roots: tuple[str, ...],
    process: tuple[object, ...],
    plugins: tuple[tuple[str, Source | None], ...],
) -> tuple[Target, ...]:
    settings = Settings(extra_dirs=extra_dirs)
    projects = _project_roots(path, roots)
    of_plugins = dict(plugins)
    found: dict[str, Target] = {}
    for harness in named if named is not None else harness_names():
        source = folder_source_holding(harness, path, settings, projects, process)
        source = source or of_plugins.get(harness)
        if source is not None:
            if named is None and harness == BASE.id and source.dialect != BASE.id:
                continue  # the base format reads this folder as the harness that owns it
            label = f"the {source.label}" if "`" in source.label else f"`{source.label}`"
            dialect, reason = source.dialect, f"reads {label}"
        elif named is None:
            continue
        else:
            dialect, reason = harness, "named in the targets; judged in its own dialect"
        source_id = source.id if source is not None else None
        found[harness] = Target(harness, label_of(harness), dialect, reason, source=source_id)
    mine = HARNESS_OF[own]
    if mine not in found and not named:
        written_for = written_for_folder(path)
        unread = elsewhere = None
        if written_for is not None and written_for.dialect.id == own:
            unread = _why_unread(mine, path, settings, projects, process)
        elif own != BASE.id:  # the base format's reading here is a guess, not a harness's
            elsewhere = _folders_read(mine, settings, projects, process)
        found[mine] = Target(mine, label_of(mine), own, own_reason, unread, elsewhere=elsewhere)
    first = [found.pop(mine)] if mine in found else []
    return (*first, *found.values())


def _why_unread(
    harness: str,
    path: str,
    settings: Settings,
    projects: tuple[Path, ...],
    process: tuple[object, ...],
) -> str:
    """Why ``harness`` does not read the file at ``path``, which lies in (or below) one of its
    dialect's folders: its name, a subfolder of a folder it reads, or a folder it does not read
    at that level."""

    def source_of(candidate: str) -> Source | None:
        return folder_source_holding(harness, candidate, settings, projects, process)

    folder, name = os.path.split(path)
    if source_of(os.path.join(folder, "x.md")) is not None:
        if name.startswith("."):
            return "it does not read files whose names start with `.`"
        return "it reads only files whose names end in `.md` (in lower case)"
    up = folder
    for _ in range(8):
        up = os.path.dirname(up)
        source = source_of(os.path.join(up, "x.md"))
        if source is not None:
            return f"it reads the {source.label} folder but not its subfolders"
    return _folders_read(harness, settings, projects, process)


def _folders_read(
    harness: str, settings: Settings, projects: tuple[Path, ...], process: tuple[object, ...]
) -> str:
    """That ``harness`` does not read the file's folder, and the folders it reads."""
    read = folder_sources(harness, settings, projects, process)
    where = ", ".join(dict.fromkeys(source.label for source in read)) or "no folder"
    return f"it does not read this folder; it reads {where}"


def finding_key(finding: Finding) -> tuple[str, int, int]:
    return (finding.code, finding.span.start, finding.span.end)


def _for_targets(targets: list[Target], finding: Finding, use: Use) -> Finding:
    """``finding`` of other targets saying which targets it is for (a ``harness-skip``
    message names its harness already), and that only this machine shows them in use."""
    message = finding.message
    if not any(message.startswith((t.label, t.reads_as.harness)) for t in targets):
        message = f"{', '.join(t.label for t in targets)}: {message}"
    details = finding.details
    if use == "machine":
        message += " (in use on this machine: its user-level configuration is there)"
        details = {**details, "machine": True}
    return finding.replace(
        message=message, targets=tuple(t.harness for t in targets), details=details
    )


def _what_it_does(judged: TargetVerdict) -> str:
    """What one target does with the file, in a few words."""
    verdict, label = judged.verdict, judged.target.label
    if verdict.loads:
        named = f" as `{excerpt(verdict.name)}`" if verdict.name else ""
        how = "loads it" if verdict.outcome == "loads" else f"loads it ({verdict.outcome})"
        return f"{label} {how}{named}"
    reason = excerpt((verdict.reason or "").rstrip("."), NOTE_REASON)
    return f"{label} would not load it ({verdict.outcome}" + (f": {reason})" if reason else ")")


NOTE_REASON = 100
"""Characters of another harness's reason a note shows (the JSON has it whole)."""


def _other_harnesses_note(
    doc: AgentDocument, unused: list[TargetVerdict], used: list[TargetVerdict]
) -> Finding:
    """The one note of a file on what the other harnesses that read it would do: those that
    nothing shows in use, and those in use that do it silently (under another name)."""
    parts = []
    if unused:
        parts.append(
            "other harnesses read this file's folder; nothing here shows them in use: "
            + "; ".join(_what_it_does(judged) for judged in unused)
        )
    if used:
        parts.append("; ".join(_what_it_does(judged) for judged in used))
    message = ". ".join(parts) + "."
    return Finding(
        HARNESS_OTHER,
        message[0].upper() + message[1:],
        Span(0, doc.lines.line_end(0)),
        Severity.INFO,
    )


def lint_for_targets(
    doc: AgentDocument,
    choice: DialectChoice,
    settings: Settings,
    roots: Iterable[str | Path] | None = None,
    agents_for: AgentsFor | None = None,
) -> LintResult:
    """The file's findings in its own dialect; then the errors only other targets have, at
    their severity for each target the project or this machine shows in use (or the settings
    name), and one note for the others (what each would do); and every target's verdict (the
    file's own first). ``agents_for``: the agents a harness loads for the file (its references
    to other agents are checked against its own harness's)."""
    targets = find_targets(doc.path, choice, settings, roots)
    given = tuple(str(r) for r in roots) if roots else ()
    mine = targets[0].harness if targets else HARNESS_OF[choice.dialect.id]
    mcp = mcp_lookup_for(mine, choice.dialect, doc.path, given)
    agents = None
    if agents_for is not None and choice.dialect.agent_references is not None:
        agents = agents_for(mine, doc.path, given)
    unread = targets[0].unread if targets else None
    own = lint(doc, choice.dialect, settings, unread, mcp, agents)
    if targets and targets[0].elsewhere is not None:
        own = own._replace(verdict=not_read_here(own.verdict, targets[0].elsewhere))
    by_reading: dict[tuple[str, str | None], tuple[list[Finding], Verdict] | None] = {
        (choice.dialect.id, mine if mcp else None): None
    }
    verdicts = []
    extra: dict[tuple[object, ...], tuple[Finding, list[Target]]] = {}
    seen = {finding_key(f) for f in own.findings}
    for target in targets:
        servers = mcp_lookup_for(target.harness, target.reads_as, doc.path, given)
        reading = (target.dialect, target.harness if servers else None)
        if reading not in by_reading:
            ctx, verdict = judge(doc, target.reads_as, settings, mcp=servers)
            by_reading[reading] = (ctx.findings, verdict)
        judged = by_reading[reading]
        if judged is None:
            verdicts.append(TargetVerdict(target, _labelled(own.verdict, target)))
            continue
        findings, verdict = judged
        verdicts.append(TargetVerdict(target, _labelled(verdict, target)))
        for finding in findings:
            if finding.severity is Severity.ERROR and finding_key(finding) not in seen:
                key = (*finding_key(finding), finding.message)
                extra.setdefault(key, (finding, []))[1].append(target)
    uses: dict[str, Use | None] = {}

    def use_of(target: Target) -> Use | None:
        if target.harness not in uses:
            uses[target.harness] = harness_use(target.harness, doc.path, given, settings)
        return uses[target.harness]

    loud: list[Finding] = []
    reported: set[str] = set()
    for finding, concerned in extra.values():
        heard = [t for t in concerned if use_of(t) is not None]
        if heard:
            machine = all(use_of(t) == "machine" for t in heard)
            loud.append(_for_targets(heard, finding, "machine" if machine else "project"))
            reported.update(t.harness for t in heard)
    quiet = {t.harness for _, concerned in extra.values() for t in concerned} - reported
    differing = _differing(verdicts, reported, quiet)
    unused = [judged for judged in differing if use_of(judged.target) is None]
    used = [judged for judged in differing if use_of(judged.target) is not None]
    added = loud + ([_other_harnesses_note(doc, unused, used)] if differing else [])
    if targets and targets[0].dialect == choice.dialect.id:
        own = own._replace(verdict=as_reached(own.verdict, targets[0]))
    if not added:
        return own._replace(harnesses=tuple(verdicts))
    findings = own.findings + shown(added, doc, settings)
    findings.sort(key=lambda f: (f.span.start, f.code))
    return own._replace(findings=said_once(findings), harnesses=tuple(verdicts))


def not_read_here(verdict: Verdict, why: str) -> Verdict:
    """The verdict of a file its harness would load but does not read where it lies: not
    loaded, ``elsewhere``, under the name it would have (a refusal stays a refusal)."""
    if not verdict.loads:
        return verdict
    return verdict._replace(loads=False, reason=why, outcome="elsewhere", description=None)


def _differing(
    verdicts: list[TargetVerdict], reported: set[str], quiet: set[str]
) -> list[TargetVerdict]:
    """The other targets a note speaks of: those that do otherwise than the file's own, or
    whose errors are not reported (``quiet``), unless a finding already speaks of them."""
    if not verdicts:
        return []
    first, *others = verdicts
    return [
        other
        for other in others
        if other.target.harness not in reported
        and (other.target.harness in quiet or not other.same_as(first))
    ]


def _labelled(verdict: Verdict, target: Target) -> Verdict:
    verdict = as_reached(verdict, target)
    return verdict if verdict.harness is not None else verdict._replace(harness=target.label)


def as_reached(verdict: Verdict, target: Target) -> Verdict:
    """The verdict with the name the harness reaches the file by: agent-core suffixes a name
    that would collide with a built-in with its source (``explore@synced-claude``), as its
    catalog does."""
    profile = PROFILES[target.harness]
    name = verdict.name
    if (
        profile.builtin_collision != "suffix"
        or target.source is None
        or not verdict.loads
        or name not in profile.builtins
    ):
        return verdict
    return verdict._replace(name=f"{name}@{target.source}")
