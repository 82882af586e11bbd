"""The zut dialect (named subagent profiles in ``~/.agents/agents/``, the ``ZUT_AGENT_PROFILES``
folders and the ``~/.pi/agent/agents/`` fallback), as its document describes them: ``name``
falls back to the file name, ``tools`` is split at commas, unknown tool names grant nothing.

The document gives no limits, required fields or reasons to refuse a profile. A value outside
what it lists is a warning (it does not say what zut does with one); only a file whose
frontmatter block cannot be read is not loaded."""

from __future__ import annotations

from subagent_ls.core.document import AgentDocument
from subagent_ls.core.findings import Finding, Severity
from subagent_ls.core.verdict import Verdict
from subagent_ls.harnesses.common.tools import tool_names
from subagent_ls.harnesses.common.verdicts import field_name
from subagent_ls.harnesses.model import NAME_IS_FREE, Dialect, Evidence, FieldSpec, Folder, Trap

HARNESS = "zut"
LEVELS = ("off", "minimum", "low", "medium", "high", "xhigh", "max")
REGISTRY = ("read", "write", "edit", "bash", "lsp")
SKILL_DOC = (
    "The conditional `skill` tool: available when skills are enabled; `inheritSkills: false` "
    "(or `--no-skill` for a run) omits it."
)

FIELDS = {
    spec.key: spec
    for spec in (
        FieldSpec(
            "name",
            "Name passed to `subagent_spawn`'s `agent` field. Falls back to the file name.",
            ("string",),
        ),
        FieldSpec("description", "Short description shown to the main agent.", ("string",)),
        FieldSpec(
            "tools",
            "Comma-separated or list-form tool names. zut enforces its built-in `read`, "
            "`write`, `edit`, `bash` and `lsp` registry; the conditional `skill` tool is "
            "available when skills are enabled. Unknown names do not grant capabilities.",
            ("string-list", "string"),
        ),
        FieldSpec(
            "model",
            "Optional model ID. A qualified value such as `openai-codex/gpt-5.6-luna` selects "
            "both provider and model.",
            ("string",),
        ),
        FieldSpec(
            "provider",
            "Optional separate provider ID for a model without a provider prefix.",
            ("string",),
        ),
        FieldSpec(
            "thinking",
            "Optional reasoning level; an alias for `reasoning`. A named spawn that gives no "
            "reasoning level of its own uses the profile's `thinking` value.",
            ("string",),
            values=dict.fromkeys(LEVELS, ""),
        ),
        FieldSpec(
            "reasoning",
            "Optional reasoning level (`thinking` is an alias).",
            ("string",),
            values=dict.fromkeys(LEVELS, ""),
        ),
        FieldSpec(
            "systemPromptMode",
            "How the profile's body stands relative to zut's built-in identity. Global append "
            "addenda stay present in both modes.",
            ("string",),
            values={
                "append": "The body is added to the built-in identity (the default).",
                "replace": "The body replaces the built-in identity; global append addenda, "
                "such as enabled Ponytail coding guidance, remain present.",
            },
            default="append",
        ),
        FieldSpec(
            "inheritProjectContext",
            "Set to `false` to omit `AGENTS.md` context from the child.",
            ("boolean",),
        ),
        FieldSpec(
            "inheritSkills",
            "Set to `false` to omit skill discovery and the conditional `skill` loader from the "
            "child; `--no-skill` has the same effect for a run.",
            ("boolean",),
        ),
        FieldSpec(
            "fastMode",
            "Optional fast-mode restriction. Omit it to inherit the host setting; `false` "
            "disables fast mode for this profile; `true` only permits fast mode when the host "
            "setting is enabled.",
            ("boolean",),
        ),
    )
}

SPAWN_ONLY = "it is a `subagent_spawn` parameter, not profile metadata, so a profile cannot set it."
KEY_NOTES = {
    "isolation": 'it is a `subagent_spawn` parameter (`isolation:"worktree"`), not profile '
    "metadata, so a profile cannot set it.",
    "max_turns": "it is a field of `subagent_spawn` and of the persisted `subagents` config, "
    "not profile metadata, so a profile cannot set it.",
    "task": SPAWN_ONLY,
    "agent": SPAWN_ONLY,
}

FAST_MODE_FAILS = (
    "This profile's provider is not OpenAI and it does not opt out of fast mode, which it "
    "inherits from the host: while the host's fast mode is on, the child fails to spawn "
    "(non-OpenAI child providers return an unsupported-provider error instead of silently "
    "ignoring an enabled setting). `fastMode: false` opts out."
)
NOT_OPENAI = r"(?i)(?!.*openai)\S.*"
"""A provider id that is not OpenAI's (``openai``, ``openai-codex``, ...)."""
QUALIFIED = r"[^/]+/.+"

TRAPS = (
    Trap(
        "setting-unsupported",
        "fastMode",
        FAST_MODE_FAILS,
        value="true",
        absent_too=True,
        also=(("model", r"(?i)(?![^/]*openai)[^/\s]+/.+"),),
        fix_value="false",
    ),
    Trap(
        "setting-unsupported",
        "fastMode",
        FAST_MODE_FAILS,
        value="true",
        absent_too=True,
        also=(("provider", NOT_OPENAI), ("model", r"[^/]+")),
        fix_value="false",
    ),
    Trap(
        "field-no-effect",
        "fastMode",
        "`fastMode: true` does nothing: it only permits fast mode when the host setting is "
        "enabled, which is what omitting it does, and it cannot enable fast mode when the host "
        "setting is off.",
        value="true",
    ),
    Trap(
        "field-no-effect",
        "provider",
        "`provider` is for a model without a provider prefix; this `model` is qualified "
        "(`provider/model`) and selects both provider and model.",
        also=(("model", QUALIFIED),),
    ),
    Trap(
        "tool-unavailable",
        "tools",
        "`skill` is never available to this profile: `inheritSkills: false` omits the "
        "conditional `skill` loader from the child.",
        tool="skill",
        also=(("inheritSkills", "false"),),
    ),
    Trap(
        "tool-unavailable",
        "tools",
        "`subagent_spawn` is never available to a profile: recursive child spawning is "
        "disabled in v1, so a worker cannot invoke `subagent_spawn`.",
        tool="subagent_spawn",
    ),
)

UNREADABLE = frozenset(
    {
        "file-unreadable",
        "frontmatter-missing",
        "frontmatter-unclosed",
        "yaml-syntax",
        "frontmatter-not-mapping",
    }
)
"""The findings that leave zut no frontmatter block to read."""


def stem_name(doc: AgentDocument) -> str:
    return DIALECT.stem(doc.path)


def granted_tools(doc: AgentDocument) -> tuple[str, ...] | None:
    """The listed names zut grants (its registry, and ``skill`` unless ``inheritSkills:
    false``), where that differs from what ``tools`` lists; None when it is the list."""
    node = doc.field_value("tools")
    if node is None:
        return None
    listed = [tool.name for tool in tool_names(node, on_spaces=False)]
    usable = set(REGISTRY) | (set() if doc.is_false("inheritSkills") else {"skill"})
    granted = tuple(dict.fromkeys(name for name in listed if name in usable))
    return None if list(granted) == listed else granted


def zut_verdict(doc: AgentDocument, findings: list[Finding]) -> Verdict:
    unreadable = [f for f in findings if f.code in UNREADABLE and f.severity is Severity.ERROR]
    if unreadable:
        first = min(unreadable, key=lambda f: f.span.start)
        reason = f"a profile is a Markdown file with a frontmatter block: {first.message}"
        return Verdict(False, None, reason, "ignored", HARNESS, first.span)
    name = field_name("name", fallback=stem_name)(doc)
    return Verdict(True, name, None, "loads", HARNESS, tools=granted_tools(doc))


EVIDENCE = Evidence(model=r"[^/\s]+/\S+")
"""Its document's qualified model ids (``provider/model``); its tools are ``known_tools``."""


DIALECT = Dialect(
    id="zut",
    evidence=EVIDENCE,
    harness=HARNESS,
    summary="zut named subagent profiles (`~/.agents/agents/`, the `ZUT_AGENT_PROFILES` "
    "folders, the `~/.pi/agent/agents/` fallback).",
    identity="`name`, else the file name without `.md`.",
    folders=(Folder((".pi", "agent", "agents")), Folder((".agents", "agents"))),
    fields=FIELDS,
    name_must_match_stem=False,
    tools_empty_means_none=False,
    tools_doc=(
        "In zut `tools` is comma-separated or a list; zut grants only the names of its "
        "registry (`read`, `write`, `edit`, `bash`, `lsp`, and `skill` when skills are "
        "enabled). Unknown names do not grant capabilities."
    ),
    unknown_key_effect="zut ignores frontmatter from another agent host when it has no "
    "equivalent setting (its document does not list the equivalents).",
    invalid_severity=Severity.WARNING,
    invalid_effect="The zut document does not say what zut does with such a value.",
    known_tools=frozenset({*REGISTRY, "skill"}),
    tool_docs={"skill": SKILL_DOC},
    tools_split_on_spaces=False,
    traps=TRAPS,
    key_notes=KEY_NOTES,
    body_empty_effect="The body is empty: the child gets no instructions of its own, only zut's "
    "built-in identity (none with `systemPromptMode: replace`) and the global append addenda.",
    severity={
        **NAME_IS_FREE,
        "description-length": None,
        "description-vague": None,  # its own example says `Read-only code reviewer`
        "body-length": None,  # 500 lines is the base format's sentence only
        "duplicate-key": Severity.WARNING,
    },
    verdict=zut_verdict,
)
