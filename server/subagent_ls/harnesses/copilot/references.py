"""The agents a Copilot agent file names: each ``handoffs[].agent``. Copilot CLI 1.0.102 does
not read ``handoffs`` (it logs ``unknown field ignored: handoffs``); editors that offer
handoffs (VS Code) switch to the agent of that name, from the same agent folders and from
places of their own (a user profile), or to one of their built-in agents (``agent``, ``ask``,
``edit``, ``plan``), which are not files and are not checked."""

from __future__ import annotations

from subagent_ls.core.document import AgentDocument
from subagent_ls.harnesses.references import AgentReference, located

EDITOR_AGENTS = frozenset({"agent", "ask", "edit", "plan"})
"""The editor's built-in agents a handoff may name (compared without case)."""
EFFECT = (
    "Copilot CLI ignores handoffs, and an editor that offers them finds no agent to hand off to "
    "unless it reads one from a place of its own"
)


def handoff_agents(doc: AgentDocument) -> list[AgentReference]:
    """The ``agent`` of every handoff written as a map with a string ``agent``, but the
    editor's built-in agents."""
    listed = doc.field_value("handoffs")
    if listed is None or listed.kind != "seq":
        return []
    found = []
    for entry in listed.value:  # type: ignore[union-attr]
        if entry.kind != "map":
            continue
        for item in entry.items:
            name = str(item.value.value) if item.value.kind == "str" else ""
            if item.name == "agent" and name and name.lower() not in EDITOR_AGENTS:
                span, exact = located(doc, item.value, name)
                found.append(AgentReference(name, span, exact, "`handoffs` `agent`", EFFECT))
    return found
