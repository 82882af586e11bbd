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
   An explicit ``!!int``, ``!!float``, ``!!bool`` or ``!!null`` reads the scalar, quoted or
   not, as that type, and a scalar that is not one is a parse error (``invalid value: string
   "abc", expected an integer``); a local tag (``!x``) on a plain scalar is dropped, any other
   tag (``!!str``, ``!!binary``, a quoted ``!x``) leaves a string.
3. An empty frontmatter is ``{}``; anything but a mapping is refused (``Expected object``).
4. The fields of :data:`SCHEMA` are checked; other keys are ignored with a warning. The hooks
   are checked last, in passes: the event names, every matcher as a JavaScript regular
   expression, that each event holds a list, the nesting, then each hook in turn
   (:func:`_hooks`).
5. The name is ``name`` when it is a non-empty string, else the file's id: its path below the
   agent folder without ``.agent.md`` or ``.md``, folders joined by ``--`` (``sub--x``).
   ``general-purpose`` is reserved: such an agent is ignored with an error.
6. The description the model is given is the ``description`` string as parsed, in full.
"""

from __future__ import annotations

import json
import math
import re
import string
import urllib.parse
from collections.abc import Callable
from typing import NamedTuple

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
CLAUDE_EVENTS = {
    "SessionStart": "sessionStart", "SessionEnd": "sessionEnd",
    "UserPromptSubmit": "userPromptSubmitted", "PreToolUse": "preToolUse",
    "PostToolUse": "postToolUse", "PostToolUseFailure": "postToolUseFailure",
    "Stop": "agentStop", "SubagentStop": "subagentStop", "SubagentStart": "subagentStart",
    "PreCompact": "preCompact", "PermissionRequest": "permissionRequest",
    "PreMcpToolCall": "preMcpToolCall", "ErrorOccurred": "errorOccurred",
    "Notification": "notification",
}  # fmt: skip
"""Claude Code's event names, and the event each one is read as (its hooks come after the
ones listed under Copilot's own name)."""
HOOK_EVENTS = frozenset(
    {
        "sessionStart", "sessionEnd", "userPromptSubmitted", "userPromptTransformed",
        "preToolUse", "postToolUse", "postToolUseFailure", "errorOccurred", "agentStop",
        "subagentStop", "subagentStart", "preCompact", "permissionRequest", "preMcpToolCall",
        "notification", *CLAUDE_EVENTS,
    }
)  # fmt: skip
"""The hook events an agent file may name (each one checked against Copilot 1.0.102)."""


def json_kind(doc: AgentDocument, node: YamlNode) -> str:
    """The JSON type Copilot sees for ``node``: string, number, boolean, null, array, object."""
    if node.kind == "seq":
        return "array"
    if node.kind == "map":
        return "object"
    tagged = explicit_tag(doc, node)
    if tagged is not None:
        return _tagged_kind(*tagged, node.style) or "string"
    if node.style is not None:
        return "string"
    text = str(node.value) if node.kind == "str" else doc.source(node.span)
    return _plain_kind(text.strip()) if node.kind != "tagged" else "string"


_TAG_TOKEN = re.compile(r"(?:&\S+\s+)?(!<[^>]*>|![^\s,\[\]{}]*)\s*")
_CORE = "tag:yaml.org,2002:"
_EXPECTED = {"int": "an integer", "float": "a float", "bool": "a boolean", "null": "null"}


def explicit_tag(doc: AgentDocument, node: YamlNode) -> tuple[str, str] | None:
    """The tag written on a scalar (``!!int`` is ``tag:yaml.org,2002:int``) and the scalar's
    text, or None for an untagged one."""
    if node.is_collection:
        return None
    source = doc.source(node.span)
    match = _TAG_TOKEN.match(source)
    if match is None:
        return None
    token, rest = match[1], source[match.end() :]
    tag = token[2:-1] if token.startswith("!<") else token
    tag = _CORE + tag[2:] if tag.startswith("!!") else tag
    if node.style is None:
        lines = [line.strip() for line in rest.strip().splitlines()]
        return tag, " ".join(lines)
    if isinstance(node.value, str) and node.kind in ("str", "tagged"):
        return tag, node.value
    reread = parse_yaml("x: " + rest, 0).root
    if reread is None or reread.kind != "map" or not reread.items:
        return tag, rest.strip()
    return tag, str(reread.items[0].value.value)


def _tagged_kind(tag: str, text: str, style: str | None) -> str | None:
    """What serde_yaml reads a tagged scalar as (None: not the tag's type, a parse error)."""
    if tag.startswith(_CORE) and tag[len(_CORE) :] in _EXPECTED:
        core = tag[len(_CORE) :]
        if core == "int":
            return "number" if _is_int(text) else None
        if core == "float":
            return _float_kind(text)
        if core == "bool":
            return "boolean" if text in _BOOLEANS else None
        return "null" if text in ("~", "null", "Null", "NULL") else None
    if tag.startswith("!") and style is None:
        return _plain_kind(text.strip())
    return "string"


def _is_int(text: str) -> bool:
    """serde_yaml's integers: decimal without a leading zero, or ``0x``/``0o``/``0b``, signed
    (and within 128 bits)."""
    unsigned = text[1:] if text[:1] in "+-" else text
    radix = _RADIX.get(unsigned[:2])
    digits = unsigned[2:] if radix else unsigned
    if not digits or digits[:1] in "+-" or "_" in digits or not digits.isascii():
        return False
    if radix is None and (not digits.isdigit() or (len(digits) > 1 and digits[0] == "0")):
        return False
    try:
        value = int(digits, radix or 10)
    except ValueError:
        return False
    return value < 2**128 if text[:1] != "-" else value <= 2**127


def _float_kind(text: str) -> str | None:
    unpositive = text[1:] if text[:1] == "+" else text
    if unpositive[:1] in "+-" and text[:1] == "+":
        return None
    if unpositive in (".inf", ".Inf", ".INF") or text in ("-.inf", "-.Inf", "-.INF"):
        return "null"
    if text in (".nan", ".NaN", ".NAN"):
        return "null"
    if re.fullmatch(r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?", unpositive) is None:
        return None
    return "number" if math.isfinite(float(unpositive)) else None


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
    tagged = explicit_tag(doc, node)
    if tagged is not None:
        return tagged[1]
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
Problem = tuple[str, Span]


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


SHELLS = ("bash", "powershell", "command")
"""The keys of a command hook that hold a shell command (``exec`` holds a native program)."""
AUTHORIZING = frozenset({"preToolUse", "preMcpToolCall", "permissionRequest"})
"""The events whose HTTP hooks must use https (their answers allow or deny)."""
_SPECIFY = (
    "Specify either 'exec' (native executable) or 'bash'/'powershell'/'command' (shell), "
    "but not both"
)
_AUTHORIZING_HTTPS = (
    "Authorization-affecting HTTP hooks (preToolUse, preMcpToolCall, permissionRequest) must "
    "use https:// to protect response integrity (set COPILOT_HOOK_ALLOW_HTTP_AUTH_HOOKS=1 to "
    "override, or use localhost with COPILOT_HOOK_ALLOW_LOCALHOST=1)"
)
_ENV_HTTPS = (
    "HTTP hooks with allowedEnvVars must use https:// to prevent credential exposure (set "
    "COPILOT_HOOK_ALLOW_LOCALHOST=1 for local development)"
)


class _Hook(NamedTuple):
    """One entry of an event's list once matcher groups are flattened: the entry, the matcher
    of its group (a string), and whether it was listed under a Claude Code event name."""

    node: YamlNode
    group_matcher: YamlNode | None
    claude: bool


def _hooks(doc: AgentDocument, path: str, node: YamlNode) -> None:
    """A map of events to lists of hooks, checked in passes: the event names; every matcher
    (:func:`_matchers`); that each event holds a list; that no group nests another; then each
    hook, events in the order they are first named (Claude Code's names after Copilot's)."""
    if json_kind(doc, node) != "object":
        raise Malformed(f"{path}: hooks must be an object", node.span)
    for item in node.items:
        if item.name not in HOOK_EVENTS:
            raise Malformed(f"{path}.{item.name}: Unsupported agent hook event", item.key.span)
    _matchers(doc, path, node)
    for item in node.items:
        if json_kind(doc, item.value) != "array":
            message = f"{path}.{item.name}: Expected an array of hook actions"
            raise Malformed(message, item.value.span)
    events = _events(node)
    for event, entries in events.items():
        for index, (entry, _) in enumerate(entries):
            if any(_group(doc, inner) is not None for inner in _group(doc, entry) or []):
                message = "Nested hooks deeper than one level are not supported."
                raise Malformed(f"{path}.{event}[{index}]: {message}", entry.span)
    for event, entries in events.items():
        for index, hook in enumerate(_flattened(doc, entries)):
            where = f"{path}.{event}[{index}]"
            if json_kind(doc, hook.node) != "object":
                raise Malformed(f"{where}: Expected object", hook.node.span)
            _hook(doc, where, event, hook)


def _events(node: YamlNode) -> dict[str, list[tuple[YamlNode, bool]]]:
    """Each event's entries, with whether they were listed under Claude Code's name."""
    events: dict[str, list[tuple[YamlNode, bool]]] = {}
    for item in node.items:
        events.setdefault(CLAUDE_EVENTS.get(item.name, item.name), [])
    for claude in (False, True):
        for item in node.items:
            if (item.name in CLAUDE_EVENTS) == claude:
                entries = item.value.value  # type: ignore[union-attr]
                events[CLAUDE_EVENTS.get(item.name, item.name)] += [(e, claude) for e in entries]
    return events


def _group(doc: AgentDocument, entry: YamlNode) -> list[YamlNode] | None:
    """The hooks of a matcher group (an entry whose ``hooks`` is a list), else None."""
    if entry.kind != "map":
        return None
    inner = _fields(entry).get("hooks")
    return inner.value if inner is not None and json_kind(doc, inner) == "array" else None  # type: ignore[return-value]


def _flattened(doc: AgentDocument, entries: list[tuple[YamlNode, bool]]) -> list[_Hook]:
    """The hooks of an event: a group's hooks in its place, each given the group's matcher
    when it is a string; the group's other keys are ignored."""
    hooks = []
    for entry, claude in entries:
        inner = _group(doc, entry)
        if inner is None:
            hooks.append(_Hook(entry, None, claude))
            continue
        matcher = _fields(entry).get("matcher")
        if matcher is not None and json_kind(doc, matcher) != "string":
            matcher = None
        hooks += [_Hook(hook, matcher, claude) for hook in inner]
    return hooks


def _matchers(doc: AgentDocument, path: str, node: YamlNode) -> None:
    """Every string matcher must compile as a JavaScript regular expression (``*`` under a
    Claude Code event name matches everything); lists that are no lists, entries that are no
    maps and nested groups are passed over here."""
    for item in node.items:
        if json_kind(doc, item.value) != "array":
            continue
        event, claude = CLAUDE_EVENTS.get(item.name, item.name), item.name in CLAUDE_EVENTS
        for hook in _flattened(doc, [(e, claude) for e in item.value.value]):  # type: ignore[union-attr]
            if hook.node.kind != "map" or _group(doc, hook.node) is not None:
                continue
            matcher = _fields(hook.node).get("matcher", hook.group_matcher)
            if matcher is None or json_kind(doc, matcher) != "string":
                continue
            text = json_string(doc, matcher)
            if (claude and text == "*") or js_regex_valid(text):
                continue
            message = (
                f"{path}: Invalid matcher regex in {event} hook: '{text}' — hook will be skipped"
            )
            raise Malformed(message, matcher.span)


def _hook(doc: AgentDocument, where: str, event: str, hook: _Hook) -> None:
    """One hook: its ``type`` (``command``, the default, or ``http``; ``prompt`` for
    ``sessionStart`` only), then that type's fields in a fixed order."""
    fields = _fields(hook.node)
    kind = fields.get("type")
    types = ("command", "http", "prompt") if event == "sessionStart" else ("command", "http")
    name = json_string(doc, kind) if kind is not None and json_kind(doc, kind) == "string" else ""
    if kind is not None and name not in types:
        raise Malformed(f"{where}.type: Invalid hook type", kind.span)
    if name == "prompt":
        _prompt_hook(doc, where, hook.node, fields)
        return
    if name == "http":
        _http_hook(doc, where, event, hook.node, fields)
    else:
        _command_hook(doc, where, hook.node, fields)
    for key in ("timeoutSec", "timeout"):
        if key in fields:
            _timeout(doc, f"{where}.{key}", key, fields[key])
    matcher = fields.get("matcher", hook.group_matcher)
    if matcher is not None:
        _expect_string(doc, f"{where}.matcher", matcher)
        if not json_string(doc, matcher):
            raise Malformed(f"{where}.matcher: matcher cannot be empty", matcher.span)


def _expect_string(doc: AgentDocument, path: str, node: YamlNode) -> None:
    if json_kind(doc, node) != "string":
        raise Malformed(f"{path}: Expected string", node.span)


def _string_map(doc: AgentDocument, path: str, key: str, node: YamlNode) -> None:
    """``env`` or ``headers``: a map of strings."""
    if json_kind(doc, node) != "object":
        raise Malformed(f"{path}: {key} must be an object", node.span)
    for item in node.items:
        if json_kind(doc, item.value) != "string":
            message = f"{path}[{json.dumps(item.name)}]: {key} values must be strings"
            raise Malformed(message, item.value.span)


def _command_hook(
    doc: AgentDocument, where: str, node: YamlNode, fields: dict[str, YamlNode]
) -> None:
    """``bash``, ``powershell``, ``command`` and ``exec`` are strings (null too is present);
    exactly one of ``exec`` and the shell keys is given; ``cwd`` is a string, ``env`` a map of
    strings."""
    for key in (*SHELLS, "exec"):
        if key in fields:
            _expect_string(doc, f"{where}.{key}", fields[key])
    if ("exec" in fields) == any(key in fields for key in SHELLS):
        raise Malformed(f"{where}: {_SPECIFY}", node.span)
    if "cwd" in fields:
        _expect_string(doc, f"{where}.cwd", fields["cwd"])
    if "env" in fields:
        _string_map(doc, f"{where}.env", "env", fields["env"])


def _http_hook(
    doc: AgentDocument, where: str, event: str, node: YamlNode, fields: dict[str, YamlNode]
) -> None:
    """A string ``url`` that parses as an http or https URL; ``allowedEnvVars`` a list of
    strings, and https when it is not empty; https for the authorizing events; ``headers`` a
    map of strings."""
    url = fields.get("url")
    if url is None or json_kind(doc, url) != "string":
        raise Malformed(f"{where}.url: HTTP hook URL is required", url.span if url else node.span)
    scheme = url_scheme(json_string(doc, url))
    if scheme not in ("http", "https"):
        message = f"{where}.url: HTTP hook URL must use http: or https: protocol"
        raise Malformed(message, url.span)
    allowed = fields.get("allowedEnvVars")
    if allowed is not None:
        if json_kind(doc, allowed) != "array":
            message = f"{where}.allowedEnvVars: allowedEnvVars must be an array"
            raise Malformed(message, allowed.span)
        for index, element in enumerate(allowed.value):  # type: ignore[arg-type]
            _expect(doc, f"{where}.allowedEnvVars[{index}]", element, "string")
        if allowed.value and scheme != "https":
            raise Malformed(f"{where}.url: {_ENV_HTTPS}", url.span)
    if event in AUTHORIZING and scheme != "https":
        raise Malformed(f"{where}.url: {_AUTHORIZING_HTTPS}", url.span)
    if "headers" in fields:
        _string_map(doc, f"{where}.headers", "headers", fields["headers"])


def _prompt_hook(
    doc: AgentDocument, where: str, node: YamlNode, fields: dict[str, YamlNode]
) -> None:
    """A string ``prompt``, not empty (blank is enough); nothing else is checked."""
    prompt = fields.get("prompt")
    if prompt is None or json_kind(doc, prompt) != "string":
        span = prompt.span if prompt is not None else node.span
        raise Malformed(f"{where}.prompt: prompt hook prompt is required", span)
    if not json_string(doc, prompt):
        raise Malformed(f"{where}.prompt: prompt hook prompt cannot be empty", prompt.span)


def _timeout(doc: AgentDocument, path: str, key: str, node: YamlNode) -> None:
    """A number (a float too) above zero."""
    if json_kind(doc, node) != "number":
        raise Malformed(f"{path}: {key} must be a number", node.span)
    if number_value(doc, node) <= 0:
        raise Malformed(f"{path}: {key} must be positive", node.span)


def number_value(doc: AgentDocument, node: YamlNode) -> float:
    """The value of a scalar Copilot reads as a number."""
    if node.kind in ("int", "float") and isinstance(node.value, int | float):
        return float(node.value)
    text = json_string(doc, node).strip() if node.style is None else str(node.value)
    sign, unsigned = (-1, text[1:]) if text[:1] == "-" else (1, text.removeprefix("+"))
    radix = _RADIX.get(unsigned[:2])
    return sign * (int(unsigned[2:], radix) if radix else float(unsigned))


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
    "mcp-servers": _mcp_servers,
    "hooks": _hooks,
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
    if (problem := _yaml_problem(doc, parsed, start)) is not None:
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


def _yaml_problem(doc: AgentDocument, parsed: YamlParse, start: int) -> tuple[str, Span] | None:
    """A YAML error, else the first of a repeated key and a tagged scalar that is not of its
    tag's type (serde_yaml meets them in the order of the text)."""
    if parsed.error is not None:
        offset = parsed.error.offset
        return f"failed to parse YAML frontmatter: {parsed.error.problem}", Span(offset, offset)
    problems = []
    if parsed.repeated_keys and parsed.root is not None:
        mapping = parsed.repeated_keys[0]
        seen: set[str] = set()
        for item in mapping.items:
            if item.name in seen:
                path = _path_to(parsed.root, mapping, "")
                where = f"{path}: " if path else ""
                at = f" at {_line_column(doc, mapping.span.start, start)}" if path else ""
                message = (
                    f"failed to parse YAML frontmatter: {where}duplicate entry with key "
                    f"{json.dumps(item.name, ensure_ascii=False)}{at}"
                )
                problems.append((message, item.key.span))
                break
            seen.add(item.name)
    if parsed.root is not None and (tagged := _tag_problem(doc, parsed.root, "", start)):
        problems.append(tagged)
    return min(problems, key=lambda problem: problem[1].start, default=None)


def _line_column(doc: AgentDocument, offset: int, start: int) -> str:
    """``line L column C`` of ``offset``, counted from the frontmatter's first line."""
    line = doc.text.count("\n", start, offset) + 1
    column = offset - max(doc.text.rfind("\n", start, offset) + 1, start) + 1
    return f"line {line} column {column}"


def _path_to(node: YamlNode, target: YamlNode, path: str) -> str | None:
    """The path of ``target`` below ``node`` as serde reports it (``hooks.preToolUse[0]``)."""
    if node is target:
        return path
    if node.kind == "seq":
        for index, child in enumerate(node.value):  # type: ignore[arg-type]
            if (found := _path_to(child, target, f"{path}[{index}]")) is not None:
                return found
    for item in node.items:
        where = f"{path}.{item.name}" if path else item.name
        if item.value is not node and (found := _path_to(item.value, target, where)):
            return found
    return None


def _tag_problem(
    doc: AgentDocument, node: YamlNode, path: str, start: int, seen: set[int] | None = None
) -> Problem | None:
    """The first scalar below ``node`` whose explicit tag (``!!int``, ``!!float``, ``!!bool``,
    ``!!null``) its text does not fit, as serde_yaml reports it."""
    seen = set() if seen is None else seen
    if id(node) in seen:
        return None
    seen.add(id(node))
    children: list[tuple[YamlNode, str]] = []
    if node.kind == "seq":
        children = [(child, f"{path}[{i}]") for i, child in enumerate(node.value)]  # type: ignore[arg-type]
    elif node.kind == "map":
        for item in node.items:
            where = f"{path}.{item.name}" if path else item.name
            children += [(item.key, path), (item.value, where)]
    else:
        tagged = explicit_tag(doc, node)
        if tagged is None or _tagged_kind(*tagged, node.style) is not None:
            return None
        tag, text = tagged
        expected = _EXPECTED[tag[len(_CORE) :]]
        where = f"{path}: " if path else ""
        message = (
            f"failed to parse YAML frontmatter: {where}invalid value: string "
            f"{json.dumps(text, ensure_ascii=False)}, expected {expected} "
            f"at {_line_column(doc, node.span.start, start)}"
        )
        return message, node.span
    for child, child_path in children:
        if problem := _tag_problem(doc, child, child_path, start, seen):
            return problem
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


_QUANTIFIER = re.compile(r"[*+?]|\{(\d+)(?:,(\d*))?\}")
_MODIFIERS = re.compile(r"\(\?([ims]*)(?:-([ims]*))?:")
_CLASS_ESCAPES = frozenset("dDwWsS")
_CONTROL_ESCAPES = {"n": 10, "r": 13, "t": 9, "v": 11, "f": 12, "b": 8, "0": 0}


class _RegexError(Exception):
    pass


class _JsRegex:
    """A recursive-descent reading of a JavaScript regular expression without flags (with
    the web-compatibility grammar: ``{`` and ``]`` alone are literal, ``\\q`` is ``q``,
    lookaheads may be repeated), raising :class:`_RegexError` where V8 throws."""

    def __init__(self, pattern: str) -> None:
        self.text, self.at = pattern, 0
        self.names = set(re.findall(r"\(\?<([^=!][^>]*)>", pattern))

    def read(self) -> None:
        self.disjunction()
        if self.at < len(self.text):
            raise _RegexError("unmatched )")

    def disjunction(self) -> set[str]:
        names = self.alternative()
        while self.text.startswith("|", self.at):
            self.at += 1
            names |= self.alternative()
        return names

    def alternative(self) -> set[str]:
        names: set[str] = set()
        while self.at < len(self.text) and self.text[self.at] not in "|)":
            quantifiable, defined = self.atom()
            if names & defined:
                raise _RegexError("duplicate capture group name")
            names |= defined
            match = _QUANTIFIER.match(self.text, self.at)
            if match is None:
                continue
            if not quantifiable:
                raise _RegexError("nothing to repeat")
            if match[1] is not None and match[2] and int(match[1]) > int(match[2]):
                raise _RegexError("numbers out of order in {} quantifier")
            self.at = match.end() + self.text.startswith("?", match.end())
        return names

    def atom(self) -> tuple[bool, set[str]]:
        """Whether the atom may be repeated, and the group names it defines."""
        text, char = self.text, self.text[self.at]
        if char in "^$":
            self.at += 1
            return False, set()
        if char in "*+?" or (char == "{" and _QUANTIFIER.match(text, self.at)):
            raise _RegexError("nothing to repeat")
        if char == "\\":
            return self.escape(), set()
        if char == "[":
            self.character_class()
            return True, set()
        if char == "(":
            return self.group()
        self.at += 1
        return True, set()

    def escape(self) -> bool:
        text = self.text
        if self.at + 1 >= len(text):
            raise _RegexError("\\ at end of pattern")
        following = text[self.at + 1]
        self.at += 2
        if following == "k" and self.names:
            match = re.compile(r"<([^>]*)>").match(text, self.at)
            if match is None or match[1] not in self.names:
                raise _RegexError("invalid named reference")
            self.at = match.end()
        return True

    def group(self) -> tuple[bool, set[str]]:
        text, start = self.text, self.at
        names: set[str] = set()
        quantifiable = True
        if text.startswith(("(?:", "(?=", "(?!"), start):
            self.at += 3
        elif text.startswith(("(?<=", "(?<!"), start):
            self.at, quantifiable = start + 4, False
        elif text.startswith("(?<", start):
            end = text.find(">", start)
            name = text[start + 3 : end] if end > 0 else ""
            if not name or not (name[0] == "$" or name.replace("$", "_").isidentifier()):
                raise _RegexError("invalid capture group name")
            names.add(name)
            self.at = end + 1
        elif text.startswith("(?", start):
            match = _MODIFIERS.match(text, start)
            adding, removing = (match[1], match[2]) if match else ("", None)
            both = adding + (removing or "")
            if match is None or len(set(both)) < len(both) or removing == "" == adding:
                raise _RegexError("invalid group")
            self.at = match.end()
        else:
            self.at += 1
        inner = self.disjunction()
        if not text.startswith(")", self.at):
            raise _RegexError("unterminated group")
        self.at += 1
        return quantifiable, names | inner

    def character_class(self) -> None:
        text = self.text
        self.at += 1 + text.startswith("^", self.at + 1)
        while self.at < len(text) and text[self.at] != "]":
            low = self.class_atom()
            if (
                text.startswith("-", self.at)
                and self.at + 1 < len(text)
                and text[self.at + 1] != "]"
            ):
                self.at += 1
                high = self.class_atom()
                if low is not None and high is not None and low > high:
                    raise _RegexError("range out of order in character class")
        if self.at >= len(text):
            raise _RegexError("unterminated character class")
        self.at += 1

    def class_atom(self) -> int | None:
        """The code of one class member (None for ``\\d`` and the like)."""
        text = self.text
        if text[self.at] != "\\":
            self.at += 1
            return ord(text[self.at - 1])
        if self.at + 1 >= len(text):
            raise _RegexError("\\ at end of pattern")
        following = text[self.at + 1]
        self.at += 2
        if following in _CLASS_ESCAPES:
            return None
        if following in _CONTROL_ESCAPES:
            return _CONTROL_ESCAPES[following]
        hexadecimal = {"x": 2, "u": 4}.get(following)
        digits = text[self.at : self.at + hexadecimal] if hexadecimal else ""
        if (
            hexadecimal
            and len(digits) == hexadecimal
            and all(c in string.hexdigits for c in digits)
        ):
            self.at += hexadecimal
            return int(digits, 16)
        return ord(following)


def js_regex_valid(pattern: str) -> bool:
    """Whether ``new RegExp(pattern)`` compiles (V8, no flags)."""
    try:
        _JsRegex(pattern).read()
    except _RegexError:
        return False
    return True


_FORBIDDEN_HOST = frozenset("\x00\t\n\r #/:<>?@[\\]^|%\x7f")


def url_scheme(url: str) -> str | None:
    """The scheme of ``url`` as the WHATWG URL parser reads it (lower case), or None when it
    does not parse as an absolute URL; an http or https URL must have a valid host and
    port."""
    text = "".join(c for c in url.strip("".join(map(chr, range(33)))) if c not in "\t\n\r")
    match = re.match(r"([A-Za-z][A-Za-z0-9+.\-]*):", text)
    if match is None:
        return None
    scheme = match[1].lower()
    if scheme not in ("http", "https"):
        return scheme
    rest = text[match.end() :].lstrip("/\\")
    authority = re.split(r"[/\\?#]", rest, maxsplit=1)[0].rpartition("@")[2]
    if authority.startswith("["):
        host, bracket, port = authority[1:].partition("]")
        if not bracket or not host or re.fullmatch(r"[0-9A-Fa-f:.]+", host) is None:
            return None
        port = port.removeprefix(":") if port.startswith(":") or not port else "x"
    else:
        host, _, port = authority.partition(":") if ":" in authority else (authority, "", "")
        host = urllib.parse.unquote(host)
        if not host or any(c in _FORBIDDEN_HOST or ord(c) < 32 for c in host):
            return None
        if not _ipv4_ok(host):
            return None
    if port and (not port.isdigit() or not port.isascii() or int(port) > 65535):
        return None
    return scheme


def _ipv4_ok(host: str) -> bool:
    """A host whose last label is a number must be a valid IPv4 address."""
    labels = host.removesuffix(".").split(".")
    if not re.fullmatch(r"\d+|0[xX][0-9A-Fa-f]*", labels[-1]):
        return True
    values = []
    for label in labels:
        try:
            values.append(
                int(label, 16)
                if label[:2].lower() == "0x"
                else int(label, 8 if len(label) > 1 and label[0] == "0" else 10)
            )
        except ValueError:
            return False
    if len(values) > 4 or any(v > 255 for v in values[:-1]):
        return False
    return values[-1] < 256 ** (5 - len(values))
