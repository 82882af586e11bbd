"""GitHub Copilot CLI: how it reads an agent file (fields, loader, serde_yaml values, hooks) and
where it reads them from (folders, precedence by id, built-ins). A harness package exports
``DIALECT`` and ``PROFILE``; the registry (``harnesses.registry``) lists it."""

from subagent_ls.harnesses.copilot.dialect import DIALECT
from subagent_ls.harnesses.copilot.profile import PROFILE

__all__ = ["DIALECT", "PROFILE"]
