"""Where agent-core reads definitions, as its document says: the synced ``.claude/agents``
folder of each project and the extra folders (package ``agents/`` folders, other synced
folders), all at one level; and the personas it ships."""

from __future__ import annotations

from subagent_ls.core.findings import Severity
from subagent_ls.harnesses.environment import Environment
from subagent_ls.harnesses.profile import Profile
from subagent_ls.harnesses.sources import Source, extra_sources, per_root

BUILTINS = {
    "explore": "Where does something live, in how many places, or does it exist at all",
    "research": "What is actually true outside this workspace — an API, a version, "
    "a price, a convention",
    "planner": "What is the step sequence, and is it the right one",
    "execute": "Carry out agreed work end to end",
    "validate": "Is this plan, change or artifact sound",
    "operate": "Does the running system actually behave as claimed",
    "general": "Anything that fits no sharper role — the default when agent is omitted",
}


def agent_core_sources(env: Environment) -> list[Source]:
    """The synced ``.claude/agents`` folder of each project (the document's example) and the
    extra folders (package ``agents/`` folders, other synced folders), all at one level: the
    document does not say which source discovery walks later."""
    sources = per_root(env, ".claude/agents", "synced-claude", "project", 1, "agent-core")
    return sources + extra_sources(env, 1, "agent-core", step=0)


PROFILE = Profile(
    "agent-core",
    "agent-core",
    BUILTINS,
    agent_core_sources,
    same_source="last",
    duplicate_severity=Severity.WARNING,
    builtin_collision="suffix",
)
