"""GitHub Copilot CLI: how it reads an agent file (fields, loader, serde_yaml values, hooks), how
it reads a Claude-style plugin's agents, and where it reads them from (folders, plugins,
precedence by id, built-ins). A harness package exports ``DIALECT`` and ``PROFILE`` (and a
``PLUGIN_DIALECT``); the registry (``harnesses.registry``) lists it."""

from subagent_ls.harnesses.copilot.dialect import DIALECT
from subagent_ls.harnesses.copilot.plugin_dialect import DIALECT as PLUGIN_DIALECT
from subagent_ls.harnesses.copilot.profile import PROFILE

__all__ = ["DIALECT", "PLUGIN_DIALECT", "PROFILE"]
