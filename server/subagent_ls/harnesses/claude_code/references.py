"""The agents a Claude Code agent file names (2.1.332): ``Agent(x, y)`` in ``tools`` (and its
old name ``Task(x, y)``) lets an agent run as the main thread (``claude --agent``) spawn only
the agent types named, matched exactly, case included (``i2e``: ``allowed.includes(type)``);
``disallowedTools`` denies them the same way. A run showed ``Agent(worker, missing)`` lists
``worker`` alone to the model and ``Agent(helper)`` no agent where the agent is ``Helper``."""

from __future__ import annotations

from subagent_ls.core.document import AgentDocument
from subagent_ls.harnesses.common.tools import tool_names
from subagent_ls.harnesses.references import AgentReference, located

AGENT_TOOLS = ("Agent", "Task")
"""The spawning tool and its old name, which Claude Code reads as the same tool."""
EFFECTS = {
    "tools": "the Agent tool offers only the agents named, so none for this name",
    "disallowedTools": "it denies nothing",
}
"""What a name of no agent does in each field."""


def spawnable_agents(doc: AgentDocument) -> list[AgentReference]:
    """Each agent type an ``Agent(...)`` (or ``Task(...)``) entry names, where it is written."""
    found = []
    for field, effect in EFFECTS.items():
        node = doc.field_value(field)
        if node is None:
            continue
        cursor = node.span.start
        for entry, _, where in tool_names(node):
            tool, opening, rest = entry.partition("(")
            if tool.strip() not in AGENT_TOOLS or not opening or not rest.endswith(")"):
                continue
            span, exact = located(doc, where, entry, cursor)
            cursor = span.end if exact else cursor
            inner = span.start + len(tool) + 1 if exact else span.start
            for part in rest[:-1].split(","):
                name = part.strip()
                if not name:
                    continue
                part_span, part_exact = located(doc, where, name, inner) if exact else (span, False)
                inner = part_span.end if part_exact else inner
                label = f"`{field}` `{tool.strip()}(…)`"
                exactly = exact and part_exact
                found.append(AgentReference(name, part_span, exactly, label, effect))
    return found
