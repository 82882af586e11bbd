"""The Harness Subagents format, the base dialect: its fields, its verdict and the folders of its
reference harness. A harness package exports ``DIALECT`` and ``PROFILE``; the registry
(``harnesses.registry``) lists it."""

from subagent_ls.harnesses.harness_subagents.dialect import DIALECT
from subagent_ls.harnesses.harness_subagents.profile import PROFILE

__all__ = ["DIALECT", "PROFILE"]
