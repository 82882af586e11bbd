"""What GitHub Copilot CLI 1.0.102 does with a custom agent file, reproduced step by step.

Copilot's loader is native code (the ``runtime.node`` addon of ``@github/copilot-linux-x64``);
its frontmatter parser is serde_yaml 0.9 (libyaml), and the schema check reports the first
problem as ``custom agent markdown frontmatter is malformed: <field>: <problem>`` in the log.
A file with any such problem is left out; the others still load. Nothing is repaired.

1. A file over 1 MiB or not valid UTF-8 is refused with an error. A byte order mark is
   dropped. The text must start with ``---`` (trailing blanks allowed) and a line break; the
   YAML runs to the first line that is ``---`` (trailing blanks allowed, at the end of the file
   or before a line break). A longer fence, ``...``, an indented fence or a line before the
   fence is "missing or malformed YAML frontmatter".
2. The YAML must parse, and no mapping may repeat a key (``duplicate entry with key``).
   Plain scalars are resolved as serde_yaml does: ``true``/``True``/``TRUE`` (and false) are
   booleans; ``~``, ``null``, ``Null``, ``NULL`` and nothing are null; decimal integers without
   a leading zero, ``0x``/``0o``/``0b`` integers and finite floats are numbers (``.inf`` and
   ``.nan`` become null); everything else (``yes``, ``012``, ``1_000``, dates) is a string.
3. An empty frontmatter is ``{}``; anything but a mapping is refused (``Expected object``).
4. The fields of :data:`SCHEMA` are checked; other keys are ignored with a warning.
5. The name is ``name`` when it is a non-empty string, else the file's id: its path below the
   agent folder without ``.agent.md`` or ``.md``, folders joined by ``--`` (``sub--x``).
   ``general-purpose`` is reserved: such an agent is ignored with an error.
6. The description the model is given is the ``description`` string as parsed, in full.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable

from subagent_ls.dialects.model import parent_segments, posix
from subagent_ls.engine.document import AgentDocument
from subagent_ls.engine.findings import Finding, excerpt
from subagent_ls.engine.frontmatter import Span
from subagent_ls.engine.patterns import LazyPattern
from subagent_ls.engine.verdict import Verdict
from subagent_ls.engine.yamltree import Kind, YamlNode, YamlParse, parse_yaml

HARNESS = "GitHub Copilot"
_FENCE = LazyPattern(r"---[ \t]*\r?\n(?:([\s\S]*?)\r?\n)?---[ \t]*(?:\r?\n|$)")
_NULLS = frozenset({"~", "null", "Null", "NULL", ""})
_BOOLEANS = {"true": True, "True": True, "TRUE": True, "false": False, "False": False}
_BOOLEANS["FALSE"] = False
_RADIX = {"0x": 16, "0o": 8, "0b": 2}
_FLOAT = LazyPattern(r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?|[+-]?(?:inf|infinity|nan)", re.I)
_INFINITE = LazyPattern(r"[+-]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN)")
ANCHORS = ((".github", "agents"), (".claude", "agents"), (".copilot", "agents"), ("agents",))
"""Folders an agent's id is taken below (innermost match), the most specific first: the
project's two folders, ``~/.copilot/agents``, and ``$COPILOT_HOME/agents``."""
RESERVED = frozenset({"general-purpose"})
HOOK_EVENTS = frozenset(
    {
        "sessionStart", "sessionEnd", "userPromptSubmitted", "userPromptTransformed",
        "preToolUse", "postToolUse", "postToolUseFailure", "errorOccurred", "agentStop",
        "subagentStop", "subagentStart", "preCompact", "permissionRequest", "preMcpToolCall",
        "notification", "SessionStart", "SessionEnd", "UserPromptSubmit", "PreToolUse",
        "PostToolUse", "PostToolUseFailure", "Stop", "SubagentStop", "SubagentStart",
        "PreCompact", "PermissionRequest", "PreMcpToolCall", "ErrorOccurred", "Notification",
    }
)  # fmt: skip
"""The hook events an agent file may name (each one checked against Copilot 1.0.102)."""


def json_kind(doc: AgentDocument, node: YamlNode) -> str:
    """The JSON type Copilot sees for ``node``: string, number, boolean, null, array, object."""
    if node.kind == "seq":
        return "array"
    if node.kind == "map":
        return "object"
    if node.style is not None:
        return "string"
    text = str(node.value) if node.kind == "str" else doc.source(node.span)
    return _plain_kind(text.strip()) if node.kind != "tagged" else "string"


_KINDS: dict[str, Kind] = {"string": "str", "boolean": "bool", "null": "null", "array": "seq"}
_KINDS["object"] = "map"


def engine_kind(doc: AgentDocument, node: YamlNode) -> Kind:
    """The engine's kind for what Copilot reads ``node`` as (a number stays int or float)."""
    kind = json_kind(doc, node)
    if kind == "number":
        return node.kind if node.kind in ("int", "float") else "int"
    return _KINDS[kind]


def json_string(doc: AgentDocument, node: YamlNode) -> str:
    """The text of a scalar Copilot reads as a string (``012`` stays ``012``)."""
    return str(node.value) if node.kind in ("str", "tagged") else doc.source(node.span).strip()


def _plain_kind(text: str) -> str:
    if text in _NULLS or _INFINITE.fullmatch(text):
        return "null"
    if text in _BOOLEANS:
        return "boolean"
    unsigned = text[1:] if text[:1] in "+-" else text
    radix = _RADIX.get(unsigned[:2])
    if radix is not None:
        try:
            int(unsigned[2:], radix)
            return "number" if unsigned[2:3] not in ("+", "-", "_") else "string"
        except ValueError:
            return "string"
    if len(unsigned) > 1 and unsigned[0] == "0" and unsigned.isdigit():
        return "string"
    if unsigned.isdigit() and unsigned.isascii():
        return "number"
    if _FLOAT.fullmatch(text) and "_" not in text:
        return "number" if math.isfinite(float(text)) else "string"
    return "string"


class Malformed(Exception):
    """The first problem Copilot's schema check reports, and where it is."""

    def __init__(self, message: str, span: Span) -> None:
        super().__init__(message)
        self.span = span


Check = Callable[[AgentDocument, str, YamlNode], None]


def _expect(doc: AgentDocument, path: str, node: YamlNode, *kinds: str) -> None:
    kind = json_kind(doc, node)
    if kind not in kinds:
        raise Malformed(f"{path}: Expected {kinds[-1]}, received {kind}", node.span)


def _strings(doc: AgentDocument, path: str, node: YamlNode) -> None:
    """An array of strings."""
    _expect(doc, path, node, "array")
    for index, element in enumerate(node.value):  # type: ignore[arg-type]
        _expect(doc, f"{path}: {index}", element, "string")


def _string_or_strings(doc: AgentDocument, path: str, node: YamlNode) -> None:
    if json_kind(doc, node) != "string":
        _strings(doc, path, node)


def _model(doc: AgentDocument, path: str, node: YamlNode) -> None:
    if json_kind(doc, node) == "array" and not node.value:
        raise Malformed(f"{path}: Expected a non-empty list of model names", node.span)
    _string_or_strings(doc, path, node)


def _string(doc: AgentDocument, path: str, node: YamlNode) -> None:
    _expect(doc, path, node, "string")


def _boolean(doc: AgentDocument, path: str, node: YamlNode) -> None:
    _expect(doc, path, node, "boolean")


def _object(doc: AgentDocument, path: str, node: YamlNode) -> None:
    _expect(doc, path, node, "object")


def _github(doc: AgentDocument, path: str, node: YamlNode) -> None:
    _object(doc, path, node)
    for item in node.items:
        if item.name == "toolsets":
            _expect(doc, f"{path}.toolsets", item.value, "array")
        elif item.name == "permissions":
            _object(doc, f"{path}.permissions", item.value)


def _hooks(doc: AgentDocument, path: str, node: YamlNode) -> None:
    if json_kind(doc, node) != "object":
        raise Malformed(f"{path}: hooks must be an object", node.span)
    for item in node.items:
        where = f"{path}.{item.name}"
        if item.name not in HOOK_EVENTS:
            raise Malformed(f"{where}: Unsupported agent hook event", item.key.span)
        if json_kind(doc, item.value) != "array":
            raise Malformed(f"{where}: Expected an array of hook actions", item.value.span)
        for index, action in enumerate(item.value.value):  # type: ignore[arg-type]
            if json_kind(doc, action) != "object":
                raise Malformed(f"{where}[{index}]: Expected object", action.span)


def _fields(node: YamlNode) -> dict[str, YamlNode]:
    return {item.name: item.value for item in node.items}


def _required(
    doc: AgentDocument, path: str, node: YamlNode, fields: dict[str, YamlNode], key: str
) -> YamlNode:
    if key not in fields:
        raise Malformed(f"{path}.{key}: Required", node.span)
    return fields[key]


def _mcp_servers(doc: AgentDocument, path: str, node: YamlNode) -> None:
    """A map of servers: remote (``type`` http or sse) with ``url`` and ``tools``, or local
    (``type`` local or stdio, or none) with ``command``, ``args`` and ``tools``."""
    if json_kind(doc, node) == "null":
        return
    _object(doc, path, node)
    for item in node.items:
        where, server = f"{path}.{item.name}", item.value
        _object(doc, where, server)
        fields = _fields(server)
        kind = fields.get("type")
        kind_text = str(kind.value) if kind is not None else None
        if kind_text in ("http", "sse") or (kind is None and "url" in fields):
            _string(doc, f"{where}.url", _required(doc, where, server, fields, "url"))
        else:
            if kind is not None and kind_text not in ("local", "stdio"):
                message = f"{where}.type: Invalid enum value. Expected 'local' | 'stdio'"
                raise Malformed(message, kind.span)
            _string(doc, f"{where}.command", _required(doc, where, server, fields, "command"))
            _expect(doc, f"{where}.args", _required(doc, where, server, fields, "args"), "array")
            if "env" in fields:
                _object(doc, f"{where}.env", fields["env"])
        _expect(doc, f"{where}.tools", _required(doc, where, server, fields, "tools"), "array")


SCHEMA: dict[str, Check] = {
    "name": _string,
    "description": _string,
    "tools": _string_or_strings,
    "model": _model,
    "infer": _boolean,
    "disable-model-invocation": _boolean,
    "user-invocable": _boolean,
    "reasoning-effort": _string,
    "skills": _strings,
    "strict-tools-list": _boolean,
    "include-custom-instructions": _boolean,
    "deferred-tool-loading": _boolean,
    "github": _github,
    "hooks": _hooks,
    "mcp-servers": _mcp_servers,
}
"""Every field Copilot 1.0.102 reads from an agent file, with its check (in the order the
first failing one is reported)."""


def agent_id(path: str) -> str:
    """The id Copilot gives a file: its path below the agent folder, without ``.agent.md`` or
    ``.md``, with ``--`` between folders."""
    parents = parent_segments(path)
    name = posix(path).rpartition("/")[2]
    stem = name[: -len(".agent.md")] if name.endswith(".agent.md") else name.removesuffix(".md")
    for anchor in ANCHORS:
        size = len(anchor)
        for start in range(len(parents) - size, -1, -1):
            if parents[start : start + size] == anchor:
                return "--".join([*parents[start + size :], stem])
    return stem


def copilot_verdict(doc: AgentDocument, findings: list[Finding]) -> Verdict:
    """Predict Copilot's handling of ``doc`` on its own."""
    opening = Span(0, doc.lines.line_end(0))
    if doc.unreadable is not None:
        reason = f"Copilot refuses it with an error: it cannot be read ({doc.unreadable})"
        return Verdict(False, None, reason, "rejected", HARNESS)
    text = doc.text.removeprefix("\ufeff")
    shift = len(doc.text) - len(text)
    match = _FENCE.match(text)
    if match is None:
        return _rejected("missing or malformed YAML frontmatter", opening)
    yaml_text, start = match[1] or "", shift + (match.start(1) if match[1] is not None else 0)
    same = start == doc.layout.yaml.start and yaml_text == doc.yaml_text
    parsed = doc.yaml if same and doc.layout.closing is not None else parse_yaml(yaml_text, start)
    if (problem := _yaml_problem(doc, parsed)) is not None:
        return _rejected(*problem)
    root = parsed.root
    try:
        fields = _check(doc, root, opening)
    except Malformed as error:
        return _rejected(str(error), error.span)
    node = fields.get("name")
    name = json_string(doc, node) if node is not None else ""
    name = name or agent_id(doc.path)
    if name in RESERVED:
        reason = f"Copilot ignores the custom agent `{excerpt(name)}`: the name is reserved"
        return Verdict(False, None, reason, "rejected", HARNESS, node.span if node else opening)
    description = json_string(doc, fields["description"])
    return Verdict(True, name, None, "loads", HARNESS, description=description)


def _yaml_problem(doc: AgentDocument, parsed: YamlParse) -> tuple[str, Span] | None:
    if parsed.error is not None:
        offset = parsed.error.offset
        return f"failed to parse YAML frontmatter: {parsed.error.problem}", Span(offset, offset)
    if parsed.repeated_keys:
        mapping = parsed.repeated_keys[0]
        seen: set[str] = set()
        for item in mapping.items:
            if item.name in seen:
                message = (
                    f"failed to parse YAML frontmatter: duplicate entry with key {item.name!r}"
                )
                return message, item.key.span
            seen.add(item.name)
    return None


def _check(doc: AgentDocument, root: YamlNode | None, opening: Span) -> dict[str, YamlNode]:
    """The top-level fields, once every check of :data:`SCHEMA` passed."""
    if root is None or json_kind(doc, root) == "null":
        raise Malformed("description: Required", opening)
    if root.kind != "map":
        raise Malformed(f"Expected object, received {json_kind(doc, root)}", root.span)
    fields = _fields(root)
    if "description" not in fields:
        raise Malformed("description: Required", opening)
    for key, check in SCHEMA.items():
        if key in fields:
            check(doc, key, fields[key])
    return fields


def _rejected(reason: str, span: Span) -> Verdict:
    message = f"Copilot reports “custom agent markdown frontmatter is malformed: {reason}”"
    return Verdict(False, None, message, "rejected", HARNESS, span)
