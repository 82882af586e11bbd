"""The base dialect: the Harness Subagents format (``.agents/agents/``)."""

from __future__ import annotations

from subagent_ls.core.findings import Severity
from subagent_ls.core.verdict import format_verdict
from subagent_ls.harnesses.model import Dialect, FieldSpec, Folder

COMPLEXITY_TIERS = {
    "mundane": (
        "One fully specified step, where the spec decides every choice.",
        "Find every TODO comment and list them",
    ),
    "routine": (
        "A prescribed procedure with light branching and local reads.",
        "Run the test suite and report pass/fail grouped by root cause",
    ),
    "interpreting": (
        "Mixed evidence to weigh, prose quality that matters, or a plan that already decides "
        "the approach.",
        "Summarize this RFC thread and call out the contested trade-offs",
    ),
    "judgment": (
        "Diagnosis, unfamiliar code, trade-offs, or open-ended work with no ready procedure.",
        "Find why checkout intermittently double-charges; no reproducer exists",
    ),
    "critical": (
        "A live or irreversible state change, long-horizon orchestration, or design others "
        "will build on.",
        "Plan the billing-schema migration under live traffic",
    ),
}

TIER_USE = (
    "What a harness does with the tier: it maps the tier to the models and reasoning effort it "
    "has (the tier is not a model size or an effort setting, and the same tier may land on "
    "different models in different harnesses). The description adjusts within the tier: the "
    "scope, risk and ambiguity it describes tell the harness how far up or down the tier to "
    "lean. The tier is a suggestion, not a requirement: a harness may override it per task "
    "based on its model lineup, availability or cost policy."
)
"""What the format's document says of every tier (§complexity field), shown with each."""

FIELDS = {
    spec.key: spec
    for spec in (
        FieldSpec(
            "name",
            "Identifies the subagent. 1-64 characters: lowercase letters, digits and hyphens, "
            "no leading, trailing or consecutive hyphens. Must equal the file name without `.md`.",
            ("string",),
            required=True,
        ),
        FieldSpec(
            "description",
            "What the subagent does and when a parent should delegate to it (1-1024 "
            "characters). The only part of the file a parent reads before delegating.",
            ("string",),
            required=True,
        ),
        FieldSpec(
            "complexity",
            "The kind of work, from least to most demanding; the harness maps it to a model "
            "and effort. When omitted, the harness judges from the whole file.",
            ("string",),
            values={
                tier: f"Suited for: {suited}\n\nExample: “{example}”\n\n{TIER_USE}"
                for tier, (suited, example) in COMPLEXITY_TIERS.items()
            },
            unknown_value_code="complexity-unknown",
        ),
        FieldSpec(
            "tools",
            "Whitelist of tool names, or a boolean: `true` all tools, `false` none. An empty "
            "list means `false`. Absent: inherits the parent's tools. (Experimental.)",
            ("string-list", "boolean"),
            default="inherit the parent's tools",
            shape_code="tools-format",
        ),
        FieldSpec(
            "metadata",
            "A map from string keys to string values for properties the format does not "
            "define, such as provider-specific model routing.",
            ("map",),
        ),
    )
}

DIALECT = Dialect(
    id="harness-subagents",
    harness="the Harness Subagents format",
    summary="The harness-neutral base format: `name` equals the file name.",
    identity="the file name without `.md`, which `name` must equal.",
    folders=(Folder((".agents", "agents")),),
    fields=FIELDS,
    tools_doc=(
        "In the base format `tools` is a whitelist of tool names or a boolean: `true` all "
        "tools, `false` none; `[]` means `false`; absent inherits the parent's tools."
    ),
    key_notes={
        "model": "the format has no model field: a harness derives the model and effort from "
        "`complexity`, the description and its own policy; routing configuration for a harness "
        "that routes across providers belongs in `metadata`.",
    },
    body_empty_effect="The body is empty: the harness gives the body to the subagent as its "
    "system prompt, so this subagent runs with only the task its parent sends.",
    severity={
        "harness-skip": None,
        "body-empty": Severity.INFO,  # the format's own examples are frontmatter only
        "tools-empty": Severity.INFO,  # the format defines `[]` as `false`: a note for clarity
    },
    verdict=format_verdict,
)
