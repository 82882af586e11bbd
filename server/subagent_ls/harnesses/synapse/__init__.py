"""Synapse, as its (Chinese) document describes it: fields, verdict, folders and built-ins. A
harness package exports ``DIALECT`` and ``PROFILE``; the registry (``harnesses.registry``) lists
it."""

from subagent_ls.harnesses.synapse.dialect import DIALECT
from subagent_ls.harnesses.synapse.profile import PROFILE

__all__ = ["DIALECT", "PROFILE"]
