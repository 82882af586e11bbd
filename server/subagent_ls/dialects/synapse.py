"""The Synapse dialect (``.synapse/agents/``): ``tools: []`` keeps the framework's built-in tools,
a file that fails to parse is skipped with a warning, ``enabled: false`` is not compiled."""

from __future__ import annotations

from subagent_ls.dialects.model import Dialect, FieldSpec, Folder
from subagent_ls.dialects.verdicts import field_name
from subagent_ls.engine.document import AgentDocument
from subagent_ls.engine.findings import Finding, Severity
from subagent_ls.engine.verdict import Verdict

HARNESS = "Synapse"
EFFORTS = ("off", "minimal", "low", "medium", "high", "max", "inherit")

FIELDS = {
    spec.key: spec
    for spec in (
        FieldSpec(
            "name",
            "Unique identifier; a definition named like a built-in (researcher, tester, "
            "reviewer) replaces it.",
            ("string",),
            required=True,
        ),
        FieldSpec(
            "description",
            "The routing rule: the main agent delegates by it, so name concrete triggers.",
            ("string",),
            required=True,
        ),
        FieldSpec(
            "model",
            "`inherit` or `provider:model-name`; absent inherits the main agent's model.",
            ("string",),
            values={"inherit": "Use the main agent's model."},
            pattern=r"[^:\s]+:\S+",
            default="inherit",
        ),
        FieldSpec(
            "reasoning_effort",
            "Reasoning level; absent inherits the main agent's current level.",
            ("string",),
            values={e: f"Reasoning effort `{e}`." for e in EFFORTS},
            default="inherit",
        ),
        FieldSpec(
            "tools",
            "Absent or null: inherit `find_files`/`search_files`/`patch` plus the framework's "
            "built-in tools. `[]`: the framework's built-in tools only. A list: the final, "
            "strict whitelist.",
            ("string-list", "null"),
            shape_code="tools-format",
        ),
        FieldSpec(
            "disallowed_tools",
            "Denylist applied after inheritance or the whitelist.",
            ("string-list",),
        ),
        FieldSpec(
            "ownership",
            "Who owns the next answer.",
            ("string",),
            values={
                "task": "The subagent returns a summary; the main agent answers (the only "
                "mode compiled today).",
                "handoff": "Reserved: the subagent takes over the answer. Not compiled yet.",
            },
            default="task",
        ),
        FieldSpec("output_schema", "Reserved for structured workflow contracts.", ("map",)),
        FieldSpec(
            "enabled", "`false` skips the definition when compiling.", ("boolean",), default="true"
        ),
    )
}


def synapse_verdict(doc: AgentDocument, findings: list[Finding]) -> Verdict:
    name = field_name("name")(doc)
    errors = [f for f in findings if f.severity is Severity.ERROR]
    if errors:
        first = min(errors, key=lambda f: f.span.start)
        reason = f"Synapse skips this file and logs a warning: {first.message}"
        return Verdict(False, None, reason, "ignored", HARNESS, first.span)
    if doc.is_false("enabled"):
        reason = "`enabled: false`: Synapse does not compile this definition"
        return Verdict(False, name, reason, "ignored", HARNESS, deliberate=True)
    ownership = doc.field_value("ownership")
    if ownership is not None and ownership.value == "handoff":
        reason = "`ownership: handoff` is reserved; Synapse compiles only `task` definitions today"
        return Verdict(False, name, reason, "ignored", HARNESS, ownership.span, deliberate=True)
    return Verdict(True, name, None, "loads", HARNESS)


DIALECT = Dialect(
    id="synapse",
    harness=HARNESS,
    summary="Synapse subagents in `.synapse/agents/` (user, project and custom folders).",
    identity="`name`; the later source wins (project over user).",
    folders=(Folder((".synapse", "agents")),),
    fields=FIELDS,
    name_must_match_stem=False,
    tools_empty_means_none=False,
    tools_doc=(
        "In Synapse `tools` absent or null inherits the main agent's default tools; `[]` keeps "
        'only the framework\'s built-in tools (not "no tools"); a list is a strict whitelist.'
    ),
    unknown_key_effect="Synapse ignores it.",
    severity={"name-charset": Severity.HINT, "name-hyphen": Severity.HINT, "name-mismatch": None},
    verdict=synapse_verdict,
)
