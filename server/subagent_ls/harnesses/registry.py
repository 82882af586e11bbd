"""The registry of dialects, keyed by id, in the order folders are matched."""

from __future__ import annotations

from subagent_ls.dialects import (
    agent_core,
    claude_code,
    copilot,
    gemini,
    harness_subagents,
    opencode,
    synapse,
    zut,
)
from subagent_ls.dialects.model import Dialect

BASE = harness_subagents.DIALECT

DIALECTS: dict[str, Dialect] = {
    dialect.id: dialect
    for dialect in (
        BASE,
        claude_code.DIALECT,
        opencode.DIALECT,
        copilot.DIALECT,
        gemini.DIALECT,
        synapse.DIALECT,
        zut.DIALECT,
        agent_core.DIALECT,
    )
}
