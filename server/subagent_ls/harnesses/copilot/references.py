"""The agents a Copilot agent file names: each ``handoffs[].agent``. Copilot CLI 1.0.102 does
not read ``handoffs`` (it logs ``unknown field ignored: handoffs``); editors that offer
handoffs (VS Code) switch to the agent of that name, from the same agent folders."""

from __future__ import annotations

from subagent_ls.core.document import AgentDocument
from subagent_ls.harnesses.references import AgentReference, located

EFFECT = "Copilot CLI ignores handoffs, and an editor that offers them has no agent to hand off to"


def handoff_agents(doc: AgentDocument) -> list[AgentReference]:
    """The ``agent`` of every handoff written as a map with a string ``agent``."""
    listed = doc.field_value("handoffs")
    if listed is None or listed.kind != "seq":
        return []
    found = []
    for entry in listed.value:  # type: ignore[union-attr]
        if entry.kind != "map":
            continue
        for item in entry.items:
            if item.name == "agent" and item.value.kind == "str" and str(item.value.value):
                name = str(item.value.value)
                span, exact = located(doc, item.value, name)
                found.append(AgentReference(name, span, exact, "`handoffs` `agent`", EFFECT))
    return found
