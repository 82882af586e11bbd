"""The zut dialect (named subagent profiles in ``~/.agents/agents/``, ``~/.pi/agent/agents/`` and
``ZUT_AGENT_PROFILES`` folders): ``name`` falls back to the file name."""

from __future__ import annotations

from subagent_ls.dialects.model import Dialect, FieldSpec, Folder
from subagent_ls.dialects.verdicts import field_name, first_error_verdict
from subagent_ls.engine.document import AgentDocument

HARNESS = "zut"
LEVELS = ("off", "minimum", "low", "medium", "high", "xhigh", "max")
LEVEL_DOCS = {level: f"Reasoning level `{level}`." for level in LEVELS}

FIELDS = {
    spec.key: spec
    for spec in (
        FieldSpec(
            "name", "Name passed to `subagent_spawn`; falls back to the file name.", ("string",)
        ),
        FieldSpec("description", "Short description shown to the main agent.", ("string",)),
        FieldSpec(
            "tools",
            "Comma-separated or list of tool names; zut enforces `read`, `write`, `edit`, "
            "`bash`, `lsp` (and `skill` when skills are on). Unknown names grant nothing.",
            ("string-list", "string"),
        ),
        FieldSpec(
            "model",
            "A model id; `provider/model` selects both.",
            ("string",),
        ),
        FieldSpec("provider", "A provider for a model without a provider prefix.", ("string",)),
        FieldSpec(
            "thinking", "Reasoning level (alias of `reasoning`).", ("string",), values=LEVEL_DOCS
        ),
        FieldSpec("reasoning", "Reasoning level.", ("string",), values=LEVEL_DOCS),
        FieldSpec(
            "systemPromptMode",
            "How the body relates to the built-in identity.",
            ("string",),
            values={
                "append": "Append the body to the built-in identity (default).",
                "replace": "Replace the built-in identity with the body.",
            },
            default="append",
        ),
        FieldSpec(
            "inheritProjectContext",
            "`false` omits `AGENTS.md` context.",
            ("boolean",),
            default="true",
        ),
        FieldSpec("inheritSkills", "`false` omits skill discovery.", ("boolean",), default="true"),
        FieldSpec(
            "fastMode",
            "Omit to inherit the host's setting; `false` disables fast mode; `true` only "
            "permits it when the host allows it.",
            ("boolean",),
        ),
    )
}


def stem_name(doc: AgentDocument) -> str:
    return DIALECT.stem(doc.path)


DIALECT = Dialect(
    id="zut",
    harness=HARNESS,
    summary="zut named subagent profiles (`~/.pi/agent/agents/`, `ZUT_AGENT_PROFILES`).",
    identity="`name`, else the file name without `.md`.",
    folders=(Folder((".pi", "agent", "agents")), Folder((".agents", "agents"))),
    fields=FIELDS,
    name_must_match_stem=False,
    tools_empty_means_none=True,
    unknown_key_effect="zut ignores frontmatter it has no setting for.",
    known_tools=frozenset({"read", "write", "edit", "bash", "lsp", "skill"}),
    severity={"name-charset": None, "name-hyphen": None, "name-length": None},
    verdict=first_error_verdict(HARNESS, field_name("name", fallback=stem_name)),
)
