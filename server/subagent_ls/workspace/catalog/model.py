"""A harness's catalog: its sources in precedence order and every entry (one per definition),
in the shape of the ``subagents/catalog`` result, with what its agents use of the harness's
prompt budget where it sets one."""

from __future__ import annotations

from subagent_ls.core.records import record_eq, record_repr
from subagent_ls.harnesses.profile import Entry, UriOf, file_uri
from subagent_ls.harnesses.registry import PROFILES
from subagent_ls.harnesses.sources import Source
from subagent_ls.workspace.catalog.budget import BudgetUse, budget_use


class Catalog:
    """What the catalog shows: the harness, its sources in precedence order, and every
    entry."""

    __match_args__ = ("harness", "sources", "entries")
    __slots__ = __match_args__

    harness: str
    sources: list[Source]
    entries: list[Entry]

    def __init__(self, harness: str, sources: list[Source], entries: list[Entry]) -> None:
        self.harness = harness
        self.sources = sources
        self.entries = entries

    __repr__ = record_repr
    __eq__ = record_eq
    __hash__ = None  # type: ignore[assignment]

    def as_json(self, uri_of: UriOf = file_uri) -> dict[str, object]:
        data: dict[str, object] = {
            "harness": self.harness,
            "sources": [source.as_json() for source in self.sources],
            "entries": [entry.as_json(uri_of) for entry in self.entries],
        }
        use = self.budget()
        if use is not None:
            data["budget"] = use.as_json(uri_of)
        return data

    def budget(self) -> BudgetUse | None:
        """What the agents that take effect use of the harness's prompt budget (None: the
        harness sets none)."""
        return budget_use(PROFILES[self.harness], self.entries)

    def named(self, name: str) -> list[Entry]:
        return [entry for entry in self.entries if entry.name == name]
