"""Every harness, registered once: its dialect (how it reads one file) and its profile (where it
reads files, and how it settles two definitions of one name). The one module that names every
harness package."""

from __future__ import annotations

from importlib import import_module
from importlib.util import find_spec
from types import ModuleType
from typing import TYPE_CHECKING

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

if TYPE_CHECKING:
    from subagent_ls.harnesses.porting import PortFacts

HARNESSES = (harness_subagents, claude_code, opencode, copilot, gemini, synapse, zut, agent_core)
"""Every harness package, in the order a file's folder is matched to a dialect."""
LISTED = (harness_subagents, claude_code, synapse, agent_core, zut, gemini, copilot, opencode)
"""The same packages in the order catalogs and the verdicts of a file's targets are listed."""

BASE = harness_subagents.DIALECT
PLUGIN_DIALECTS: dict[str, Dialect] = {
    claude_code.PROFILE.id: claude_code.PLUGIN_DIALECT,
    copilot.PROFILE.id: copilot.PLUGIN_DIALECT,
}
"""The dialect each harness reads its plugins' agent files in, where that is not its own."""


def dialects_of(harness: ModuleType) -> tuple[Dialect, ...]:
    """A harness package's dialects: its own, then its plugins'."""
    plugin = PLUGIN_DIALECTS.get(harness.PROFILE.id)
    return (harness.DIALECT, plugin) if plugin else (harness.DIALECT,)


OWN_DIALECTS: dict[str, Dialect] = {harness.DIALECT.id: harness.DIALECT for harness in HARNESSES}
"""Each harness's own dialect, in the order of ``HARNESSES`` (what tells one harness's files
from another's: a plugin dialect shares its harness's fields)."""
DIALECTS: dict[str, Dialect] = {d.id: d for harness in HARNESSES for d in dialects_of(harness)}
"""Every dialect, in the order of ``HARNESSES`` (a harness's plugin dialect after its own)."""
PROFILES: dict[str, Profile] = {harness.PROFILE.id: harness.PROFILE for harness in LISTED}
HARNESS_OF: dict[str, str] = {d.id: h.PROFILE.id for h in LISTED for d in dialects_of(h)}
"""The harness (its profile's id) of every dialect, in the order of ``LISTED``."""

SOURCE_VARIABLES = tuple(sorted({name for p in PROFILES.values() for name in p.variables}))
"""The environment variables some harness's sources depend on (beside HOME)."""


def port_facts(harness: ModuleType) -> PortFacts | None:
    """What a harness package declares for porting a definition to it (its ``port`` module's
    ``PORT``), or None: imported only by the ``port`` command, never by a check."""
    name = f"{harness.__name__}.port"
    return import_module(name).PORT if find_spec(name) is not None else None
