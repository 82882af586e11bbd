"""The Synapse dialect (``.synapse/agents/``), as its document (in Chinese) describes it: `name`,
`description` and the body are required (a file without one is skipped); `tools` absent or
null inherits the main agent's default tools, ``[]`` keeps the framework's tools (legacy), a
list is the final strict whitelist; some tools are always excluded and ``disallowed_tools``
wins over ``tools``; a file that fails to parse is skipped with a warning; ``enabled: false``
and an ``ownership`` other than ``task`` are not compiled.

The document gives no types, lengths or name characters. A value outside what it lists is a
warning (it does not say what Synapse does with one), except ``reasoning_effort``, which it
says is validated; the base format's name and description limits are hints."""

from __future__ import annotations

from subagent_ls.core.document import AgentDocument
from subagent_ls.core.findings import Finding, Severity
from subagent_ls.core.verdict import Verdict
from subagent_ls.harnesses.common.verdicts import field_name
from subagent_ls.harnesses.model import Dialect, Evidence, FieldSpec, Folder, Trap

HARNESS = "Synapse"
MAIN_TOOLS = ("find_files", "search_files", "patch")
"""The main agent's default whitelist, which a subagent inherits."""
FRAMEWORK_TOOLS = ("read_file", "write_file", "edit_file", "execute")
"""deepagents' built-in tools that Synapse can expose (its search tools never are)."""
SEARCH_TOOLS = ("ls", "glob", "grep")
TODO_TOOLS = ("write_todos", "todo_write", "todos")
LEVELS = ("minimal", "low", "medium", "high", "max")

NEVER_GRANTED = {
    **{
        tool: f"`{tool}` is never exposed: Synapse always excludes the built-in search tools "
        "`ls`, `glob` and `grep` (they would repeat `find_files` and `search_files`), and a "
        "whitelist cannot restore them."
        for tool in SEARCH_TOOLS
    },
    **{
        tool: f"`{tool}` is never exposed: Synapse always blocks `write_todos`, `todo_write` "
        "and `todos` (product-level isolation), and a whitelist cannot restore them."
        for tool in TODO_TOOLS
    },
}

TOOL_DOCS = {
    **{tool: "A main agent tool: inherited when `tools` is absent or null." for tool in MAIN_TOOLS},
    **{
        tool: "A framework (deepagents) tool: given when `tools` is absent, null or `[]`, and "
        "by a whitelist only when named."
        for tool in FRAMEWORK_TOOLS
    },
}
TOOL_DOCS["execute"] += (
    " Runs shell commands on the host, starting in the workspace root; this is not an OS sandbox."
)

FIELDS = {
    spec.key: spec
    for spec in (
        FieldSpec(
            "name",
            "Unique identifier; a definition with the name of a built-in (`researcher`, "
            "`tester`, `reviewer`) overrides the built-in.",
            ("string",),
            required=True,
        ),
        FieldSpec(
            "description",
            "The main agent decides by it when to delegate: a routing rule, so write concrete "
            "trigger conditions.",
            ("string",),
            required=True,
        ),
        FieldSpec(
            "model",
            "`inherit` or `provider:model-name`. Highest first: a per-name override, this "
            "field, the global default, the main agent's model. In a file named like a "
            "built-in without `model`, `AGENT_SUBAGENT_<NAME>_MODEL` still applies; once "
            "`model` is written (`inherit` too) the file decides.",
            ("string",),
            values={
                "inherit": "Not configured at this level, as if deleted: Synapse sets no model "
                "for the subagent, so the global default, else the main agent's model, applies.",
            },
            pattern=r"[^:\s]+:\S+",
            default="the main agent's model",
        ),
        FieldSpec(
            "reasoning_effort",
            "Reasoning level, validated by Synapse. Resolved apart from `model`, highest "
            "first: a per-name override, this field, the global default, the main agent's "
            "current level.",
            ("string",),
            values={
                "off": "Thinking off.",
                **{level: "Thinking on, at this reasoning effort." for level in LEVELS},
                "inherit": "Not configured at this level: the global default, else the main "
                "agent's current level, applies.",
            },
            default="the main agent's current level",
            invalid_severity=Severity.ERROR,
            invalid_effect="Synapse validates `reasoning_effort` in the frontmatter, so this "
            "definition does not parse.",
        ),
        FieldSpec(
            "tools",
            "Absent or null: the main agent's default tools (`find_files`, `search_files`, "
            "`patch`) and the framework's tools. `[]`: the framework's tools only (legacy). A "
            "list: the final strict whitelist, the framework's tools included. Global "
            "exclusions and `disallowed_tools` always win.",
            ("string-list", "null"),
            default="the main agent's default tools (`find_files`, `search_files`, `patch`) "
            "and the framework's tools, as with `null`",
            shape_code="tools-format",
        ),
        FieldSpec(
            "disallowed_tools",
            "Denylist, applied to the tool set after inheritance or the whitelist: a tool "
            "named here is never exposed, even when `tools` names it.",
            ("string-list",),
        ),
        FieldSpec(
            "ownership",
            "`task` or `handoff` (reserved); only `task` definitions are compiled today.",
            ("string",),
            values={
                "task": "The subagent does a bounded task and returns a summary; the main "
                "agent keeps the final answer.",
                "handoff": "Reserved for the future handoff compiler (the subagent takes over "
                "the next response); not compiled today.",
            },
            invalid_effect="Synapse compiles only `task` definitions.",
        ),
        FieldSpec(
            "output_schema",
            "Reserved: a structured contract between future workflow nodes.",
            ("any",),
        ),
        FieldSpec("enabled", "`false`: the definition is skipped when compiling.", ("boolean",)),
    )
}

TRAPS = tuple(
    Trap("tool-unavailable", "tools", message, tool=tool) for tool, message in NEVER_GRANTED.items()
)


def listed(doc: AgentDocument, key: str) -> list[str] | None:
    """The string entries of the list ``key``; None when it is not a list."""
    node = doc.field_value(key)
    if node is None or node.kind != "seq":
        return None
    return [str(e.value) for e in node.value if e.kind == "str"]  # type: ignore[union-attr]


def granted_tools(doc: AgentDocument) -> tuple[str, ...] | None:
    """What Synapse exposes (before the settings' exclusions), where it differs from what
    ``tools`` lists; None for a shape the document does not describe."""
    node = doc.field_value("tools")
    denied = listed(doc, "disallowed_tools")
    if denied is None and doc.field_value("disallowed_tools") is not None:
        return None
    names = listed(doc, "tools")
    if node is None or node.kind == "null":
        offered: list[str] = [*MAIN_TOOLS, *FRAMEWORK_TOOLS]
    elif names is None:
        return None
    else:
        offered = names if node.value else list(FRAMEWORK_TOOLS)
    usable = set(MAIN_TOOLS) | set(FRAMEWORK_TOOLS)
    granted = tuple(dict.fromkeys(t for t in offered if t in usable and t not in (denied or ())))
    return None if names and list(granted) == names else granted


def not_compiled(doc: AgentDocument, name: str | None) -> Verdict | None:
    """``enabled: false`` and an ``ownership`` other than ``task`` are skipped when compiling."""
    if doc.is_false("enabled"):
        reason = "`enabled: false`: Synapse does not compile this definition"
        return Verdict(False, name, reason, "ignored", HARNESS, deliberate=True)
    ownership = doc.field_value("ownership")
    if ownership is None or ownership.kind == "null" or ownership.value == "task":
        return None
    if ownership.value == "handoff":
        reason = "`ownership: handoff` is reserved; Synapse compiles only `task` definitions today"
        return Verdict(False, name, reason, "ignored", HARNESS, ownership.span, deliberate=True)
    written = doc.source(ownership.span).strip()
    reason = f"`ownership` is `{written}`, not `task`; Synapse compiles only `task` definitions"
    return Verdict(False, name, reason, "ignored", HARNESS, ownership.span)


def synapse_verdict(doc: AgentDocument, findings: list[Finding]) -> Verdict:
    name = field_name("name")(doc)
    errors = [f for f in findings if f.severity is Severity.ERROR]
    if errors:
        first = min(errors, key=lambda f: f.span.start)
        reason = f"Synapse skips this file and logs a warning: {first.message}"
        return Verdict(False, None, reason, "ignored", HARNESS, first.span)
    skipped = not_compiled(doc, name)
    if skipped is not None:
        return skipped
    return Verdict(True, name, None, "loads", HARNESS, tools=granted_tools(doc))


EVIDENCE = Evidence(model=r"[\w.-]+:[\w.:-]+")
"""Its document's ``provider:model-name`` ids; its tools are ``known_tools``."""


DIALECT = Dialect(
    id="synapse",
    evidence=EVIDENCE,
    harness=HARNESS,
    summary="Synapse subagents in `.synapse/agents/` (user and project level) and the "
    "`AGENT_CUSTOM_AGENTS_DIRS` folders.",
    identity="`name`; the later source wins (project over user).",
    folders=(Folder((".synapse", "agents")),),
    fields=FIELDS,
    name_must_match_stem=False,
    tools_empty_means_none=False,
    tools_doc=(
        "In Synapse `tools` absent or null inherits the main agent's default tools "
        "(`find_files`, `search_files`, `patch`) plus the framework's tools; `[]` keeps only "
        'the framework\'s tools (legacy, not "no tools"); a list is the final strict '
        "whitelist. `ls`, `glob`, `grep`, `write_todos`, `todo_write`, `todos` and the names "
        "in `disallowed_tools` are never exposed; the settings (`excluded_tools`, "
        "`minimal_filesystem_tools`, `readonly`) can exclude more."
    ),
    unknown_key_effect="its document does not say what Synapse does with it.",
    invalid_severity=Severity.WARNING,
    invalid_effect="The Synapse document lists no other value and does not say what Synapse "
    "does with one.",
    known_tools=frozenset({*MAIN_TOOLS, *FRAMEWORK_TOOLS, *NEVER_GRANTED}),
    tool_patterns=False,
    tool_docs=TOOL_DOCS,
    traps=TRAPS,
    denylist="disallowed_tools",
    tools_empty_note=(
        "`tools: []` is Synapse's legacy setting: it keeps the framework's tools (`read_file`, "
        "`write_file`, `edit_file`, `execute`) and inherits none of the main agent's "
        "(`find_files`, `search_files`, `patch`). To inherit the default tools, as the "
        "built-in tester now does, remove `tools` or write `tools: null`; to choose the tools, "
        "list them."
    ),
    conventions_of="the Harness Subagents format",
    body_empty_effect="The body is empty: Synapse's document marks the body (正文) required, as "
    "the subagent's system prompt, so Synapse skips the file.",
    key_notes={
        "disallowedTools": "Synapse's denylist is `disallowed_tools`; its document does not "
        "say what Synapse does with `disallowedTools`, so do not count on it to deny a tool.",
        "permissions": "Synapse does not expose `permissions` (deepagents' "
        "FilesystemPermission is incompatible with its shell backend); isolation comes from "
        "excluding tools and from the system prompt, not from an OS sandbox.",
    },
    severity={
        "name-charset": Severity.HINT,
        "name-hyphen": Severity.HINT,
        "description-length": Severity.WARNING,
        "body-length": Severity.HINT,
        "body-empty": Severity.ERROR,
        "duplicate-key": Severity.WARNING,
        "frontmatter-fence": Severity.HINT,
        "tools-empty": Severity.INFO,
    },
    verdict=synapse_verdict,
)
