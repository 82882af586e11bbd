"""zut's named subagent profiles, as its document describes them: fields, verdict and folders. A
harness package exports ``DIALECT`` and ``PROFILE``; the registry (``harnesses.registry``) lists
it."""

from subagent_ls.harnesses.zut.dialect import DIALECT
from subagent_ls.harnesses.zut.profile import PROFILE

__all__ = ["DIALECT", "PROFILE"]
