"""The GitHub Copilot dialect (``.github/agents/*.agent.md``): ``name`` is a display name."""

from __future__ import annotations

from subagent_ls.dialects.model import NAME_IS_FREE, Dialect, FieldSpec, Folder
from subagent_ls.dialects.verdicts import field_name, first_error_verdict
from subagent_ls.engine.document import AgentDocument
from subagent_ls.engine.findings import Severity

HARNESS = "GitHub Copilot"

FIELDS = {
    spec.key: spec
    for spec in (
        FieldSpec(
            "name",
            "The display name the agent is listed and invoked by (spaces and capitals allowed); "
            "without it, the file name without `.agent.md`.",
            ("string",),
        ),
        FieldSpec(
            "description",
            "What the agent does. Required: Copilot rejects a file without it.",
            ("string",),
            required=True,
        ),
        FieldSpec(
            "target",
            "Where the agent is offered.",
            ("string",),
            values={
                "vscode": "Only in VS Code.",
                "github-copilot": "Only in Copilot on GitHub.",
            },
        ),
        FieldSpec("tools", "Tool names: a list or a string.", ("string-list", "string")),
        FieldSpec(
            "model", "The model to use, or a list to try in order.", ("string", "string-list")
        ),
        FieldSpec(
            "mcp-servers",
            "MCP servers for this agent, by name; each needs its `tools`.",
            ("map",),
            entry_keys=("tools",),
        ),
        FieldSpec("metadata", "Free-form string metadata.", ("map",)),
        FieldSpec("argument-hint", "Hint shown for the agent's argument.", ("string",)),
        FieldSpec("handoffs", "Agents this one can hand off to.", ("list",)),
    )
}


def stem_name(doc: AgentDocument) -> str:
    return DIALECT.stem(doc.path)


DIALECT = Dialect(
    id="copilot",
    harness=HARNESS,
    summary="GitHub Copilot custom agents in `.github/agents/` (`*.agent.md`).",
    identity="`name` as a display name, else the file name without `.agent.md`.",
    folders=(Folder((".github", "agents")),),
    fields=FIELDS,
    name_must_match_stem=False,
    tools_empty_means_none=False,
    unknown_key_effect="Copilot ignores it and warns, listing the fields it ignores.",
    stem_suffixes=(".agent.md", ".md"),
    severity={
        **NAME_IS_FREE,
        "description-length": Severity.INFO,
        "description-vague": Severity.HINT,
    },
    verdict=first_error_verdict(HARNESS, field_name("name", fallback=stem_name)),
)
