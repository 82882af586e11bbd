"""The ``hooks`` field as GitHub Copilot CLI 1.0.102 checks it: Claude Code's event names read as
Copilot's, matcher groups flattened, every matcher compiled as a JavaScript regular expression,
then each hook's type and fields (command, http, prompt), timeouts and matcher, in passes that
each report the first problem (:func:`check_hooks`)."""

from __future__ import annotations

import json
from typing import NamedTuple

from subagent_ls.core.document import AgentDocument
from subagent_ls.core.yamltree import YamlNode
from subagent_ls.harnesses.common.js_regex import js_regex_valid
from subagent_ls.harnesses.common.web_url import url_scheme
from subagent_ls.harnesses.copilot.values import (
    Malformed,
    expect,
    fields_of,
    json_kind,
    json_string,
    number_value,
)

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


def check_hooks(doc: AgentDocument, path: str, node: YamlNode) -> None:
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
    inner = fields_of(entry).get("hooks")
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
        matcher = fields_of(entry).get("matcher")
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
            matcher = fields_of(hook.node).get("matcher", hook.group_matcher)
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
    fields = fields_of(hook.node)
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
            expect(doc, f"{where}.allowedEnvVars[{index}]", element, "string")
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
