"""agent-core, as its document describes it: personas, fields, verdict, folders and built-ins. A
harness package exports ``DIALECT`` and ``PROFILE``; the registry (``harnesses.registry``) lists
it."""

from subagent_ls.harnesses.agent_core.dialect import DIALECT
from subagent_ls.harnesses.agent_core.profile import PROFILE

__all__ = ["DIALECT", "PROFILE"]
