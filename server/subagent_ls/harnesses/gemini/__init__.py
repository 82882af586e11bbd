"""Gemini CLI: how it reads an agent file (its strict schema and loader) and where it reads them
from (folders, built-ins that always win). A harness package exports ``DIALECT`` and
``PROFILE``; the registry (``harnesses.registry``) lists it."""

from subagent_ls.harnesses.gemini.dialect import DIALECT
from subagent_ls.harnesses.gemini.profile import PROFILE

__all__ = ["DIALECT", "PROFILE"]
