"""OpenCode: how it reads an agent file (fields, the gray-matter loader and its YAML repair) and
where it reads them from (configuration folders merged in order, built-ins). A harness package
exports ``DIALECT`` and ``PROFILE``; the registry (``harnesses.registry``) lists it."""

from subagent_ls.harnesses.opencode.dialect import DIALECT
from subagent_ls.harnesses.opencode.profile import PROFILE

__all__ = ["DIALECT", "PROFILE"]
