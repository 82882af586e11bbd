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
   Scalars are read as serde_yaml reads them (``values``): an explicit core tag that
   a scalar does not fit is a parse error (``invalid value: string "abc", expected an
   integer``).
3. An empty frontmatter is ``{}``; anything but a mapping is refused (``Expected object``).
4. The fields of :data:`SCHEMA` are checked; other keys are ignored with a warning. The hooks
   are checked last, in passes: the event names, every matcher as a JavaScript regular
   expression, that each event holds a list, the nesting, then each hook in turn
   (``hooks``).
5. The name is ``name`` when it is a non-empty string, else the file's id: its path below the
   agent folder without ``.agent.md`` or ``.md``, folders joined by ``--`` (``sub--x``).
   ``general-purpose`` is reserved: such an agent is ignored with an error.
6. The description the model is given is the ``description`` string as parsed, in full.
"""

from __future__ import annotations

import json

from subagent_ls.core.document import AgentDocument
from subagent_ls.core.findings import Finding, excerpt
from subagent_ls.core.frontmatter import Span
from subagent_ls.core.patterns import LazyPattern
from subagent_ls.core.verdict import Verdict
from subagent_ls.core.yamltree import YamlNode, YamlParse, parse_yaml
from subagent_ls.harnesses.copilot.hooks import check_hooks
from subagent_ls.harnesses.copilot.values import (
    Check,
    Malformed,
    expect,
    fields_of,
    json_kind,
    json_string,
    tag_misfit,
)
from subagent_ls.harnesses.model import parent_segments, posix

HARNESS = "GitHub Copilot"
Problem = tuple[str, Span]
_FENCE = LazyPattern(r"---[ \t]*\r?\n(?:([\s\S]*?)\r?\n)?---[ \t]*(?:\r?\n|$)")
ANCHORS = ((".github", "agents"), (".claude", "agents"), (".copilot", "agents"), ("agents",))
"""Folders an agent's id is taken below (innermost match), the most specific first: the
project's two folders, ``~/.copilot/agents``, and ``$COPILOT_HOME/agents``."""
RESERVED = frozenset({"general-purpose"})


def _strings(doc: AgentDocument, path: str, node: YamlNode) -> None:
    """An array of strings."""
    expect(doc, path, node, "array")
    for index, element in enumerate(node.value):  # type: ignore[arg-type]
        expect(doc, f"{path}: {index}", element, "string")


def _string_or_strings(doc: AgentDocument, path: str, node: YamlNode) -> None:
    if json_kind(doc, node) != "string":
        _strings(doc, path, node)


def _model(doc: AgentDocument, path: str, node: YamlNode) -> None:
    if json_kind(doc, node) == "array" and not node.value:
        raise Malformed(f"{path}: Expected a non-empty list of model names", node.span)
    _string_or_strings(doc, path, node)


def _string(doc: AgentDocument, path: str, node: YamlNode) -> None:
    expect(doc, path, node, "string")


def _boolean(doc: AgentDocument, path: str, node: YamlNode) -> None:
    expect(doc, path, node, "boolean")


def _object(doc: AgentDocument, path: str, node: YamlNode) -> None:
    expect(doc, path, node, "object")


def _github(doc: AgentDocument, path: str, node: YamlNode) -> None:
    _object(doc, path, node)
    for item in node.items:
        if item.name == "toolsets":
            expect(doc, f"{path}.toolsets", item.value, "array")
        elif item.name == "permissions":
            _object(doc, f"{path}.permissions", item.value)


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
        fields = fields_of(server)
        kind = fields.get("type")
        kind_text = str(kind.value) if kind is not None else None
        if kind_text in ("http", "sse") or (kind is None and "url" in fields):
            _string(doc, f"{where}.url", _required(doc, where, server, fields, "url"))
        else:
            if kind is not None and kind_text not in ("local", "stdio"):
                message = f"{where}.type: Invalid enum value. Expected 'local' | 'stdio'"
                raise Malformed(message, kind.span)
            _string(doc, f"{where}.command", _required(doc, where, server, fields, "command"))
            expect(doc, f"{where}.args", _required(doc, where, server, fields, "args"), "array")
            if "env" in fields:
                _object(doc, f"{where}.env", fields["env"])
        expect(doc, f"{where}.tools", _required(doc, where, server, fields, "tools"), "array")


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
    "hooks": check_hooks,
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
            if item.identity in seen:
                path = _path_to(parsed.root, mapping, "")
                where = f"{path}: " if path else ""
                at = f" at {_line_column(doc, mapping.span.start, start)}" if path else ""
                message = (
                    f"failed to parse YAML frontmatter: {where}duplicate entry with key "
                    f"{json.dumps(item.name, ensure_ascii=False)}{at}"
                )
                problems.append((message, item.key.span))
                break
            seen.add(item.identity)
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
        misfit = tag_misfit(doc, node)
        if misfit is None:
            return None
        text, expected = misfit
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
    fields = fields_of(root)
    if "description" not in fields:
        raise Malformed("description: Required", opening)
    for key, check in SCHEMA.items():
        if key in fields:
            check(doc, key, fields[key])
    return fields


def _rejected(reason: str, span: Span) -> Verdict:
    message = f"Copilot reports “custom agent markdown frontmatter is malformed: {reason}”"
    return Verdict(False, None, message, "rejected", HARNESS, span)
