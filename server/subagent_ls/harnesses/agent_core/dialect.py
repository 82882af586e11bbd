"""The agent-core dialect (package ``agents/*.md`` and synced folders such as ``.claude/agents/``),
as its document describes it: a file is an agent only when its frontmatter declares an ``id``
or a ``name``; without one it is reference prose, indexed but never listed or summoned. A
persona's ``allowed-tools`` is a ceiling: absent inherits the caller's tools, ``[]`` gives none.

The document names the header fields (``id``, ``title``, ``description``, ``context: fork``)
but gives them no types, values or limits, so none is checked; ``allowed-tools`` is a list."""

from __future__ import annotations

from subagent_ls.core.document import AgentDocument
from subagent_ls.core.findings import Finding, Severity
from subagent_ls.core.verdict import Verdict
from subagent_ls.harnesses.common.verdicts import field_name
from subagent_ls.harnesses.model import NAME_IS_FREE, Dialect, FieldSpec, Trap

HARNESS = "agent-core"
HEADER = (
    "A field of an agent definition's frontmatter header (`id`, `title`, `description`, "
    "`context: fork`)."
)

FIELDS = {
    spec.key: spec
    for spec in (
        FieldSpec(
            "id",
            "Declares the file an agent; `delegate` reaches it by this name (suffixed with its "
            "source when it would collide with a built-in). A contribution is addressed by its "
            "package, its category and its id.",
            ("any",),
        ),
        FieldSpec(
            "name",
            "Declares the file an agent when it has no `id`; it is then reachable by that name.",
            ("any",),
        ),
        FieldSpec("title", HEADER, ("any",)),
        FieldSpec(
            "description",
            f"{HEADER} The frontmatter is configuration, parsed and applied rather than "
            "pasted into the prompt.",
            ("any",),
        ),
        FieldSpec(
            "context",
            f"{HEADER} The document shows `context: fork` and says nothing of its values.",
            ("any",),
            values={"fork": ""},
            open_values=True,
        ),
        FieldSpec(
            "allowed-tools",
            "A persona's ceiling on the tools a `delegate` call may grant: the call can only "
            "narrow it. Omitted: the agent inherits the caller's full tool set. `[]`: the "
            "child gets no tools at all.",
            ("string-list",),
        ),
    )
}

CALL_ONLY = (
    "it is a parameter of the `delegate` call, which bounds one run; in an agent file the "
    "ceiling is `allowed-tools`."
)
KEY_NOTES = {
    "tools": "it is a parameter of the `delegate` call, which bounds one run (there `tools: []` "
    "is rejected); in an agent file the ceiling is `allowed-tools`, where `[]` means no tools.",
    "blocked_tools": CALL_ONLY,
    "disabled_packages": CALL_ONLY,
}

TRAPS = (
    Trap(
        "tool-grants-more",
        "allowed-tools",
        "Leaving out `fs_write` does not make this agent read-only: `execute` runs a shell that "
        "can write anywhere the session's URI policies allow. Leave out `execute` too where the "
        "restriction must hold.",
        tool="execute",
        unless_tool="fs_write",
    ),
)

TOOL_DOCS = {
    "execute": "Runs a shell that can write anywhere the session's URI policies allow; its "
    "skill action reaches skills.",
    "delegate": "Spawns a child agent runtime with its own complete agentic loop.",
}

UNREADABLE = frozenset({"file-unreadable", "yaml-syntax", "frontmatter-not-mapping"})
"""Findings that leave agent-core no frontmatter to read a declaration from."""

_named = field_name("id", "name")


def agent_core_verdict(doc: AgentDocument, findings: list[Finding]) -> Verdict:
    unreadable = [f for f in findings if f.code in UNREADABLE and f.severity is Severity.ERROR]
    if unreadable:
        first = min(unreadable, key=lambda f: f.span.start)
        reason = (
            "its frontmatter cannot be read, so it declares no `id` or `name` and agent-core "
            f"indexes it as a plain file: {first.message}"
        )
        return Verdict(False, None, reason, "ignored", HARNESS, first.span)
    if doc.layout.opening is not None and doc.layout.closing is None:
        reason = (
            "its first `---` closes nothing, so it is prose, not a frontmatter: it declares no "
            "`id` or `name` and agent-core indexes it as a plain file"
        )
        return Verdict(False, None, reason, "ignored", HARNESS, deliberate=True)
    name = _named(doc)
    if name is None:
        reason = (
            "it declares neither `id` nor `name`, so agent-core indexes it as a plain file, "
            "never listed and never summoned"
        )
        return Verdict(False, None, reason, "ignored", HARNESS, deliberate=True)
    tools = doc.field_value("allowed-tools")
    granted = () if tools is not None and tools.kind == "seq" and not tools.value else None
    return Verdict(True, name, None, "loads", HARNESS, tools=granted)


DIALECT = Dialect(
    id="agent-core",
    harness=HARNESS,
    summary="agent-core agents (package `agents/*.md`, synced folders such as "
    "`.claude/agents/`), chosen by the harness, a setting or their fields.",
    identity="`id`, else `name`; a file with neither is prose, not an agent.",
    folders=(),
    fields=FIELDS,
    name_must_match_stem=False,
    tools_doc=(
        "agent-core reads `allowed-tools` as a ceiling a `delegate` call can only narrow: "
        "omitted, the agent inherits the caller's full tool set; `[]` hands the child no tools "
        "at all."
    ),
    unknown_key_effect="the agent-core document does not say what agent-core does with it.",
    invalid_severity=Severity.WARNING,
    invalid_effect="The agent-core document does not say what agent-core does with such a value.",
    known_tools=frozenset({"fs_write", *TOOL_DOCS}),
    tool_docs=TOOL_DOCS,
    traps=TRAPS,
    key_notes=KEY_NOTES,
    body_empty_effect="The body is empty: it replaces the base system prompt outright, so the "
    "child has no role of its own, only the rules and instructions its packages inject.",
    severity={
        **NAME_IS_FREE,
        "description-length": None,
        "duplicate-key": Severity.WARNING,
        "harness-skip": Severity.HINT,
        "frontmatter-missing": None,
        "frontmatter-unclosed": None,
        "description-vague": None,
        "body-length": None,
    },
    verdict=agent_core_verdict,
)
