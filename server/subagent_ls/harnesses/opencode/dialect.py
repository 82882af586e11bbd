"""The OpenCode dialect (``.opencode/agent(s)/**``), as OpenCode 1.18.33 (npm ``opencode-ai``)
loads it. How a file is read (gray-matter, its YAML repair and cache) is in
``loader.py``, the schema in ``schema.py``; this module holds the verdict.

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

import os

from subagent_ls.core.document import AgentDocument
from subagent_ls.core.findings import Finding, Severity, excerpt
from subagent_ls.core.frontmatter import Span
from subagent_ls.core.verdict import Outcome, Verdict
from subagent_ls.core.yamltree import Kind, MapItem, YamlNode
from subagent_ls.harnesses.model import (
    NAME_IS_FREE,
    Dialect,
    Evidence,
    Folder,
    parent_segments,
)
from subagent_ls.harnesses.opencode.loader import JsType, Loaded, js_string, js_value, load
from subagent_ls.harnesses.opencode.mcp import opencode_mcp_reference
from subagent_ls.harnesses.opencode.references import task_patterns
from subagent_ls.harnesses.opencode.schema import ACTION_ONLY, FIELDS, UNDESCRIBED, Schema

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


def _name(doc: AgentDocument, fields: dict[str, MapItem], schema: Schema) -> str:
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


def _span(doc: AgentDocument, loaded: Loaded, key: str, schema: Schema) -> Span | None:
    """Where ``key``'s value is in the file (the rewritten text has other offsets); for a
    ``tools`` map, the first switch that is not a boolean (where the refusal's cause is)."""
    item = doc.fields.get(key)
    if item is None or loaded.source != doc.text:
        return None
    if key == "tools" and item.value.kind == "map":
        wrong = (i.value for i in item.value.items if schema.kind(i.value) != "boolean")
        return next(wrong, item.value).span
    if key == "permission" and item.value.kind == "map":
        return _wrong_action(item.value, schema).span
    return item.value.span


def _wrong_action(node: YamlNode, schema: Schema) -> YamlNode:
    """The first value of a ``permission`` map that is not an action where one is wanted (a
    map where only an action is taken, or not a map of patterns to actions), else the map."""
    for item in node.items:
        value = item.value
        if schema.is_action(value):
            continue
        if item.name in ACTION_ONLY or value.kind != "map":
            return value
        wrong = next((r.value for r in value.items if not schema.is_action(r.value)), None)
        if wrong is not None:
            return wrong
    return node


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
    schema = Schema(loaded.source)
    fields = _fields(loaded)
    mode_file = is_mode_file(doc)
    for key, item in fields.items():
        if key in FIELDS and (problem := schema.error(key, item.value)) is not None:
            span = _span(doc, loaded, key, schema) or _opening(doc)
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


def _merged_keys(fields: dict[str, MapItem], schema: Schema, mode_file: bool) -> dict[str, object]:
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
    known_tools=frozenset(TOOL_NAMES),
)
