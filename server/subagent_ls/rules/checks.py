"""Every check, stage by stage, in the order ``analysis.lint`` runs them. A check is a function
of a :class:`LintContext` that reports the rules of the registry: ``DOCUMENT`` checks see the
raw layout; ``FIELDS`` checks run only on a frontmatter that parsed to a mapping (and on the
fields of one read entry by entry when it does not parse); ``BODY`` checks run once the closing
fence is found. A check runs only by being listed here."""

from __future__ import annotations

from collections.abc import Callable

from subagent_ls.rules import (
    agent_references,
    body,
    fields,
    identity,
    structure,
    tools_mcp,
    traps,
    values,
)
from subagent_ls.rules.registry import LintContext

Check = Callable[[LintContext], None]

DOCUMENT: tuple[Check, ...] = (structure.file_and_fences,)
FIELDS: tuple[Check, ...] = (
    fields.required_fields,
    fields.field_types_and_values,
    agent_references.agent_reference_rules,
    identity.name_rules,
    identity.description_rules,
    tools_mcp.mcp_tool_rules,
    traps.trap_rules,
    traps.denied_tools,
    values.tools_rules,
    values.metadata_rules,
)
BODY: tuple[Check, ...] = (body.body_rules,)
