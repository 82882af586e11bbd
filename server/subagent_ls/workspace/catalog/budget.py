"""The prompt budget: where a harness limits what all its agents' listings take together
(Claude Code: 15,000 tokens of ``name: description`` over the agents other than the built-ins),
the total of the agents that take effect, the largest of them, and the ``description-budget``
finding on each of the largest when the total is over the limit."""

from __future__ import annotations

from typing import NamedTuple

from subagent_ls.core.findings import Severity
from subagent_ls.harnesses.profile import Entry, Profile
from subagent_ls.rules.registry import DESCRIPTION_BUDGET
from subagent_ls.workspace.catalog.resolve import CrossFinding

NAMED = 3
"""How many of the largest contributors a finding names (and is given to)."""


class BudgetUse(NamedTuple):
    """The agents that count, their total, the limit, and each one's share, largest first."""

    limit: int
    total: int
    shares: tuple[tuple[Entry, int], ...]

    @property
    def over(self) -> bool:
        return self.total > self.limit

    def as_json(self, uri_of) -> dict[str, object]:
        largest = [
            {
                "name": entry.name,
                "tokens": tokens,
                "uri": uri_of(entry.path) if entry.path else None,
            }
            for entry, tokens in self.shares[:NAMED]
        ]
        return {"limit": self.limit, "tokens": self.total, "over": self.over, "largest": largest}


def kilo(count: int) -> str:
    """A count as Claude Code shows it (``15.0k``)."""
    return f"{count / 1000:.1f}k"


def budget_use(profile: Profile, entries: list[Entry]) -> BudgetUse | None:
    """What the agents that take effect (after precedence) use of the profile's budget."""
    budget = profile.budget
    if budget is None:
        return None
    counted = [
        (entry, budget.tokens(entry.name, entry.description))
        for entry in entries
        if entry.effective
        and entry.loads
        and not entry.disabled
        and entry.source.level != "builtin"
    ]
    counted.sort(key=lambda share: -share[1])
    return BudgetUse(budget.limit, sum(tokens for _, tokens in counted), tuple(counted))


def budget_findings(profile: Profile, entries: list[Entry]) -> list[CrossFinding]:
    """A ``description-budget`` finding on each of the largest contributors, when over."""
    use, budget = budget_use(profile, entries), profile.budget
    if use is None or budget is None or not use.over:
        return []
    says = budget.says.format(limit=kilo(use.limit), total=kilo(use.total))
    named = use.shares[:NAMED]
    largest = ", ".join(f"`{entry.name}` (~{tokens:,})" for entry, tokens in named)
    findings = []
    for entry, tokens in named:
        others = [other for other, _ in named if other is not entry]
        message = (
            f"The agents' descriptions are over {profile.harness}'s limit: it says “{says}”; "
            f"its {len(use.shares)} agents' names and "
            f"descriptions come to ~{use.total:,} tokens, over {use.limit:,} (4 characters a "
            f"token). The largest: {largest}; this one is ~{tokens:,}. Shorten the "
            "description and move detail into the body."
        )
        findings.append(CrossFinding(entry, DESCRIPTION_BUDGET, Severity.WARNING, message, others))
    return findings
