"""The Claude Code dialect (``.claude/agents/**``): its fields as Claude Code reads them."""

from __future__ import annotations

from subagent_ls.dialects.claude_loader import claude_code_verdict
from subagent_ls.dialects.model import Dialect, FieldSpec, Folder
from subagent_ls.engine.findings import Severity

DROPPED = "Claude Code logs it in its debug log and ignores the value; the agent still loads."
COLORS = ("red", "blue", "green", "yellow", "purple", "orange", "pink", "cyan")
TOOLS = frozenset(
    [
        "Agent",
        "Task",
        "Bash",
        "BashOutput",
        "KillShell",
        "Edit",
        "MultiEdit",
        "Write",
        "Read",
        "Glob",
        "Grep",
        "LS",
        "NotebookEdit",
        "NotebookRead",
        "WebFetch",
        "WebSearch",
        "TodoWrite",
        "ExitPlanMode",
        "Skill",
        "SlashCommand",
        "ListMcpResourcesTool",
        "ReadMcpResourceTool",
    ]
)

FIELDS = {
    spec.key: spec
    for spec in (
        FieldSpec(
            "name",
            "Identifies the agent (the file name does not). Any string that does not start "
            "with `-` loads; lowercase letters and hyphens are the documented style. Without a "
            "string `name` Claude Code ignores the file.",
            ("string",),
            required=True,
            invalid_severity=Severity.ERROR,
            invalid_effect="Claude Code ignores a file without a string `name`.",
        ),
        FieldSpec(
            "description",
            "When Claude should delegate to this agent. Required: a file without a non-empty "
            "string description is rejected. A literal `\\n` becomes a line break.",
            ("string",),
            required=True,
            invalid_severity=Severity.ERROR,
            invalid_effect="Claude Code rejects a file whose description is not a string.",
        ),
        FieldSpec(
            "tools",
            "Tools the agent may use: a list or a comma-separated string; `Bash(git log:*)` "
            'patterns and `mcp__server__*` names allowed. Absent or `"*"`: all tools; '
            '`""` or `[]`: no tools.',
            ("string-list", "string"),
            default="all tools",
            shape_code="tools-format",
        ),
        FieldSpec(
            "disallowedTools",
            "Tools removed from the agent's set: a list or a comma-separated string; "
            "`Agent(a,b)` and `mcp__srv__*` allowed.",
            ("string-list", "string"),
        ),
        FieldSpec(
            "model",
            "The model: an alias or a full model id (`claude-...`); `inherit` uses the main "
            "conversation's model. Not validated by Claude Code: any string is sent as is.",
            ("string",),
            values={
                "sonnet": "The Sonnet model: balanced speed and capability.",
                "opus": "The Opus model: the most capable, for hard problems.",
                "haiku": "The Haiku model: the fastest and cheapest.",
                "inherit": "The same model as the main conversation.",
            },
            pattern=r"claude-[a-z0-9.\-\[\]]+",
            invalid_severity=Severity.WARNING,
            invalid_effect="Claude Code sends it to the API as is, where it may fail.",
            default="inherit",
        ),
        FieldSpec(
            "permissionMode",
            "How the agent asks for permission.",
            ("string",),
            values={
                "default": "Ask before actions that need permission.",
                "acceptEdits": "Accept file edits without asking.",
                "auto": "Decide automatically which actions need a prompt.",
                "bypassPermissions": "Never ask (dangerous).",
                "dontAsk": "Do not ask; deny what is not pre-approved.",
                "plan": "Plan only: no changes.",
            },
        ),
        FieldSpec(
            "maxTurns", "The most agentic turns the agent may take.", ("integer",), positive=True
        ),
        FieldSpec(
            "skills", "Skills preloaded into the agent's context.", ("string-list", "string")
        ),
        FieldSpec(
            "mcpServers", "MCP servers for this agent: names or inline definitions.", ("list",)
        ),
        FieldSpec("hooks", "Lifecycle hooks scoped to this agent.", ("map", "list")),
        FieldSpec(
            "memory",
            "Persistent memory scope for the agent.",
            ("string",),
            values={
                "user": "Memory shared across all projects.",
                "project": "Memory for this project, checked in.",
                "local": "Memory for this project, not checked in.",
            },
        ),
        FieldSpec("background", "Run the agent in the background.", ("boolean",), default="false"),
        FieldSpec(
            "effort",
            "Reasoning effort: a level or an integer budget.",
            ("string", "integer"),
            values={
                "low": "Little reasoning.",
                "medium": "Moderate reasoning.",
                "high": "Thorough reasoning.",
                "xhigh": "Very thorough reasoning.",
                "max": "The most reasoning the model allows.",
            },
        ),
        FieldSpec(
            "isolation",
            "Where the agent works.",
            ("string",),
            values={
                "worktree": "In a separate git worktree.",
                "remote": "In a remote environment.",
            },
        ),
        FieldSpec(
            "color",
            "The agent's colour in the interface. An invalid colour is dropped silently.",
            ("string",),
            values={color: f"Shown in {color}." for color in COLORS},
            invalid_effect=(
                "Claude Code drops an invalid colour without a word; the agent still loads."
            ),
        ),
        FieldSpec("initialPrompt", "A first prompt sent when the agent starts.", ("string",)),
    )
}

DIALECT = Dialect(
    id="claude-code",
    harness="Claude Code",
    summary="Claude Code subagents in `.claude/agents/` (recursive), user and project level.",
    identity="`name` (the file name need not match); a file without a string `name` is ignored.",
    folders=(Folder((".claude", "agents"), recursive=True),),
    fields=FIELDS,
    name_charset="a-z0-9-",
    name_must_match_stem=True,
    tools_doc=(
        "In Claude Code `tools` is a list or a comma-separated string of tool names. Absent or "
        '`"*"` gives every tool; `tools: ""` or `tools: []` gives none.'
    ),
    unknown_key_effect="Claude Code ignores it without a word.",
    invalid_severity=Severity.WARNING,
    invalid_effect=DROPPED,
    known_tools=TOOLS,
    severity={
        "name-charset": Severity.HINT,
        "name-hyphen": Severity.HINT,
        "name-length": Severity.HINT,
        "name-mismatch": Severity.HINT,
        "description-length": Severity.INFO,
    },
    verdict=claude_code_verdict,
)
