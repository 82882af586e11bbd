"""What linting returns: the findings, the file's own verdict, and the verdict of every target
(a harness that reads the file, in the dialect it reads it in). Plain data: reports travel
between processes."""

from __future__ import annotations

from typing import NamedTuple

from subagent_ls.core.findings import Finding
from subagent_ls.core.verdict import Verdict
from subagent_ls.harnesses.model import Dialect
from subagent_ls.harnesses.registry import DIALECTS


class Target(NamedTuple):
    """A harness that reads the file, the id of the dialect it reads it in, and why it is a
    target (plain data: reports travel between processes)."""

    harness: str
    label: str
    dialect: str
    reason: str
    unread: str | None = None
    """Why the harness does not read the file where it lies, though the file is written for it
    (its folder is one of the harness's, at a place or under a name the harness skips)."""
    source: str | None = None
    """The id of the harness's source that lists the file (None: the targets name the harness
    but none of its sources lists the file)."""
    elsewhere: str | None = None
    """Where the harness reads files, when the file is written for it (by its name or its
    fields) but lies where none of its sources reads: it would load it from there."""

    @property
    def reads_as(self) -> Dialect:
        return DIALECTS[self.dialect]


class TargetVerdict(NamedTuple):
    """What one target does with the file."""

    target: Target
    verdict: Verdict

    def as_json(self) -> dict[str, object]:
        return {
            "id": self.target.harness,
            "dialect": self.target.dialect,
            "why": self.target.reason,
            **self.verdict.as_json(),
            "harness": self.target.label,
        }

    def same_as(self, other: TargetVerdict) -> bool:
        """Whether both targets do the same with the file (load it under one name, or not)."""
        mine, theirs = self.verdict, other.verdict
        return (mine.outcome, mine.name) == (theirs.outcome, theirs.name)


class LintResult(NamedTuple):
    findings: list[Finding]
    verdict: Verdict
    harnesses: tuple[TargetVerdict, ...] = ()
    """Every target's verdict, the file's own first (``lint_for_targets`` fills it in)."""
    hidden_fixes: tuple[Finding, ...] = ()
    """Fixable findings beyond the caps on findings: not shown, but fixed with the others."""

    @property
    def fixable(self) -> list[Finding]:
        """Every finding with a fix, shown or not, in the order of the document."""
        shown = [f for f in self.findings if f.fix is not None]
        return sorted(shown + list(self.hidden_fixes), key=lambda f: f.span.start)
