"""References to other agents (the dialect's ``agent_references``: Claude Code's
``Agent(x)``, OpenCode's ``permission.task`` patterns, Copilot's handoffs) against the agents
the file's harness loads where it runs: a name (or pattern) of no agent is ``agent-unknown``,
with the nearest name as a fix where one is near. Checked where the agents are known (a
catalog of the harness was built for the file's project)."""

from __future__ import annotations

from functools import lru_cache

from subagent_ls.core.findings import Edit, Fix, Severity, excerpt
from subagent_ls.harnesses.environment import isolated
from subagent_ls.harnesses.references import AgentNames, AgentReference
from subagent_ls.rules.fields import closest
from subagent_ls.rules.registry import MAX_FINDINGS_PER_RULE, LintContext, check, declare

AGENT_UNKNOWN = declare(
    "agent-unknown", Severity.WARNING, "a reference to an agent the harness does not load"
)
LONGEST = 256
"""Longer references (and names) are not compared for a near miss (Claude Code's names are at
most 256 characters): the comparison costs the product of the lengths."""
SHOWN = 8
"""How many of the harness's agents a message names."""


@check("fields")
def agent_reference_rules(ctx: LintContext) -> None:
    references = ctx.dialect.agent_references
    if ctx.agents is None or references is None:
        return
    written = references(ctx.doc)
    if not written:
        return
    known = ctx.agents()
    names = _ordered(known)
    unknown = 0
    for reference in written:
        if reference.matches is None:
            if reference.written in known.names:
                continue
        elif any(reference.matches(name) for name in names):
            continue
        unknown += 1  # past the findings a rule shows, the near miss is not looked for
        near = _nearest(reference, names) if unknown <= MAX_FINDINGS_PER_RULE else None
        hint = f" Did you mean `{near}`?" if near else ""
        listed = ", ".join(f"`{excerpt(name, 40)}`" for name in names[:SHOWN])
        more = f" and {len(names) - SHOWN} more" if len(names) > SHOWN else ""
        harness = ctx.dialect.harness
        shown = excerpt(reference.written)
        if reference.matches is None:
            said = f"names `{shown}`, but {harness} loads no agent of that name here"
        else:
            said = f"pattern `{shown}` matches no agent {harness} loads here"
        agents = f"its agents here: {listed}{more}" if names else "it loads no agent here"
        looked = ", ".join(known.looked) or "no folder"
        message = (
            f"{reference.field} {said}: {reference.effect}.{hint} ({agents}; read from {looked})"
        )
        fix = None
        if near is not None and reference.exact:
            fix = Fix(f"Name `{near}`", (Edit(reference.span, near),))
        details = None
        if known.machine and not isolated():
            message += " This machine's user-level agents count too: another machine may differ."
            details = {"machine": True}
        ctx.report(AGENT_UNKNOWN, message, reference.span, fix=fix, details=details)


@lru_cache(maxsize=8)
def _ordered(known: AgentNames) -> tuple[str, ...]:
    """The names in order, sorted once per set of names (one run's names serve every file)."""
    return tuple(sorted(known.names))


def _nearest(reference: AgentReference, names: tuple[str, ...]) -> str | None:
    """The agent the reference most likely meant (none for a pattern with wildcards)."""
    written = reference.written
    if len(written) > LONGEST or (reference.matches and any(c in written for c in "*?")):
        return None
    return closest(written, [name for name in names if len(name) <= LONGEST])
