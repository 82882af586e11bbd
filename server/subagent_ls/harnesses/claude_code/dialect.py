"""The Claude Code dialect (``.claude/agents/**``): its fields as Claude Code reads them."""

from __future__ import annotations

from subagent_ls.core.document import AgentDocument
from subagent_ls.core.findings import Severity
from subagent_ls.core.verdict import Verdict
from subagent_ls.harnesses.claude_code.loader import claude_code_verdict
from subagent_ls.harnesses.claude_code.mcp import claude_mcp_reference
from subagent_ls.harnesses.claude_code.references import spawnable_agents
from subagent_ls.harnesses.common.tools import split_tool_string
from subagent_ls.harnesses.model import Dialect, Evidence, FieldSpec, Folder

DROPPED = "Claude Code logs it in its debug log and ignores the value; the agent still loads."
COLORS = ("red", "blue", "green", "yellow", "purple", "orange", "pink", "cyan")
BUILT_IN_TOOLS = (
    "Agent",
    "Artifact",
    "AskUserQuestion",
    "Bash",
    "ClaudeDesign",
    "CronCreate",
    "CronDelete",
    "CronList",
    "Edit",
    "EndConversation",
    "EnterPlanMode",
    "EnterWorktree",
    "ExitPlanMode",
    "ExitWorktree",
    "Glob",
    "Grep",
    "ListAgents",
    "ListMcpResourcesTool",
    "LSP",
    "Monitor",
    "NotebookEdit",
    "OfferChromeSetup",
    "PowerShell",
    "Projects",
    "propose_skills",
    "PushNotification",
    "Read",
    "ReadMcpResourceDirTool",
    "ReadMcpResourceTool",
    "ReadNotifications",
    "RemoteTrigger",
    "ReportFindings",
    "ScheduleWakeup",
    "SendFeedback",
    "SendMessage",
    "SendUserFile",
    "SendUserMessage",
    "SetGoal",
    "ShareOnboardingGuide",
    "ShowOnboardingRolePicker",
    "Skill",
    "SubagentHandback",
    "TaskCreate",
    "TaskGet",
    "TaskList",
    "TaskStop",
    "TaskUpdate",
    "TodoWrite",
    "ToolSearch",
    "WaitForMcpServers",
    "WebFetch",
    "WebSearch",
    "Workflow",
    "Write",
)
"""The tool names of Claude Code 2.1.332 (``BashOutput``, ``TaskOutput``, ``MultiEdit``, ``LS``,
``NotebookRead`` and ``SlashCommand`` are gone: they grant nothing)."""
TOOL_ALIASES = {
    "Task": "Agent",
    "KillShell": "TaskStop",
    "KillBash": "TaskStop",
    "ListPeers": "ListAgents",
    "Brief": "SendUserMessage",
    "ListMcpResources": "ListMcpResourcesTool",
    "ReadMcpResource": "ReadMcpResourceTool",
    "ReadMcpResourceDir": "ReadMcpResourceDirTool",
    "ProposeGoal": "SetGoal",
}
"""Old names Claude Code 2.1.332 still maps to a tool."""
TOOLS = frozenset([*BUILT_IN_TOOLS, *TOOL_ALIASES])
TRUE_FALSE = {
    "true": "The string `true`, read as true.",
    "false": "The string `false`, read as false.",
}
POSITIVE_NUMBER = r"\s*\+?0*[1-9][0-9]*(?:[^0-9].*)?"
"""A string Claude Code reads as a positive integer (it parses the number at its start)."""

FIELDS = {
    spec.key: spec
    for spec in (
        FieldSpec(
            "name",
            "Identifies the agent (the file name does not). Any string loads that does not start "
            "with `-`, has at most 256 characters (UTF-16 units) and holds no `:` (reserved for "
            "plugin namespaces, also after Unicode normalisation); lowercase letters and hyphens "
            "are the documented style. Without a string `name` Claude Code ignores the file.",
            ("string",),
            required=True,
            invalid_severity=Severity.ERROR,
            invalid_effect="Claude Code ignores a file without a string `name`.",
        ),
        FieldSpec(
            "description",
            "When Claude should delegate to this agent; the model sees it in the Agent tool's "
            "listing. Required: a file without a non-empty string description is rejected. A "
            "literal `\\n` becomes a line break.",
            ("string",),
            required=True,
            invalid_severity=Severity.ERROR,
            invalid_effect="Claude Code rejects a file whose description is not a string.",
        ),
        FieldSpec(
            "tools",
            "Tools the agent may use, replacing the default set: a list or a comma-separated "
            "string; `Bash(git log:*)` patterns and `mcp__server__*` names allowed. Absent or "
            '`"*"`: all tools; `""` or `[]`: no tools.',
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
            "The model the agent runs on: an alias (any case) or a full model id "
            "(`claude-...`); `inherit` uses the model of the conversation that spawns it. "
            "Absent: `CLAUDE_CODE_SUBAGENT_MODEL` when set, else the parent's model. Not "
            "validated: any other string is sent to the API as is (a model the API does not "
            "know ends the agent with `model_not_found`). A model outside the "
            "`availableModels` setting is replaced by the parent's.",
            ("string",),
            values={
                "sonnet": "Runs on Sonnet (`claude-sonnet-5-5` in Claude Code 2.1.332): "
                "balanced speed and capability.",
                "opus": "Runs on Opus (`claude-opus-5-5` in 2.1.332): the most capable, for "
                "hard problems.",
                "haiku": "Runs on Haiku (`claude-haiku-5-5` in 2.1.332): the fastest and cheapest.",
                "fable": "Runs on Fable (`claude-fable-5-2` in 2.1.332).",
                "best": "Runs on the most capable model (`claude-opus-5-5` in 2.1.332).",
                "opusplan": "Opus while planning, Sonnet otherwise.",
                "sonnet[1m]": "Sonnet with a 1M-token context window.",
                "opus[1m]": "Opus with a 1M-token context window.",
                "fable[1m]": "Fable with a 1M-token context window.",
                "inherit": "Runs on the model of the conversation that spawns it "
                "(`CLAUDE_CODE_SUBAGENT_MODEL` does not apply).",
            },
            pattern=r"claude-[a-z0-9.\-\[\]]+",
            pattern_says="a model id `claude-…`",
            any_case=True,
            invalid_severity=Severity.WARNING,
            invalid_effect="Claude Code sends it to the API as is, where it may fail.",
            default="inherit",
        ),
        FieldSpec(
            "permissionMode",
            "The permission mode the agent runs in.",
            ("string",),
            values={
                "default": "Ask before actions that need permission.",
                "manual": "The same as `default` (Claude Code reads `manual` as `default`).",
                "acceptEdits": "Accept file edits without asking.",
                "auto": "Decide automatically which actions need a prompt.",
                "bypassPermissions": "Never ask (dangerous).",
                "dontAsk": "Do not ask; deny what is not pre-approved.",
                "plan": "Plan only: no changes.",
            },
        ),
        FieldSpec(
            "maxTurns",
            "The most conversation turns before the agent stops: a positive integer (a string "
            "that starts with one is read as that number).",
            ("integer", "string"),
            positive=True,
            pattern=POSITIVE_NUMBER,
        ),
        FieldSpec(
            "autoCompactWindow",
            "The auto-compact window for this agent, in tokens: an integer of at least 100,000. "
            "Overrides the window it would inherit.",
            ("integer", "string"),
            minimum=100_000,
            pattern=r"\s*\+?0*[1-9][0-9]{5,}(?:[^0-9].*)?",
        ),
        FieldSpec(
            "skills", "Skills preloaded into the agent's context.", ("string-list", "string")
        ),
        FieldSpec(
            "mcpServers",
            "MCP servers to connect when this agent runs: names, or `{name: definition}` "
            "entries. An invalid entry is dropped with a debug-log line.",
            ("list",),
        ),
        FieldSpec(
            "hooks",
            "Hooks registered while this agent runs: a mapping of hook events to lists of "
            "matchers, as in settings. Since Claude Code 2.1.332 an agent whose hooks cannot be "
            "loaded is not loaded at all: hooks that are a list, a string or `true`, and any "
            "problem under PreToolUse or PermissionRequest. Under other events a broken entry is "
            "dropped with a warning in the debug log.",
            ("map", "null"),
            invalid_severity=Severity.ERROR,
            invalid_effect=(
                "A list, a string or `true` keeps Claude Code from loading the agent; `false`, "
                '`0` and `""` mean no hooks.'
            ),
        ),
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
        FieldSpec(
            "background",
            "Run the agent in the background by default.",
            ("boolean", "string"),
            values=TRUE_FALSE,
            default="false",
        ),
        FieldSpec(
            "effort",
            "Thinking effort: a level (any case; `med` is `medium`) or an integer.",
            ("string", "integer"),
            values={
                "low": "Little reasoning.",
                "medium": "Moderate reasoning.",
                "high": "Thorough reasoning.",
                "xhigh": "Very thorough reasoning.",
                "max": "The most reasoning the model allows.",
            },
            pattern=r"(?i:low|med|medium|high|xhigh|max)|\s*[-+]?[0-9].*",
        ),
        FieldSpec(
            "isolation",
            "Filesystem isolation.",
            ("string",),
            values={
                "worktree": "In a temporary git worktree.",
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
        FieldSpec(
            "initialPrompt",
            "A first message sent automatically when this agent runs as the main session "
            "(`--agent` or settings); not read when it is spawned as a subagent.",
            ("string",),
        ),
        FieldSpec(
            "omitClaudeMd",
            "If true, the agent runs without the user, project and local CLAUDE.md files when "
            "spawned as a subagent (managed policy files are kept). Any other value is ignored "
            "without a word.",
            ("boolean", "string"),
            values=TRUE_FALSE,
            default="false",
        ),
        FieldSpec(
            "observer",
            "An agent type spawned as a background observer whenever this agent runs, or a "
            "comma-separated list of up to four.",
            ("string",),
        ),
        FieldSpec(
            "observerMessage",
            "Text appended to each activity digest sent to the observer.",
            ("string",),
        ),
        FieldSpec(
            "observeSubagents",
            "If false, subagents this agent spawns do not inherit its observers; on an "
            "observer's own definition, false keeps that observer on the agents that declare it.",
            ("boolean", "string"),
            values=TRUE_FALSE,
            default="true",
        ),
        FieldSpec(
            "observeToolResults",
            "On an observer's own definition: if false, its activity digests leave out tool "
            "results, auto-loaded CLAUDE.md content and discovered skills. Any value but `true` "
            "counts as false.",
            ("boolean", "string"),
            values=TRUE_FALSE,
            default="true",
        ),
        FieldSpec(
            "experimental",
            "Experimental per-agent options; unknown keys are ignored. `cacheTtl` (`5m` or "
            "`1h`): the prompt cache TTL of this agent's requests when no "
            "`subagentPromptCacheTtl` setting or variable is set.",
            ("map", "null"),
        ),
    )
}


def granted_tools(doc: AgentDocument) -> tuple[str, ...] | None:
    """The tools Claude Code really gives the agent where that differs from what ``tools``
    says: none at all for ``tools:`` with no value, ``true`` or a blank string; only the known
    names of a list or string (it accepts unknown names and drops them when the agent runs)."""
    if "tools" not in doc.fields:
        return None
    node = doc.fields["tools"].value
    if node.kind == "null" or (node.kind == "bool" and node.value is True):
        return ()
    if node.kind == "str":
        names = split_tool_string(str(node.value))
        if not names:
            return ()
    elif node.kind == "seq":
        names = [str(e.value) for e in node.value if e.kind == "str"]  # type: ignore[union-attr]
    else:
        return None
    known = [n for n in names if n == "*" or n.startswith("mcp__") or n.split("(")[0] in TOOLS]
    return tuple(known) if len(known) < len(names) else None


def with_granted_tools(doc: AgentDocument, verdict: Verdict) -> Verdict:
    return verdict._replace(tools=granted_tools(doc)) if verdict.loads else verdict


EVIDENCE = Evidence(
    tools=r"(?:BashOutput|TaskOutput|MultiEdit|LS|NotebookRead|SlashCommand|mcp__[\w.-]+__.+)",
    model=r"(?:sonnet|opus|haiku|opusplan)(?:\[1m\])?|claude-[a-z0-9-]+-\d{8}",
    color="|".join(COLORS),
    markers=(".claude-plugin/plugin.json", ".claude-plugin/marketplace.json", "CLAUDE.md"),
)
"""Claude Code's own tool names (``known_tools``, the names it no longer grants, and MCP tools
as it names them: ``mcp__server__tool``), its model aliases and dated model ids, its colours,
and the files of a Claude Code plugin or project."""


DIALECT = Dialect(
    id="claude-code",
    harness="Claude Code",
    summary="Claude Code subagents in `.claude/agents/` (recursive), user and project level.",
    identity=(
        "`name` (the file name need not match); a file without a string `name` is ignored, "
        "and a name over 256 characters, with a `:` or a leading `-` is rejected."
    ),
    folders=(Folder((".claude", "agents"), recursive=True),),
    fields=FIELDS,
    name_charset="a-z0-9-",
    name_must_match_stem=True,
    tools_doc=(
        "In Claude Code `tools` is a list or a comma-separated string of tool names. Absent or "
        '`"*"` gives every tool; `tools: ""` or `tools: []` gives none.'
    ),
    unknown_key_effect=(
        "Claude Code ignores it and logs a warning that names it (with its own did-you-mean) "
        "in its debug log."
    ),
    invalid_severity=Severity.WARNING,
    invalid_effect=DROPPED,
    known_tools=TOOLS,
    evidence=EVIDENCE,
    severity={
        "name-charset": Severity.HINT,
        "name-hyphen": Severity.HINT,
        "name-length": Severity.HINT,
        "name-mismatch": Severity.HINT,
        "description-length": Severity.INFO,
    },
    mcp_reference=claude_mcp_reference,
    agent_references=spawnable_agents,
    verdict=lambda doc, findings: with_granted_tools(doc, claude_code_verdict(doc, findings)),
    verified_with="2.1.332",
)
