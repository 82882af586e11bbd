"""The OpenCode dialect (``.opencode/agent(s)/**``), as OpenCode 1.18.33 (npm ``opencode-ai``)
loads it. How a file is read (gray-matter, its YAML repair and cache) is in
``loader.py``; this module holds the schema and the verdict.

- Folders: ``{agent,agents}/**/*.md`` below each configuration folder (``~/.config/opencode``,
  every ``.opencode`` from the project folder up, ``~/.opencode``), subfolders, files and
  folders starting with ``.`` and symbolic links included; only names ending in ``.md``.
- Name: the path below ``agent/`` or ``agents/`` without ``.md`` (``sub/nested``); a ``name``
  key of any value replaces it (``String(value)``: ``name: 123`` is ``123``, an empty one
  ``null``).
- Schema (``ConfigAgentV1``): ``description``, ``model``, ``variant`` strings;
  ``temperature``, ``top_p`` finite numbers; ``steps``, ``maxSteps`` whole numbers above 0;
  ``disable``, ``hidden`` booleans; ``mode`` one of subagent/primary/all; ``color`` ``#RRGGBB``
  or a theme colour; ``tools`` a map to booleans; ``options`` a map; ``permission`` an action
  or a map of tools to actions (or to maps of patterns to actions). A key given with an empty
  (null) value is an error too. Any error in any file refuses the whole configuration. Other
  keys go to the model provider as options; ``prompt`` is always replaced by the body.
- The model is given ``- name: description`` in the ``task`` tool for each agent that is not
  ``primary`` (hidden ones too), with a stand-in text when there is no description.
"""

from __future__ import annotations

import math
import os
import re

from subagent_ls.core.document import AgentDocument
from subagent_ls.core.findings import Finding, Severity, excerpt
from subagent_ls.core.frontmatter import Span
from subagent_ls.core.verdict import Outcome, Verdict
from subagent_ls.core.yamltree import Kind, MapItem, YamlNode
from subagent_ls.harnesses.model import (
    NAME_IS_FREE,
    Dialect,
    Evidence,
    FieldSpec,
    Folder,
    parent_segments,
)
from subagent_ls.harnesses.opencode.loader import JsType, Loaded, js_string, js_value, load
from subagent_ls.harnesses.opencode.mcp import opencode_mcp_reference
from subagent_ls.harnesses.opencode.references import task_patterns

HARNESS = "OpenCode"
VERSION = "1.18.33"
BREAKS = "OpenCode refuses to load the whole configuration because of it (first error only)."
AGENT_FOLDERS = tuple(
    Folder((*base, sub), recursive=True)
    for base in ((".opencode",), (".config", "opencode"))
    for sub in ("agent", "agents")
)
MODE_FOLDERS = tuple(
    Folder((*base, sub))
    for base in ((".opencode",), (".config", "opencode"))
    for sub in ("mode", "modes")
)
"""``{mode,modes}/*.md``: primary agents; a file the schema refuses is left out without a word."""
FOLDERS = AGENT_FOLDERS + MODE_FOLDERS
THEME_COLORS = ("primary", "secondary", "accent", "success", "warning", "error", "info")
PERMISSION_ACTIONS = {
    "allow": "Run without asking.",
    "ask": "Ask before running.",
    "deny": "Never run.",
}
UNDESCRIBED = "This subagent should only be called manually by the user."
"""What the model is given for an agent that is not ``primary`` and has no description."""

FIELDS = {
    spec.key: spec
    for spec in (
        FieldSpec(
            "description",
            "What the agent does and when to use it. Optional: without it the model is told "
            f"“{UNDESCRIBED}”",
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
        FieldSpec(
            "model",
            "The model the agent runs on, as `provider/model` (`anthropic/claude-sonnet-4-5`); "
            "absent: the model of the session. OpenCode checks it only when the agent runs: a "
            "provider without credentials or a model it does not have ends the agent with "
            "`Model not found: …`.",
            ("string",),
            pattern=r"[^/]+/.+",
            pattern_says="`provider/model`",
            invalid_severity=Severity.WARNING,
            invalid_effect="OpenCode splits it at the first `/` into provider and model, so it "
            "names no model: running the agent fails with `Model not found`.",
        ),
        FieldSpec("temperature", "Sampling temperature.", ("number",)),
        FieldSpec("top_p", "Nucleus sampling.", ("number",)),
        FieldSpec("steps", "The most agentic iterations.", ("integer",), positive=True),
        FieldSpec("maxSteps", "Older name of `steps`.", ("integer",), positive=True),
        FieldSpec(
            "tools",
            "A map from tool name to `true`/`false` (`write: false`); not a list or a string. "
            "`write`, `edit` and `patch` are one switch: the last of them given decides all "
            "three.",
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
        FieldSpec(
            "hidden",
            "Hide the agent from the @ menu (the model is still offered it).",
            ("boolean",),
            default="false",
        ),
        FieldSpec("disable", "Turn the agent off.", ("boolean",), default="false"),
        FieldSpec(
            "prompt",
            "Not used in a file: OpenCode always takes the body as the prompt.",
            ("string",),
        ),
        FieldSpec("variant", "The model variant.", ("string",)),
        FieldSpec("options", "Extra options passed to the model provider.", ("map",)),
        FieldSpec(
            "name",
            "Replaces the agent's name, which is otherwise its path below the agent folder. "
            "Any value is taken as text (`name: 123` is `123`).",
            ("string", "integer", "number", "boolean", "null", "list", "map"),
        ),
    )
}


def is_mode_file(doc: AgentDocument) -> bool:
    """Whether ``doc`` is in a ``mode/`` or ``modes/`` folder (and in no agent folder)."""
    parents = parent_segments(doc.path)
    return not any(f.holds(parents) for f in AGENT_FOLDERS) and any(
        f.holds(parents) for f in MODE_FOLDERS
    )


_ENGINE_KINDS: dict[JsType, Kind] = {
    "string": "str",
    "boolean": "bool",
    "null": "null",
    "date": "timestamp",
    "array": "seq",
    "object": "map",
}


def js_kind(doc: AgentDocument, node: YamlNode) -> Kind:
    """The engine's kind for what js-yaml 3 reads ``node`` as (``010`` an integer, ``1:30``
    the integer 90, ``0o17`` a string), so that the type rules follow OpenCode."""
    kind, value = js_value(node, doc.text)
    if kind == "number":
        return "int" if float(value).is_integer() else "float"  # type: ignore[arg-type]
    return _ENGINE_KINDS[kind]


def path_name(doc: AgentDocument) -> str:
    """``sub/nested`` for ``.opencode/agent/sub/nested.md``; the file stem elsewhere."""
    for folder in FOLDERS:
        relative = folder.relative_name(doc.path)
        if relative:
            return relative
    return os.path.basename(doc.path).removesuffix(".md")


ACTIONS = tuple(PERMISSION_ACTIONS)
ACTION_ONLY = frozenset({"todowrite", "question", "webfetch", "websearch", "doom_loop"})
"""Permission keys that take an action only, not a map of patterns."""
_HEX = re.compile(r"#[0-9a-fA-F]{6}")
_KIND = {"array": "a list", "object": "a map", "null": "empty (null)"}


class _Schema:
    """OpenCode's agent schema over the values js-yaml gives the frontmatter of ``source``."""

    def __init__(self, source: str) -> None:
        self.source = source

    def value(self, node: YamlNode) -> tuple[JsType, object]:
        return js_value(node, self.source)

    def error(self, key: str, node: YamlNode) -> str | None:
        """What the schema says about ``key`` (None: valid); ``name``, ``prompt`` (always
        replaced by the body) and keys it does not know take any value."""
        kind, value = self.value(node)
        what = _KIND.get(kind, f"a {kind}")
        if key in ("description", "model", "variant"):
            return None if kind == "string" else f"`{key}` must be a string, not {what}"
        if key in ("temperature", "top_p"):
            finite = kind == "number" and math.isfinite(float(value))  # type: ignore[arg-type]
            return None if finite else f"`{key}` must be a finite number, not {what}"
        if key in ("disable", "hidden"):
            return None if kind == "boolean" else f"`{key}` must be `true` or `false`, not {what}"
        if key in ("steps", "maxSteps"):
            number = float(value) if kind == "number" else 0.0  # type: ignore[arg-type]
            whole = number.is_integer() and number > 0
            return None if whole else f"`{key}` must be a whole number greater than 0"
        if key == "mode":
            valid = kind == "string" and value in FIELDS["mode"].values
            return None if valid else "`mode` must be `subagent`, `primary` or `all`"
        if key == "color":
            text = str(value)
            valid = kind == "string" and (text in THEME_COLORS or _HEX.fullmatch(text))
            return None if valid else "`color` must be `#RRGGBB` or a theme colour"
        if key == "tools":
            valid = kind == "object" and all(self.kind(i.value) == "boolean" for i in node.items)
            return None if valid else "`tools` must be a map from tool name to `true` or `false`"
        if key == "options":
            return None if kind == "object" else f"`options` must be a map, not {what}"
        if key == "permission":
            return (
                None
                if self.permission_valid(node)
                else ("`permission` must be `allow`, `ask`, `deny` or a map from tools to them")
            )
        return None

    def kind(self, node: YamlNode) -> JsType:
        return self.value(node)[0]

    def is_action(self, node: YamlNode) -> bool:
        kind, value = self.value(node)
        return kind == "string" and value in ACTIONS

    def permission_valid(self, node: YamlNode) -> bool:
        if self.is_action(node):
            return True
        if node.kind != "map":
            return False
        for item in node.items:
            if self.is_action(item.value):
                continue
            if item.name in ACTION_ONLY or item.value.kind != "map":
                return False
            if not all(self.is_action(rule.value) for rule in item.value.items):
                return False
        return True


def _name(doc: AgentDocument, fields: dict[str, MapItem], schema: _Schema) -> str:
    """``String(name)`` of the ``name`` key, else the path name."""
    item = fields.get("name")
    if item is None:
        return path_name(doc)
    kind, value = schema.value(item.value)
    if kind == "array":
        parts = [schema.value(child) for child in value]  # type: ignore[attr-defined]
        return ",".join("" if k == "null" else js_string(k, v) for k, v in parts)
    return js_string(kind, value)


def _fields(loaded: Loaded) -> dict[str, MapItem]:
    """The keys OpenCode's schema sees: a mapping's (a list or a text spreads into index keys,
    which it passes on as options)."""
    root = loaded.root
    if root is None or root.kind != "map":
        return {}
    return {item.name: item for item in root.items}


def _span(doc: AgentDocument, loaded: Loaded, key: str) -> Span | None:
    """Where ``key``'s value is in the file (the rewritten text has other offsets)."""
    item = doc.fields.get(key)
    return item.value.span if item is not None and loaded.source == doc.text else None


def _opening(doc: AgentDocument) -> Span:
    return Span(0, doc.lines.line_end(0))


def opencode_verdict(doc: AgentDocument, findings: list[Finding]) -> Verdict:
    """Predict OpenCode's handling of ``doc`` on its own (``findings`` do not change it: the
    verdict follows the loader)."""
    del findings
    if doc.unreadable is not None:
        return Verdict(False, None, f"it cannot be read ({doc.unreadable})", "ignored", HARNESS)
    loaded = load(doc.text)
    if loaded.reading == "skipped":
        reason = (
            "its YAML does not parse, OpenCode's repair (values holding `:` rewritten as block "
            "scalars) changes it and it still does not parse, so OpenCode skips the file "
            "without a word"
        )
        return Verdict(False, None, reason, "ignored", HARNESS, _opening(doc))
    schema = _Schema(loaded.source)
    fields = _fields(loaded)
    mode_file = is_mode_file(doc)
    for key, item in fields.items():
        if key in FIELDS and (problem := schema.error(key, item.value)) is not None:
            span = _span(doc, loaded, key) or _opening(doc)
            if mode_file:
                reason = f"OpenCode leaves a mode file out without a word when {problem}"
                return Verdict(False, None, reason, "ignored", HARNESS, span)
            reason = f"it refuses the whole configuration: {problem}"
            return Verdict(False, None, reason, "breaks-configuration", HARNESS, span)
    name = _name(doc, fields, schema)
    keys = _merged_keys(fields, schema, mode_file)
    if keys.get("disable") is True:
        reason = "`disable: true` turns the agent off"
        merged = tuple(keys.items())
        return Verdict(False, name, reason, "ignored", HARNESS, deliberate=True, merged=merged)
    description = described(keys.get("description"), keys.get("mode", "all"))
    return _loaded_verdict(loaded, name, description, tuple(keys.items()))


def described(description: object, mode: object) -> str | None:
    """What the model is given for an agent: its description, a stand-in when it has none,
    nothing for a primary agent (which is not offered as a subagent)."""
    if isinstance(description, str):
        return description
    return None if mode == "primary" else UNDESCRIBED


def _merged_keys(fields: dict[str, MapItem], schema: _Schema, mode_file: bool) -> dict[str, object]:
    """The keys that decide the agent when OpenCode merges its definitions across
    configuration folders: ``description``, ``mode`` and ``disable`` as the file sets them (a
    mode file is always ``primary``)."""
    keys: dict[str, object] = {"mode": "primary"} if mode_file else {}
    for key in ("description", "mode", "disable"):
        if key in fields:
            keys.setdefault(key, schema.value(fields[key].value)[1])
    return keys


_NOTES = {
    "repaired": "OpenCode repairs this YAML by rewriting the values that hold `:` as block "
    "scalars and loads the file; strict YAML parsers reject it. The description the model is "
    "given is: “{description}”",
    "none": "OpenCode finds no frontmatter and loads the file in mode `all` with no "
    "description; the whole file is the prompt.",
    "unread": "OpenCode cannot read this frontmatter, so it loads the file in mode `all` with "
    "no description, and the whole file, frontmatter included, is the prompt.",
}


def _loaded_verdict(
    loaded: Loaded, name: str, description: str | None, merged: tuple[tuple[str, object], ...]
) -> Verdict:
    outcome: Outcome = "loads"
    note = None
    if loaded.reading == "repaired":
        outcome = "repaired"
        note = _NOTES["repaired"].format(description=excerpt(description or "", 160))
    elif loaded.reading == "bare":
        outcome = "degraded"
        note = _NOTES["none" if loaded.error is None else "unread"]
    return Verdict(
        True, name, None, outcome, HARNESS, note=note, description=description, merged=merged
    )


TOOL_NAMES = (
    "bash", "edit", "glob", "grep", "list", "patch", "question", "read", "skill", "task",
    "todowrite", "webfetch", "websearch", "write",
)  # fmt: skip
"""The tool names of OpenCode 1.18.33's built-in tools (the keys of its ``tools`` map)."""
EVIDENCE = Evidence(
    tools="|".join(TOOL_NAMES),
    tools_map=True,
    model=r"[\w.-]+/[^/\s]+",
    color=r"#[0-9a-fA-F]{6}|primary|secondary|accent|success|warning|error|info",
    markers=("opencode.json", "opencode.jsonc"),
)
"""Its tool names and ``tools`` as a map of names to booleans, ``provider/model`` ids, OpenCode's
colours (``#RRGGBB`` and the theme's names), and the repository's OpenCode configuration."""


DIALECT = Dialect(
    id="opencode",
    evidence=EVIDENCE,
    harness="OpenCode",
    summary="OpenCode agents in `.opencode/agent/` or `.opencode/agents/` (recursive).",
    identity="the path below the agent folder without `.md` (`sub/nested`); `name` overrides it.",
    folders=FOLDERS,
    fields=FIELDS,
    name_must_match_stem=False,
    tools_empty_means_none=False,
    tools_doc=(
        "In OpenCode `tools` is a map from tool name to `true`/`false`; a list or a string "
        "breaks the whole configuration. `write`, `edit` and `patch` are one switch."
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
    },
    mcp_reference=opencode_mcp_reference,
    agent_references=task_patterns,
    verdict=opencode_verdict,
    verified_with=VERSION,
    scalar_kind=js_kind,
)
