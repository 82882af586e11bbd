"""The Gemini CLI dialect (``.gemini/agents/*.md``): a strict schema; unknown keys are errors."""

from __future__ import annotations

from subagent_ls.dialects.model import Dialect, FieldSpec, Folder
from subagent_ls.dialects.verdicts import field_name, first_error_verdict

HARNESS = "Gemini CLI"

FIELDS = {
    spec.key: spec
    for spec in (
        FieldSpec(
            "name",
            "The agent's name: lowercase letters, digits, `-` and `_` only.",
            ("string",),
            required=True,
        ),
        FieldSpec(
            "description", "What the agent does and when to use it.", ("string",), required=True
        ),
        FieldSpec(
            "kind",
            "The kind of agent.",
            ("string",),
            values={"local": "Runs locally.", "remote": "Runs remotely."},
        ),
        FieldSpec("display_name", "The name shown to people.", ("string",)),
        FieldSpec(
            "tools",
            "The tools the agent may use (an array).",
            ("string-list",),
            shape_code="tools-format",
        ),
        FieldSpec("model", "The model to use.", ("string",)),
        FieldSpec(
            "temperature", "Sampling temperature, 0 to 2.", ("number",), minimum=0, maximum=2
        ),
        FieldSpec("max_turns", "The most turns the agent may take.", ("integer",), positive=True),
        FieldSpec("timeout_mins", "Time limit in minutes.", ("number",), positive=True),
    )
}

DIALECT = Dialect(
    id="gemini",
    harness=HARNESS,
    summary="Gemini CLI subagents in `.gemini/agents/`.",
    identity="`name`, matching `^[a-z0-9-_]+$`.",
    folders=(Folder((".gemini", "agents")),),
    fields=FIELDS,
    name_charset="a-z0-9_-",
    name_must_match_stem=False,
    tools_empty_means_none=False,
    strict_keys=True,
    unknown_key_effect="Gemini CLI refuses the file (`Unrecognized key(s) in object`).",
    invalid_effect="Gemini CLI refuses to load the agent.",
    severity={"name-hyphen": None, "name-length": None, "description-vague": None},
    verdict=first_error_verdict(HARNESS, field_name("name")),
)
