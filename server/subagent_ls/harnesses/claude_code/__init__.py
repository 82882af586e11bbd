"""Claude Code: how it reads an agent file (fields, loader, hooks) and where it reads them from
(folders, precedence, built-ins). A harness package exports ``DIALECT`` and ``PROFILE``; the
registry (``harnesses.registry``) lists it."""

from subagent_ls.harnesses.claude_code.dialect import DIALECT
from subagent_ls.harnesses.claude_code.profile import PROFILE

__all__ = ["DIALECT", "PROFILE"]
