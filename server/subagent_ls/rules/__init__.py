"""The rules, one module per concern; importing this package registers them all."""

from subagent_ls.rules import (
    across,
    agent_references,
    body,
    fields,
    harness,
    identity,
    structure,
    suppression,
    tools_mcp,
    traps,
    values,
)

__all__ = [
    "across",
    "agent_references",
    "body",
    "fields",
    "harness",
    "identity",
    "structure",
    "suppression",
    "tools_mcp",
    "traps",
    "values",
]
