"""Every harness, registered once: its dialect (how it reads one file) and its profile (where it
reads files, and how it settles two definitions of one name). The one module that names every
harness package."""

from __future__ import annotations

from subagent_ls.harnesses import (
    agent_core,
    claude_code,
    copilot,
    gemini,
    harness_subagents,
    opencode,
    synapse,
    zut,
)
from subagent_ls.harnesses.model import Dialect
from subagent_ls.harnesses.profile import Profile

HARNESSES = (harness_subagents, claude_code, opencode, copilot, gemini, synapse, zut, agent_core)
"""Every harness package, in the order a file's folder is matched to a dialect."""
LISTED = (harness_subagents, claude_code, synapse, agent_core, zut, gemini, copilot, opencode)
"""The same packages in the order catalogs and the verdicts of a file's targets are listed."""

BASE = harness_subagents.DIALECT

DIALECTS: dict[str, Dialect] = {harness.DIALECT.id: harness.DIALECT for harness in HARNESSES}
PROFILES: dict[str, Profile] = {harness.PROFILE.id: harness.PROFILE for harness in LISTED}

SOURCE_VARIABLES = tuple(sorted({name for p in PROFILES.values() for name in p.variables}))
"""The environment variables some harness's sources depend on (beside HOME)."""
