"""The Claude Code plugin dialect (a plugin's ``agents/`` and the files its manifest lists): the
fields of ``.claude/agents`` as the plugin loader of Claude Code 2.1.332 reads them (``cXn``).

It takes any name and any description and never refuses a file for its frontmatter;
``permissionMode``, ``hooks``, ``mcpServers``, ``initialPrompt``, ``observer``,
``observerMessage`` and ``observeSubagents`` are ignored with a warning in the debug log
(``sXn``, ``iXn``); ``color`` is passed on unchecked; ``isolation`` other than ``worktree``
is dropped without a word."""

from __future__ import annotations

from subagent_ls.core.findings import Severity
from subagent_ls.harnesses.claude_code.dialect import FIELDS, TOOLS, with_granted_tools
from subagent_ls.harnesses.claude_code.mcp import claude_mcp_reference
from subagent_ls.harnesses.claude_code.plugin_loader import plugin_verdict
from subagent_ls.harnesses.claude_code.plugins import DIALECT as DIALECT_ID
from subagent_ls.harnesses.model import NAME_IS_FREE, Dialect, FieldSpec, Trap

IGNORED = {
    "permissionMode": "Use .claude/agents/ for this level of control.",
    "hooks": "Use .claude/agents/ for this level of control.",
    "mcpServers": "Use .claude/agents/ for this level of control.",
    "initialPrompt": "Define the agent in .claude/agents/ to use initialPrompt.",
    "observer": "Define the agent in .claude/agents/ to use observer.",
    "observerMessage": "Define the agent in .claude/agents/ to use observerMessage.",
    "observeSubagents": "Define the agent in .claude/agents/ to use observeSubagents.",
}
"""The fields the plugin loader ignores, with what its warning advises."""
IGNORED_DOC = "Claude Code ignores this field for plugin agents (it warns in its debug log)."

FIELDS_OF_PLUGINS = {
    **FIELDS,
    "name": FieldSpec(
        "name",
        "The agent's name after the plugin's (`<plugin>:<folders below agents/>:<name>`): any "
        "value, as text (`123`, `a,b` for a list), at most 256 characters. Absent, empty or "
        "longer: the file name without `.md`.",
        ("string",),
        invalid_severity=Severity.WARNING,
        invalid_effect="Claude Code uses its text (`String()`) as the name; the agent loads.",
    ),
    "description": FieldSpec(
        "description",
        "When Claude should delegate to this agent, trimmed; a number or boolean is used as "
        "text. Absent, empty or another type: `when_to_use`, then `when-to-use`, else "
        "`Agent from <plugin> plugin`. A literal `\\n` stays as written.",
        ("string",),
        invalid_severity=Severity.WARNING,
        invalid_effect=(
            "Claude Code drops it (a debug-log warning) and uses `when_to_use` or the generic "
            "description; the agent loads."
        ),
    ),
    "isolation": FieldSpec(
        "isolation",
        "Filesystem isolation: only `worktree` is taken from a plugin agent.",
        ("string",),
        values={"worktree": "In a temporary git worktree."},
        invalid_effect="Claude Code drops it without a word; the agent loads.",
    ),
    "color": FieldSpec(
        "color",
        "The agent's colour in the interface, passed on without the colour check project "
        "agents get.",
        ("string",),
    ),
    **{key: FieldSpec(key, f"{FIELDS[key].doc} {IGNORED_DOC}", ("any",)) for key in IGNORED},
}

TRAPS = tuple(
    Trap(
        "field-no-effect",
        key,
        f"Claude Code ignores `{key}` in a plugin's agent file (a warning in its debug log): "
        + advice,
        any_value=True,
    )
    for key, advice in IGNORED.items()
)

DIALECT = Dialect(
    id=DIALECT_ID,
    harness="Claude Code",
    summary="Claude Code plugin agents: a plugin's `agents/` (recursive) and the files its "
    "manifest lists, named `<plugin>:<name>`.",
    identity=(
        "`<plugin>:<folders below agents/>:<name>`, where `<name>` is the frontmatter `name` "
        "(any value, as text) or else the file name without `.md`; every file loads."
    ),
    folders=(),
    fields=FIELDS_OF_PLUGINS,
    name_must_match_stem=False,
    tools_doc=(
        "In Claude Code `tools` is a list or a comma-separated string of tool names. Absent or "
        '`"*"` gives every tool; `tools: ""` or `tools: []` gives none.'
    ),
    unknown_key_effect=(
        "Claude Code ignores it and logs a warning that names it (`Plugin agent file … has a "
        "frontmatter key Claude Code does not recognize or apply`)."
    ),
    invalid_severity=Severity.WARNING,
    invalid_effect="Claude Code logs it in its debug log and ignores the value; the agent loads.",
    known_tools=TOOLS,
    traps=TRAPS,
    severity={**NAME_IS_FREE, "description-length": Severity.INFO},
    mcp_reference=claude_mcp_reference,
    verdict=lambda doc, findings: with_granted_tools(doc, plugin_verdict(doc, findings)),
    verified_with="2.1.332",
)
