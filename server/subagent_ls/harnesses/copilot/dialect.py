"""The GitHub Copilot CLI dialect, as its loader reads agent files at version 1.0.102.

Copilot reads ``.github/agents/`` and ``.claude/agents/`` (in every folder from the working
folder up to the repository root, or to ``/`` outside a repository) and
``~/.copilot/agents/`` (``$COPILOT_HOME/agents``), each with its subfolders, files ending in
``.md`` (``.agent.md`` included; names are case-sensitive), skipping names that start with
``.``. The loader itself is reproduced in ``loader``: the frontmatter pattern, the
serde_yaml reading of scalars, the schema of every field, the id and the reserved name.
"""

from __future__ import annotations

from subagent_ls.core.findings import Severity
from subagent_ls.harnesses.copilot.hooks import HOOK_EVENTS
from subagent_ls.harnesses.copilot.loader import HARNESS, copilot_verdict
from subagent_ls.harnesses.copilot.mcp import copilot_mcp_reference
from subagent_ls.harnesses.copilot.references import handoff_agents
from subagent_ls.harnesses.copilot.values import engine_kind
from subagent_ls.harnesses.model import NAME_IS_FREE, Dialect, Evidence, FieldSpec, Folder

VERSION = "1.0.102"
REFUSED = "Copilot leaves the agent out and logs the problem."

FIELDS = {
    spec.key: spec
    for spec in (
        FieldSpec(
            "name",
            "The name the agent is listed and invoked by (any string: spaces, capitals and "
            "emoji are kept). Empty or absent: the file's path below the agent folder without "
            "`.agent.md` or `.md`, folders joined by `--`. `general-purpose` is reserved.",
            ("string",),
        ),
        FieldSpec(
            "description",
            "What the agent does; the model is given it in full. Required, and a string "
            "(empty is accepted).",
            ("string",),
            required=True,
        ),
        FieldSpec(
            "tools",
            "Tool names: a list, or a string split at commas; Copilot's names or their aliases "
            '(Claude Code\'s `Read`, `Grep`, `Bash`, ...). Absent or `["*"]`: all tools; `[]` '
            'or `""`: none. An unknown name grants nothing.',
            ("string-list", "string"),
            default="all tools",
        ),
        FieldSpec(
            "model",
            "The model: a name, or a non-empty list of names to try in order (with "
            "`model-policy`). Not validated: when the agent runs as a subagent the name is sent "
            "to the provider as is; chosen with `--agent`, the session's model is used; an "
            "empty string is ignored.",
            ("string", "string-list"),
        ),
        FieldSpec(
            "infer",
            "`false`: the model is not offered the agent (unless `disable-model-invocation` "
            "is set, which then decides); a user can still choose it with `--agent`.",
            ("boolean",),
            default="true",
        ),
        FieldSpec(
            "disable-model-invocation",
            "`true`: the model is not offered the agent; `false`: it is, whatever `infer` "
            "says. A user can still choose it with `--agent`.",
            ("boolean",),
            default="false",
        ),
        FieldSpec(
            "user-invocable",
            "`false`: the agent cannot be chosen with `--agent` while the model is offered "
            "it; an agent the model is not offered stays a user's choice.",
            ("boolean",),
            default="true",
        ),
        FieldSpec("reasoning-effort", "The reasoning effort to ask the model for.", ("string",)),
        FieldSpec("skills", "Skills the agent may use.", ("string-list",)),
        FieldSpec(
            "strict-tools-list", "Give the agent only the tools listed in `tools`.", ("boolean",)
        ),
        FieldSpec(
            "include-custom-instructions",
            "Whether the repository's custom instructions are added to the agent's prompt.",
            ("boolean",),
        ),
        FieldSpec(
            "deferred-tool-loading", "Load the agent's tools only when needed.", ("boolean",)
        ),
        FieldSpec(
            "github",
            "GitHub settings: `toolsets` (a list) and `permissions` (a map).",
            ("map",),
        ),
        FieldSpec(
            "hooks",
            "Hooks by event (" + ", ".join(f"`{e}`" for e in sorted(HOOK_EVENTS)) + "), each "
            "a list of hook maps.",
            ("map",),
        ),
        FieldSpec(
            "mcp-servers",
            "MCP servers for this agent, by name. A local server (`type` `local` or `stdio`, "
            "or none) needs `command`, `args` and `tools`; a remote one (`type` `http` or "
            "`sse`) needs `url` and `tools`.",
            ("map", "null"),
            entry_keys=("tools",),
        ),
    )
}

EVIDENCE = Evidence(
    tools=r"[\w.-]+/[\w.*-]+",
    model=r"(?:gpt|GPT)-[\w.-]+|\S.*\s.*\S",
    markers=(".github/copilot-instructions.md",),
)
"""Tools named ``server/tool`` or ``toolset/*``, as Copilot names MCP and built-in toolsets;
model names as Copilot shows them (``GPT-4.1``, ``Claude Sonnet 4.5``) and its ``gpt-`` ids; the
repository's Copilot instructions."""


DIALECT = Dialect(
    id="copilot",
    evidence=EVIDENCE,
    harness=HARNESS,
    summary="GitHub Copilot CLI custom agents in `.github/agents/` and `.claude/agents/` "
    "(subfolders too) and `~/.copilot/agents/`.",
    identity="`name`, else the path below the agent folder without `.agent.md` or `.md` "
    "(`sub--x` for `sub/x.md`).",
    folders=(Folder((".github", "agents"), recursive=True), Folder((".copilot", "agents"), True)),
    fields=FIELDS,
    name_must_match_stem=False,
    tools_empty_means_none=False,
    unknown_key_effect="Copilot ignores it with a warning in its log (`unknown field ignored`).",
    invalid_effect=REFUSED,
    stem_suffixes=(".agent.md", ".md"),
    name_suffix=".agent.md",
    severity={
        **NAME_IS_FREE,
        "description-length": Severity.INFO,
        "description-vague": Severity.HINT,
        "agent-unknown": Severity.INFO,
    },
    mcp_reference=copilot_mcp_reference,
    agent_references=handoff_agents,
    verdict=copilot_verdict,
    verified_with=VERSION,
    scalar_kind=engine_kind,
)
