"""What Gemini CLI 0.61.0 does with a file in ``.gemini/agents/``, reproduced step by step
(``loadAgentsFromDirectory`` and ``parseAgentMarkdown`` of ``@google/gemini-cli``).

The folder is listed without recursion; only regular files (no symbolic links) whose names end
in ``.md`` and do not start with ``_`` are read. The frontmatter must match
``^---\\r?\\n([\\s\\S]*?)\\r?\\n---`` (a byte order mark hides it); js-yaml 4 parses it with
no repair (a key given twice is an error); a zod schema then checks it, strictly: a local agent
(``kind: local`` or no ``kind``) or a remote one (``agent_card_url`` or ``agent_card_json``),
or a list of remote agents. Any failure rejects the file with an ``Agent loading error``. The
model is given the description exactly as YAML reads it.
"""

from __future__ import annotations

import json
import os
import re

from subagent_ls.core.document import AgentDocument
from subagent_ls.core.findings import Finding
from subagent_ls.core.frontmatter import Span
from subagent_ls.core.patterns import LazyPattern
from subagent_ls.core.verdict import Verdict
from subagent_ls.core.yamltree import YamlNode, parse_yaml
from subagent_ls.harnesses.common.zod_checks import (
    SOURCE,
    Issue,
    absent,
    array_of,
    boolean,
    entries,
    js_type,
    json_text,
    literal,
    non_empty,
    number,
    obj,
    one_of,
    positive_int,
    record_of,
    string,
    union,
    url,
)
from subagent_ls.harnesses.gemini.builtins import BUILTINS

HARNESS = "Gemini CLI"
FRONTMATTER = LazyPattern(r"---\r?\n([\s\S]*?)\r?\n---(?:\r?\n([\s\S]*))?")
NAME = LazyPattern(r"[a-z0-9\-_]+")
BUILTIN_TOOLS = frozenset(
    {
        "glob", "write_todos", "write_file", "google_web_search", "web_fetch", "replace",
        "run_shell_command", "grep_search", "read_many_files", "read_file", "list_directory",
        "activate_skill", "ask_user", "tracker_create_task", "tracker_update_task",
        "tracker_get_task", "tracker_list_tasks", "tracker_add_dependency", "tracker_visualize",
        "get_internal_docs", "enter_plan_mode", "exit_plan_mode", "update_topic",
        "complete_task", "invoke_agent", "read_mcp_resource", "list_mcp_resources",
    }
)  # fmt: skip
"""``ALL_BUILTIN_TOOL_NAMES`` of the pinned version."""
LEGACY_TOOLS = frozenset({"search_file_content"})
_MCP_SLUG = LazyPattern(r"[a-z0-9_.:\-]+", re.IGNORECASE)


def slug(node: YamlNode, path: str) -> list[Issue]:
    issues = string(node, path)
    if not issues and not NAME.fullmatch(str(node.value)):
        return [(path, "Name must be a valid slug")]
    return issues


def tool_name(node: YamlNode, path: str) -> list[Issue]:
    issues = string(node, path)
    if not issues and not valid_tool_name(str(node.value)):
        return [(path, "Invalid tool name")]
    return issues


def valid_tool_name(name: str) -> bool:
    """``isValidToolName(name, {allowWildcards: true})``: a built-in tool, the legacy alias,
    a discovered tool, ``*``, or an MCP tool ``mcp_SERVER_TOOL`` (``mcp_*``, ``mcp_SERVER_*``)."""
    if name in BUILTIN_TOOLS or name in LEGACY_TOOLS or name.startswith("discovered_tool_"):
        return True
    if name in ("*", "mcp_*"):
        return True
    if not name.startswith("mcp_") or name.startswith("mcp__"):
        return False
    server, underscore, tool = name[4:].partition("_")
    if not server or not underscore or not tool or not _MCP_SLUG.fullmatch(server):
        return False
    return tool == "*" or (tool.strip("_") != "" and _MCP_SLUG.fullmatch(tool) is not None)


_STRINGS = array_of(string)
_OAUTH_URLS = ("authorization_url", "token_url", "issuer", "redirect_uri", "registration_url")
_OAUTH = {
    "type": (literal("oauth"), True),
    "client_id": (string, False),
    "client_secret": (string, False),
    "scopes": (_STRINGS, False),
    "audiences": (_STRINGS, False),
    "token_param_name": (string, False),
} | {key: (url, False) for key in _OAUTH_URLS}
_MCP_AUTH = union(
    obj({"type": (literal("google-credentials"), True), "scopes": (_STRINGS, False)}, False),
    obj(_OAUTH, False),
)
MCP_SERVER = obj(
    {key: (string, False) for key in ("command", "cwd", "url", "http_url", "tcp", "description")}
    | {
        "args": (_STRINGS, False),
        "env": (record_of(string), False),
        "headers": (record_of(string), False),
        "type": (one_of("sse", "http"), False),
        "timeout": (number, False),
        "trust": (boolean, False),
        "include_tools": (_STRINGS, False),
        "exclude_tools": (_STRINGS, False),
        "auth": (_MCP_AUTH, False),
    },
    strict=False,
)
LOCAL = obj(
    {
        "kind": (literal("local"), False),
        "name": (slug, True),
        "description": (non_empty, True),
        "display_name": (string, False),
        "tools": (array_of(tool_name), False),
        "mcp_servers": (record_of(MCP_SERVER), False),
        "model": (string, False),
        "temperature": (number, False),
        "max_turns": (positive_int, False),
        "timeout_mins": (positive_int, False),
    }
)
_AGENT_AUTH = union(
    obj(
        {"type": (literal("apiKey"), True), "key": (non_empty, True), "name": (string, False)},
        False,
    ),
    obj(
        {"type": (literal("http"), True), "scheme": (non_empty, True)}
        | {key: (non_empty, False) for key in ("token", "username", "password", "value")},
        False,
    ),
    obj({"type": (literal("google-credentials"), True), "scopes": (_STRINGS, False)}, False),
    obj(_OAUTH, False),
)
_REMOTE = {
    "kind": (literal("remote"), False),
    "name": (slug, True),
    "description": (string, False),
    "display_name": (string, False),
    "auth": (_AGENT_AUTH, False),
}
REMOTE_URL = obj(_REMOTE | {"agent_card_url": (url, True), "agent_card_json": (absent, False)})
REMOTE_JSON = obj(
    _REMOTE | {"agent_card_url": (absent, False), "agent_card_json": (json_text, True)}
)
REMOTE = union(REMOTE_URL, REMOTE_JSON)
_LOCAL_KEYS = ("tools", "mcp_servers", "model", "temperature", "max_turns", "timeout_mins")
_REMOTE_KEYS = ("agent_card_url", "auth", "agent_card_json")


def intended_kind(root: YamlNode) -> str | None:
    """``guessIntendedKind``: which kind of agent the author meant, to report its errors."""
    if root.kind != "map":
        return None
    given = entries(root)
    kind = given.get("kind")
    if kind is not None and kind.value in ("local", "remote"):
        return str(kind.value)
    local = any(key in given for key in _LOCAL_KEYS)
    remote = any(key in given for key in _REMOTE_KEYS)
    return "local" if local and not remote else "remote" if remote and not local else None


def _message(issues: list[Issue]) -> str:
    where, message = issues[0]
    return f"{where}: {message}" if where else message


def gemini_verdict(doc: AgentDocument, findings: list[Finding]) -> Verdict:
    """Predict Gemini CLI's handling of ``doc`` on its own. A definition named like a built-in
    is read, then ignored: the built-ins are registered first and ``registerAgent`` keeps the
    first registration of a name, warning ``Duplicate agent name '…' detected``."""
    verdict = _read(doc)
    if not verdict.loads or verdict.name not in BUILTINS:
        return verdict
    item = doc.fields.get("name")
    reason = (
        f"`{verdict.name}` is the name of a built-in agent of Gemini CLI, which is registered "
        "first and always wins: Gemini CLI ignores this definition (it warns `Duplicate agent "
        f"name '{verdict.name}' detected`); rename it to use it"
    )
    span = item.value.span if item is not None else verdict.span
    return Verdict(False, verdict.name, reason, "ignored", HARNESS, span)


def _read(doc: AgentDocument) -> Verdict:
    """What Gemini CLI's loader makes of ``doc`` (``loadAgentsFromDirectory``)."""
    opening = Span(0, doc.lines.line_end(0))
    name = os.path.basename(doc.path)
    if name.startswith("_"):
        reason = "Gemini CLI skips files whose names start with `_`"
        return Verdict(False, None, reason, "ignored", HARNESS, opening)
    if os.path.islink(doc.path):
        reason = "Gemini CLI reads only regular files of the folder, not symbolic links"
        return Verdict(False, None, reason, "ignored", HARNESS, opening)
    if doc.unreadable is not None:
        return Verdict(False, None, f"it cannot be read ({doc.unreadable})", "rejected", HARNESS)
    match = None if doc.has_bom else FRONTMATTER.match(doc.text)
    if match is None:
        reason = (
            "Gemini CLI finds no frontmatter: the file must start with a line `---` (nothing "
            "after it, no byte order mark before it) and have a closing `---` line"
        )
        return Verdict(False, None, reason, "rejected", HARNESS, opening)
    yaml_text = match[1] if match[1].endswith(("\n", "\r")) else match[1] + "\n"
    parsed = parse_yaml(yaml_text, match.start(1))  # js-yaml ends its input with a line break
    SOURCE.set(doc.text)
    if parsed.error is not None or parsed.repeated_keys:
        problem = parsed.error.problem if parsed.error else "duplicated mapping key"
        offset = parsed.error.offset if parsed.error else parsed.repeated_keys[0].span.start
        reason = f"Gemini CLI cannot parse the YAML frontmatter ({problem})"
        return Verdict(False, None, reason, "rejected", HARNESS, Span(offset, offset))
    root = parsed.root
    if root is not None and any(node.kind == "tagged" for node in _nodes(root)):
        reason = "Gemini CLI cannot parse the YAML frontmatter (unknown tag)"
        return Verdict(False, None, reason, "rejected", HARNESS, opening)
    if root is not None and root.kind == "seq":
        return _remote_list(root, opening)
    return _agent(doc, root, opening)


def _nodes(node: YamlNode) -> list[YamlNode]:
    found, stack, seen = [], [node], set()
    while stack:
        current = stack.pop()
        if id(current) in seen:
            continue
        seen.add(id(current))
        found.append(current)
        if current.kind == "seq" and isinstance(current.value, list):
            stack.extend(current.value)
        stack.extend(item.value for item in current.items)
    return found


def _rejected(issues: list[Issue], span: Span) -> Verdict:
    reason = f"Gemini CLI rejects the agent definition: {_message(issues)}"
    return Verdict(False, None, reason, "rejected", HARNESS, span)


def _remote_list(root: YamlNode, opening: Span) -> Verdict:
    """A list frontmatter is a list of remote agents, each checked as one; the catalog knows
    the file by the first."""
    assert isinstance(root.value, list)
    if not root.value:
        reason = "the frontmatter is an empty list: Gemini CLI finds no agent in it, silently"
        return Verdict(False, None, reason, "ignored", HARNESS, opening)
    issues = [i for n, item in enumerate(root.value) for i in REMOTE(item, str(n))]
    if issues:
        return _rejected(issues, opening)
    first = _remote(root.value[0])
    if len(root.value) == 1:
        return first
    note = (
        f"Gemini CLI reads {len(root.value)} remote agents from this file; the catalog lists "
        "only the first."
    )
    return first._replace(note=note)


def _remote(root: YamlNode) -> Verdict:
    """A valid remote agent: with an inline card, the description the model is given is
    known; with a card URL, it is built from the card Gemini CLI fetches at start-up."""
    name, card = _field(root, "name"), _field(root, "agent_card_json")
    problem = card_problem(json.loads(card)) if card is not None else None
    if problem is not None:
        reason = f"Gemini CLI cannot register this remote agent from its inline card: {problem}"
        return Verdict(False, None, reason, "rejected", HARNESS)
    if card is not None:
        description = remote_description(_field(root, "description") or "", card)
        return Verdict(True, name, None, "loads", HARNESS, description=description)
    note = (
        "Gemini CLI registers this remote agent once it has fetched its agent card; the model "
        "is given `User Description: …` followed by the card's description and skills."
    )
    return Verdict(True, name, None, "loads", HARNESS, note=note)


TRANSPORTS = frozenset({"jsonrpc", "http+json", "grpc"})
"""The A2A transports Gemini CLI's client can use (case-insensitive)."""


def card_problem(card: object) -> str | None:
    """Why the A2A client cannot be built from an inline agent card (None: it can): it needs
    an object with a ``url`` (or a GRPC interface's) and a transport it knows with a URL."""
    if not isinstance(card, dict):
        return "Agent card is missing."
    interfaces = card.get("additionalInterfaces") or card.get("supportedInterfaces") or []
    interfaces = (
        [i for i in interfaces if isinstance(i, dict)] if isinstance(interfaces, list) else []
    )
    pairs = [
        (str(i.get("transport") or i.get("protocolBinding")), i.get("url")) for i in interfaces
    ]
    grpc = next((url for transport, url in pairs if transport == "GRPC"), card.get("url"))
    if not isinstance(grpc, str):
        return "the card has no `url`"
    preferred = str(card.get("preferredTransport") or "JSONRPC")
    urls = {preferred.lower(): card.get("url")} | {t.lower(): url for t, url in pairs}
    for transport in [preferred, *(t for t, _ in pairs)]:
        if transport.lower() in TRANSPORTS and urls.get(transport.lower()):
            return None
    return "No compatible transport found"


def remote_description(written: str, card_json: str) -> str:
    """What the model is given for a remote agent: the written description, then the agent
    card's description and skills (``AgentRegistry.registerRemoteAgent``)."""
    card = json.loads(card_json)
    card = card if isinstance(card, dict) else {}
    parts = [f"User Description: {written.strip()}"] if written.strip() else []
    told = card.get("description")
    if isinstance(told, str) and told.strip():
        parts.append(f"Agent Description: {told.strip()}")
    skills = [s for s in card.get("skills") or [] if isinstance(s, dict)]
    if skills:
        lines = [
            f"{_js_text(s.get('name'))}: {s.get('description') or 'No description provided'}"
            for s in skills
        ]
        parts.append("Skills:\n" + "\n".join(lines))
    return "\n".join(parts) if parts else written


def _js_text(value: object) -> str:
    return "undefined" if value is None else str(value)


def _field(node: YamlNode, key: str) -> str | None:
    value = entries(node).get(key)
    return str(value.value) if value is not None and js_type(value) == "string" else None


def _agent(doc: AgentDocument, root: YamlNode | None, opening: Span) -> Verdict:
    if root is None:
        return _rejected([("", "Required")], opening)
    local = LOCAL(root, "")
    if not local:
        description = _field(root, "description")
        return Verdict(True, _field(root, "name"), None, "loads", HARNESS, description=description)
    remote = REMOTE(root, "")
    if not remote:
        return _remote(root)
    issues = remote if intended_kind(root) == "remote" else local
    key, *inner = issues[0][0].split(".")
    item = doc.fields.get(key)
    if item is None:
        return _rejected(issues, opening)
    return _rejected(issues, _inner_span(item.value, inner) or item.key.span)


def _inner_span(node: YamlNode, path: list[str]) -> Span | None:
    """Where the value an issue's path names inside a field is (``tools.0``: the first tool
    name), that the refusal is said at the name; None for the field itself, or a path that
    leads nowhere."""
    if not path:
        return None
    for step in path:
        if node.kind == "seq" and isinstance(node.value, list) and step.isdigit():
            if int(step) >= len(node.value):
                return None
            node = node.value[int(step)]
        elif node.kind == "map":
            found = next((i.value for i in node.items if i.name == step), None)
            if found is None:
                return None
            node = found
        else:
            return None
    return node.span
