"""Claude Code: how it reads an agent file (fields, loader, hooks), how its plugin loader reads
a plugin's agent file, and where it reads them from (folders, plugins, precedence, built-ins).
A harness package exports ``DIALECT`` and ``PROFILE`` (and a ``PLUGIN_DIALECT`` where its
plugins are read otherwise); the registry (``harnesses.registry``) lists it."""

from subagent_ls.harnesses.claude_code.dialect import DIALECT
from subagent_ls.harnesses.claude_code.plugin_dialect import DIALECT as PLUGIN_DIALECT
from subagent_ls.harnesses.claude_code.profile import PROFILE

__all__ = ["DIALECT", "PLUGIN_DIALECT", "PROFILE"]
