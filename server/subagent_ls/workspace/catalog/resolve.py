"""Precedence: for each name, which definition the harness takes, what it shadows, and the
cross-file findings that say so (``duplicate-name``, ``shadowed``, ``overrides``)."""

from __future__ import annotations

import os

from subagent_ls.core.findings import Severity
from subagent_ls.core.records import record_eq, record_repr
from subagent_ls.harnesses.profile import Entry, Profile
from subagent_ls.rules.registry import DUPLICATE_NAME, OVERRIDES, SHADOWED


class CrossFinding:
    """A finding about ``entry`` that comes from other files (``related``)."""

    __match_args__ = ("entry", "code", "severity", "message", "related")
    __slots__ = __match_args__

    entry: Entry
    code: str
    severity: Severity
    message: str
    related: list[Entry]

    def __init__(
        self,
        entry: Entry,
        code: str,
        severity: Severity,
        message: str,
        related: list[Entry] | None = None,
    ) -> None:
        self.entry = entry
        self.code = code
        self.severity = severity
        self.message = message
        self.related = [] if related is None else related

    __repr__ = record_repr
    __eq__ = record_eq
    __hash__ = None  # type: ignore[assignment]


def where(entry: Entry) -> str:
    """A definition as messages name it, without an absolute path: a file by its source's label
    and its path below the source's folder (``project .agents/agents/review.md``, ``user
    ~/.claude/agents/x.md``, ``plugin `p` (plugins/p/agents/x.md)``), a built-in as ``the
    built-in definition``."""
    if entry.path is None:
        return "the built-in definition"
    label, below = entry.source.label, _below_source(entry)
    if below is None:
        return f"{label} ({entry.path.name})"
    if label.endswith(")"):
        return f"{label[:-1]}/{below})"
    return f"{label}/{below}"


def overrides(winner: Entry, other: Entry) -> str:
    """The message of ``overrides`` on ``winner``."""
    if other.path is None:
        return f"`{winner.name}` overrides the built-in definition."
    return f"`{winner.name}` overrides another definition: {where(other)}."


def _below_source(entry: Entry) -> str | None:
    """The entry's path below its source's folder (or one of its other paths), None when it
    lies below none of them."""
    for folder in (entry.source.path, *entry.source.aliases):
        if folder is None or entry.path is None:
            continue
        try:
            below = os.path.relpath(entry.path, folder)
        except ValueError:  # another drive
            continue
        if below != ".." and not below.startswith(".." + os.sep):
            return below.replace(os.sep, "/")
    return None


def resolve(profile: Profile, entries: list[Entry]) -> list[CrossFinding]:
    """Mark the effective definition of every name; entries come in discovery order."""
    if profile.builtin_collision == "suffix":
        builtin = {entry.name for entry in entries if entry.source.level == "builtin"}
        suffix_builtin_collisions(entries, builtin)
    return settle(profile, entries)


def settle(profile: Profile, entries: list[Entry]) -> list[CrossFinding]:
    """Resolve precedence among ``entries`` (in discovery order), forgetting what was settled
    before: called with every entry of some names, it settles those names again."""
    groups: dict[str, list[Entry]] = {}
    for entry in entries:
        entry.effective, entry.shadowed_by = False, None
        entry.shadows, entry.duplicates = [], []
        if entry.loads:
            groups.setdefault(profile.key(entry), []).append(entry)
    findings: list[CrossFinding] = []
    for group in groups.values():
        candidates = _settle_sources(profile, group, findings)
        _settle_levels(profile, candidates, findings)
        if profile.merge is not None:
            profile.merge(group)
    if profile.identity is not None:
        for group in _by_name(entries).values():
            _settle_name(profile, group, findings)
    return one_per_entry(findings)


def _by_name(entries: list[Entry]) -> dict[str, list[Entry]]:
    """The definitions that take effect, by name, where the harness settles precedence on an
    identity that is not the name (plugins' agents are named apart)."""
    named: dict[str, list[Entry]] = {}
    for entry in entries:
        if entry.loads and entry.effective and entry.source.level != "plugin":
            named.setdefault(entry.name, []).append(entry)
    return {name: group for name, group in named.items() if len(group) > 1}


def _settle_name(profile: Profile, group: list[Entry], findings: list[CrossFinding]) -> None:
    """Two definitions of one name, of different identities (Copilot CLI 1.0.102: two files
    named alike, or a file named like a built-in): the harness lists each to the model with its
    description, but runs one. A built-in wins when the model calls the name (``--agent``
    chooses only files); else the first found: the most specific source, then the first path
    (the user's folder, then ``.github/agents``, then ``.claude/agents``)."""
    files = [entry for entry in group if entry.path is not None]
    files.sort(key=lambda entry: (-entry.source.rank, os.fsencode(str(entry.path))))
    builtin = next((entry for entry in group if entry.path is None), None)
    harness = profile.harness
    for other in files:
        if builtin is None:
            break
        other.shadowed_by = builtin
        builtin.shadows.append(other)
        chosen = "this file" if other is files[0] else f"the file in {where(files[0])}"
        findings.append(
            CrossFinding(
                other,
                DUPLICATE_NAME,
                Severity.WARNING,
                f"`{other.name}` is the name of a built-in agent: {harness} lists both to "
                f"the model, and when the model calls `{other.name}` it runs the built-in, "
                f"never this file; `--agent {other.name}` runs {chosen}. Rename it for the "
                "model to use it.",
                [builtin],
            )
        )
    first, *rest = files or [None]
    for other in rest:
        assert first is not None
        if builtin is None:
            other.shadowed_by = first
        first.shadows.append(other)
        runs = f"{harness} lists both to the model but runs the first found"
        if other.source.id == first.source.id or other.source.rank == first.source.rank:
            code, severity = DUPLICATE_NAME, profile.duplicate_severity
            if other.source.id != first.source.id:
                severity = Severity.WARNING
            for subject, partner in ((first, other), (other, first)):
                which = "this one" if subject is first else f"the one in {where(first)}"
                findings.append(
                    CrossFinding(
                        subject,
                        code,
                        severity,
                        f"`{subject.name}` names two agents: also {where(partner)}; "
                        f"{runs}, {which}, whether the model or `--agent` names it.",
                        [partner],
                    )
                )
            continue
        findings.append(
            CrossFinding(
                other,
                SHADOWED,
                Severity.INFO,
                f"`{other.name}` is shadowed: {runs}, {where(first)}, whether the model or "
                "`--agent` names it; the model is still given this description.",
                [first],
            )
        )
        findings.append(
            CrossFinding(
                first,
                OVERRIDES,
                Severity.HINT,
                overrides(first, other),
                [other],
            )
        )


MORE = {DUPLICATE_NAME: "It is also defined in {}.", OVERRIDES: "It also overrides {}."}
"""How a finding names the other definitions of the same kind as its first."""


def one_per_entry(findings: list[CrossFinding]) -> list[CrossFinding]:
    """One finding per definition and code (a name defined in five plugins is one finding on
    each file, which names the four others), at the most severe of their severities."""
    groups: dict[tuple[int, str], list[CrossFinding]] = {}
    for finding in findings:
        groups.setdefault((id(finding.entry), finding.code), []).append(finding)
    merged = []
    for first, *rest in groups.values():
        others = [e for f in rest for e in f.related if all(e is not r for r in first.related)]
        if others:
            named = ", ".join(where(entry) for entry in others)
            first.message = f"{first.message} {MORE.get(first.code, 'Also {}.').format(named)}"
            first.related = [*first.related, *others]
            first.severity = min(f.severity for f in (first, *rest))
        merged.append(first)
    return merged


def suffix_builtin_collisions(entries: list[Entry], builtin: set[str]) -> None:
    """agent-core keeps a synced file named like a built-in as ``name@source``."""
    for entry in entries:
        if entry.source.level != "builtin" and entry.name in builtin:
            entry.name = f"{entry.name}@{entry.source.id}"


def _settle_sources(
    profile: Profile, group: list[Entry], findings: list[CrossFinding]
) -> list[Entry]:
    """Within one source the harness takes the first (or last) definition found."""
    by_source: dict[str, list[Entry]] = {}
    for entry in group:
        by_source.setdefault(entry.source.id, []).append(entry)
    winners = []
    for items in by_source.values():
        if profile.path_order:
            items.sort(key=lambda entry: os.fsencode(entry.path or ""))
        winner = items[-1] if profile.same_source == "last" else items[0]
        winners.append(winner)
        for other in items:
            if other is not winner:
                other.shadowed_by = winner
                winner.duplicates.append(other)
        if len(items) < 2:
            continue
        times = "twice" if len(items) == 2 else f"{len(items)} times"
        for subject in items:
            partners = [item for item in items if item is not subject]
            verdict = "this one" if subject is winner else f"the one in {where(winner)}"
            if len(items) == 2 and subject is not winner:
                verdict = "the other one"
            if profile.same_source == "unsaid":
                takes = (
                    f"{profile.harness} does not say which it takes (the catalog shows "
                    f"{verdict}, the first found)."
                )
            else:
                takes = f"{profile.harness} takes {verdict}, the {profile.same_source} found."
            also = ", ".join(where(partner) for partner in partners)
            findings.append(
                CrossFinding(
                    subject,
                    DUPLICATE_NAME,
                    profile.duplicate_severity,
                    f"`{subject.name}` is defined {times} in one folder: also in {also}; {takes}",
                    partners,
                )
            )
    return winners


def _settle_levels(profile: Profile, candidates: list[Entry], findings: list[CrossFinding]) -> None:
    """The most specific source wins (the built-in, where it always wins); two sources of
    equal rank are a warning on both."""
    top = [entry for entry in candidates if entry.source.level == "builtin"]
    if profile.builtin_collision != "builtin-wins" or not top:
        best = max(entry.source.rank for entry in candidates)
        top = [entry for entry in candidates if entry.source.rank == best]
    winner = top[0]
    winner.effective = True
    for other in top[1:]:
        for subject, partner in ((winner, other), (other, winner)):
            findings.append(
                CrossFinding(
                    subject,
                    DUPLICATE_NAME,
                    Severity.WARNING,
                    f"`{subject.name}` is defined twice at one level: also in {where(partner)}; "
                    f"{profile.harness} does not say which wins (the catalog shows "
                    f"{where(winner)}).",
                    [partner],
                )
            )
    for other in candidates:
        if other is winner:
            continue
        other.shadowed_by = winner
        winner.shadows.append(other)
        if other in top:
            continue
        if profile.builtin_collision == "builtin-wins" and winner.source.level == "builtin":
            findings.append(
                CrossFinding(
                    other,
                    DUPLICATE_NAME,
                    Severity.WARNING,
                    f"`{other.name}` is the name of a built-in agent: {profile.harness} always "
                    "takes the built-in, so this definition is ignored (the harness says so on "
                    "start); rename it to use it.",
                    [winner],
                )
            )
            continue
        findings.append(
            CrossFinding(
                other,
                SHADOWED,
                Severity.INFO,
                f"`{other.name}` is shadowed: {profile.harness} uses {where(winner)}.",
                [winner],
            )
        )
        findings.append(
            CrossFinding(
                winner,
                OVERRIDES,
                Severity.HINT,
                overrides(winner, other),
                [other],
            )
        )
