"""References to other agents (the dialect's ``agent_references``: Claude Code's
``Agent(x)``, OpenCode's ``permission.task`` patterns, Copilot's handoffs) against the agents
the file's harness loads where it runs: a name (or pattern) of no agent is ``agent-unknown``,
with the nearest name as a fix where one is near. Checked where the agents are known (a
catalog of the harness was built for the file's project)."""

from __future__ import annotations

from bisect import bisect_left
from functools import lru_cache
from heapq import merge
from itertools import islice, zip_longest
from typing import NamedTuple

from subagent_ls.core.findings import Edit, Fix, excerpt
from subagent_ls.harnesses.environment import isolated
from subagent_ls.harnesses.references import AgentNames, AgentReference
from subagent_ls.rules.fields import closest
from subagent_ls.rules.registry import AGENT_UNKNOWN, MAX_FINDINGS_PER_RULE, LintContext

LONGEST = 256
"""Longer references (and names) are not compared for a near miss (Claude Code's names are at
most 256 characters): the comparison costs the product of the lengths."""
SHOWN = 8
"""How many of the harness's agents a message names."""
COMPARED = 1000
"""The most names compared with an unknown reference for the nearest: a catalog of no more
is searched whole; a larger one around the reference (a search costs as much whatever the
catalog's size)."""


def agent_reference_rules(ctx: LintContext) -> None:
    references = ctx.dialect.agent_references
    if ctx.agents is None or references is None:
        return
    written = references(ctx.doc)
    if not written:
        return
    known = ctx.agents()
    parts = [_indexed(known.names)] + ([_indexed(known.more)] if known.more else [])
    unknown = 0
    for reference in written:
        if reference.matches is None:
            if reference.written in known.names or reference.written in known.more:
                continue
        elif any(_any_matches(reference, part.ordered) for part in parts):
            continue
        unknown += 1  # past the findings a rule shows, the near miss is not looked for
        near = _nearest(reference, parts) if unknown <= MAX_FINDINGS_PER_RULE else None
        message = _message(ctx, reference, near, known, parts)
        fix = None
        if near is not None and reference.exact:
            fix = Fix(f"Name `{near}`", (Edit(reference.span, near),))
        details = None
        if known.machine and not isolated():
            message += " This machine's user-level agents count too: another machine may differ."
            details = {"machine": True}
        ctx.report(AGENT_UNKNOWN, message, reference.span, fix=fix, details=details)


def _message(
    ctx: LintContext,
    reference: AgentReference,
    near: str | None,
    known: AgentNames,
    parts: list[_Index],
) -> str:
    hint = f" Did you mean `{near}`?" if near else ""
    count = sum(len(part.ordered) for part in parts)
    first = islice(merge(*(part.ordered for part in parts)), SHOWN)
    listed = ", ".join(f"`{excerpt(name, 40)}`" for name in first)
    more = f" and {count - SHOWN} more" if count > SHOWN else ""
    harness = ctx.dialect.harness
    shown = excerpt(reference.written)
    if reference.matches is None:
        said = f"{harness} loads no agent `{shown}` here: {reference.field} names it"
    else:
        said = f"No agent {harness} loads here matches `{shown}`: {reference.field} pattern"
    agents = f"its agents here: {listed}{more}" if count else "it loads no agent here"
    looked = ", ".join(known.looked) or "no folder"
    return f"{said}; {reference.effect}.{hint} ({agents}; read from {looked})"


def _any_matches(reference: AgentReference, names: tuple[str, ...]) -> bool:
    """Whether the pattern matches one of the names (in order), trying only those that begin
    with its ``prefix``."""
    assert reference.matches is not None
    prefix = reference.prefix
    for place in range(bisect_left(names, prefix), len(names)):
        name = names[place]
        if not name.startswith(prefix):
            return False
        if reference.matches(name):
            return True
    return False


class _Index(NamedTuple):
    """A set of names as the rule reads it, made once per set (one run's names serve every
    file): every name in order (what messages list); those of at most ``LONGEST`` characters
    in order and read backwards, in order (the near-miss search); and the first of those of
    each spelling in lower case."""

    ordered: tuple[str, ...]
    comparable: tuple[str, ...]
    backwards: tuple[str, ...]
    by_lower: dict[str, str]


@lru_cache(maxsize=8)
def _indexed(names: frozenset[str]) -> _Index:
    ordered = tuple(sorted(names))
    comparable = tuple(name for name in ordered if len(name) <= LONGEST)
    by_lower: dict[str, str] = {}
    for name in comparable:
        by_lower.setdefault(name.lower(), name)
    return _Index(ordered, comparable, tuple(sorted(n[::-1] for n in comparable)), by_lower)


def _nearest(reference: AgentReference, parts: list[_Index]) -> str | None:
    """The agent the reference most likely meant (none for a pattern with wildcards): the
    nearest of each part's nearest (the same as the nearest of all: the same letters in
    another case first, then the best near miss)."""
    written = reference.written
    if len(written) > LONGEST or (reference.matches and any(c in written for c in "*?")):
        return None
    found = sorted({near for part in parts if (near := _nearest_in(written, part))})
    return closest(written, found) if len(found) > 1 else next(iter(found), None)


def _nearest_in(written: str, index: _Index) -> str | None:
    """The nearest of one set of names: among at most ``COMPARED`` names, all of them when
    there are no more, else those next to it in order and next to it read backwards (the
    names that share its beginning or its end)."""
    if len(index.comparable) <= COMPARED:
        return closest(written, index.comparable)
    same = index.by_lower.get(written.strip().lower())
    if same is not None:
        return same
    side = COMPARED // 4
    forward = _around(index.comparable, written, side)
    backward = [name[::-1] for name in _around(index.backwards, written[::-1], side)]
    both = (name for pair in zip_longest(forward, backward) for name in pair if name is not None)
    return closest(written, list(dict.fromkeys(both)))


def _around(ordered: tuple[str, ...], text: str, side: int) -> list[str]:
    """Up to ``side`` names on each side of where ``text`` falls in ``ordered``, the nearest
    first (the search then meets a near name early and compares the others only as far as
    they could beat it)."""
    at = bisect_left(ordered, text)
    places = (place for step in range(side) for place in (at - 1 - step, at + step))
    return [ordered[place] for place in places if 0 <= place < len(ordered)]
