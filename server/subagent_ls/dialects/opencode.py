"""The OpenCode dialect (``.opencode/agent(s)/**``): a schema violation in one file makes OpenCode
refuse the whole configuration; YAML it cannot parse is dropped and the file loads bare."""

from __future__ import annotations

import os

from subagent_ls.dialects.model import NAME_IS_FREE, Dialect, FieldSpec, Folder
from subagent_ls.dialects.verdicts import field_name
from subagent_ls.engine.document import AgentDocument
from subagent_ls.engine.findings import Finding, Severity
from subagent_ls.engine.frontmatter import Span
from subagent_ls.engine.verdict import Verdict

HARNESS = "OpenCode"
BREAKS = "OpenCode refuses to load the whole configuration because of it (first error only)."
FOLDERS = (
    Folder((".opencode", "agent"), recursive=True),
    Folder((".opencode", "agents"), recursive=True),
    Folder((".config", "opencode", "agent"), recursive=True),
    Folder((".config", "opencode", "agents"), recursive=True),
)
THEME_COLORS = ("primary", "secondary", "accent", "success", "warning", "error", "info")
PERMISSION_ACTIONS = {
    "allow": "Run without asking.",
    "ask": "Ask before running.",
    "deny": "Never run.",
}

FIELDS = {
    spec.key: spec
    for spec in (
        FieldSpec(
            "description",
            "What the agent does and when to use it. Optional in OpenCode.",
            ("string",),
        ),
        FieldSpec(
            "mode",
            "Where the agent can be used.",
            ("string",),
            values={
                "subagent": "Only as a subagent, invoked by other agents or with @name.",
                "primary": "Only as a primary agent you switch to.",
                "all": "Both (the default).",
            },
            default="all",
        ),
        FieldSpec("model", "The model as `provider/model`.", ("string",), pattern=r"\S+"),
        FieldSpec("temperature", "Sampling temperature.", ("number",)),
        FieldSpec("top_p", "Nucleus sampling.", ("number",)),
        FieldSpec("steps", "The most agentic iterations.", ("integer",), positive=True),
        FieldSpec("maxSteps", "Older name of `steps`.", ("integer",), positive=True),
        FieldSpec(
            "tools",
            "A map from tool name to `true`/`false` (`write: false`); not a list or a string.",
            ("bool-map",),
            shape_code="tools-format",
        ),
        FieldSpec(
            "permission",
            "`allow`, `ask` or `deny`, or a map from tool (and pattern) to one of them.",
            ("string", "map"),
            values=PERMISSION_ACTIONS,
        ),
        FieldSpec(
            "color",
            "The agent's colour: `#RRGGBB` or a theme colour.",
            ("string",),
            values={c: f"The theme's {c} colour." for c in THEME_COLORS},
            pattern=r"#[0-9a-fA-F]{6}",
        ),
        FieldSpec("hidden", "Hide the agent from the @ menu.", ("boolean",), default="false"),
        FieldSpec("disable", "Turn the agent off.", ("boolean",), default="false"),
        FieldSpec("prompt", "The system prompt, instead of the body.", ("string",)),
        FieldSpec("variant", "The model variant.", ("string",)),
        FieldSpec("options", "Extra options passed to the model provider.", ("map",)),
        FieldSpec(
            "name",
            "Overrides the agent's name, which is otherwise its path below the agent folder.",
            ("string", "integer", "number", "boolean"),
        ),
    )
}


def path_name(doc: AgentDocument) -> str:
    """``sub/nested`` for ``.opencode/agent/sub/nested.md``; the file stem elsewhere."""
    for folder in FOLDERS:
        relative = folder.relative_name(doc.path)
        if relative:
            return relative
    return os.path.basename(doc.path).removesuffix(".md")


SCHEMA_CODES = frozenset({"field-type", "value-unknown", "tools-format"})
"""The findings that are schema violations for OpenCode (duplicate keys, a missing or unclosed
frontmatter are not: it keeps the last value, or loads the file without frontmatter)."""


def _null_field(doc: AgentDocument) -> Span | None:
    """OpenCode's schema accepts a missing field, never an empty (null) one."""
    for key, item in doc.fields.items():
        if key in FIELDS and item.value.kind == "null":
            return item.key.span
    return None


def opencode_verdict(doc: AgentDocument, findings: list[Finding]) -> Verdict:
    name = field_name("name", fallback=path_name)(doc)
    if doc.layout.opening is None or doc.layout.closing is None:
        note = "OpenCode finds no frontmatter and loads the file in mode `all` with no description."
        return Verdict(True, name, None, "degraded", HARNESS, note=note)
    if doc.yaml.error is not None or (doc.yaml.root and doc.yaml.root.kind != "map"):
        note = (
            "OpenCode cannot read this frontmatter, drops it and loads the file in mode `all` "
            "with no description."
        )
        return Verdict(True, name, None, "degraded", HARNESS, note=note)
    broken = [f for f in findings if f.severity is Severity.ERROR and f.code in SCHEMA_CODES]
    if broken:
        first = min(broken, key=lambda f: f.span.start)
        reason = f"it refuses the whole configuration: {first.message}"
        return Verdict(False, None, reason, "breaks-configuration", HARNESS, first.span)
    if (null := _null_field(doc)) is not None:
        key = doc.source(null)
        reason = f"it refuses the whole configuration: `{key}` is empty (null), not a value"
        return Verdict(False, None, reason, "breaks-configuration", HARNESS, null)
    if doc.is_true("disable"):
        reason = "`disable: true` turns the agent off"
        return Verdict(False, name, reason, "ignored", HARNESS, deliberate=True)
    return Verdict(True, name, None, "loads", HARNESS)


DIALECT = Dialect(
    id="opencode",
    harness="OpenCode",
    summary="OpenCode agents in `.opencode/agent/` or `.opencode/agents/` (recursive).",
    identity="the path below the agent folder without `.md` (`sub/nested`); `name` overrides it.",
    folders=FOLDERS,
    fields=FIELDS,
    name_must_match_stem=False,
    tools_empty_means_none=False,
    tools_doc=(
        "In OpenCode `tools` is a map from tool name to `true`/`false`; a list or a string "
        "breaks the whole configuration."
    ),
    unknown_key_effect="OpenCode passes it to the model provider as an option.",
    invalid_effect=BREAKS,
    severity={
        **NAME_IS_FREE,
        "description-length": Severity.INFO,
        "body-empty": Severity.WARNING,
        "frontmatter-missing": Severity.WARNING,
        "frontmatter-unclosed": Severity.WARNING,
        "frontmatter-not-mapping": Severity.WARNING,
        "duplicate-key": Severity.WARNING,
    },
    verdict=opencode_verdict,
)
