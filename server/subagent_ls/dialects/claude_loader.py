"""What Claude Code does with a file in ``.claude/agents/``, reproduced step by step.

Claude Code finds the frontmatter with its own pattern (a BOM before ``---`` hides it), parses
the YAML, and when that fails it quotes every ``key: value`` line whose value holds ``: `` or
one of ``{}[]*&#!|>%@``` `` and turns leading tabs into spaces, then parses again. A file whose
YAML still fails, or with no string ``name``, is ignored without a word; a name starting with
``-`` or a missing description is rejected with a logged error.
"""

from __future__ import annotations

import re

from subagent_ls.engine.document import AgentDocument
from subagent_ls.engine.findings import Finding, excerpt
from subagent_ls.engine.frontmatter import Span
from subagent_ls.engine.verdict import Verdict
from subagent_ls.engine.yamltree import YamlNode, parse_yaml

HARNESS = "Claude Code"
_FENCE = re.compile(r"---\s*\n([\s\S]*?)---\s*\n?")
_LINE_BREAK = re.compile(r"\n")
_REPAIRABLE = re.compile(r"([a-zA-Z_-]+):\s+([^\n\r\u2028\u2029]+)")
_NEEDS_QUOTES = re.compile(r"[{}\[\]*&#!|>%@`]|: ")
_LEADING_TABS = re.compile(r"^\t+", re.MULTILINE)
_JS_STRING_KINDS = ("str", "tagged", "timestamp")


def repair(yaml_text: str) -> str:
    """Claude Code's second attempt at YAML that failed to parse."""
    lines = []
    for line in _LINE_BREAK.split(yaml_text):
        match = _REPAIRABLE.fullmatch(line)
        if match is None:
            lines.append(line)
            continue
        key, value = match[1], match[2]
        quoted = (value[0] == value[-1] and value[0] in "\"'" and len(value) > 1) or (
            value.startswith("[") and value.endswith("]") and _is_list(value)
        )
        if not quoted and _NEEDS_QUOTES.search(value):
            escaped = value.replace("\\", "\\\\").replace('"', '\\"')
            lines.append(f'{key}: "{escaped}"')
        else:
            lines.append(line)
    return _LEADING_TABS.sub(lambda m: "  " * len(m[0]), "\n".join(lines))


def _is_list(value: str) -> bool:
    parsed = parse_yaml(value, 0)
    return parsed.error is None and parsed.root is not None and parsed.root.kind == "seq"


def _field(root: YamlNode, key: str) -> YamlNode | None:
    found = None
    for item in root.items:
        if item.name == key:
            found = item.value
    return found


def claude_code_verdict(doc: AgentDocument, findings: list[Finding]) -> Verdict:
    """Predict Claude Code's handling of ``doc`` on its own."""
    opening = Span(0, doc.lines.line_end(0))
    if doc.unreadable is not None:
        return Verdict(False, None, f"it cannot be read ({doc.unreadable})", "ignored", HARNESS)
    if doc.has_bom or doc.text.startswith("\ufeff"):
        reason = (
            "the file starts with a byte order mark, so Claude Code sees no frontmatter and "
            "ignores it without a word; save it as UTF-8 without BOM"
        )
        return Verdict(False, None, reason, "ignored", HARNESS, Span(0, 0))
    match = _FENCE.match(doc.text)
    if match is None:
        reason = "Claude Code finds no frontmatter and ignores the file without a word"
        return Verdict(False, None, reason, "ignored", HARNESS, opening)
    same_text = match.start(1) == doc.layout.yaml.start and match[1] == doc.yaml_text
    parsed = doc.yaml if same_text else parse_yaml(match[1], match.start(1))
    repaired = False
    if parsed.error is not None:
        parsed = parse_yaml(repair(match[1]), match.start(1))
        repaired = True
        if parsed.error is not None:
            reason = (
                "its YAML does not parse even after Claude Code's automatic quoting, so Claude "
                "Code ignores the file (it says so only in its debug log)"
            )
            span = doc.yaml.error and Span(doc.yaml.error.offset, doc.yaml.error.offset)
            return Verdict(False, None, reason, "ignored", HARNESS, span or opening)
    root = parsed.root
    if root is None or root.kind != "map":
        reason = "the frontmatter is not `key: value` fields, so Claude Code ignores the file"
        return Verdict(False, None, reason, "ignored", HARNESS, opening)
    return _identity_verdict(doc, root, repaired, opening)


def _identity_verdict(doc: AgentDocument, root: YamlNode, repaired: bool, opening: Span) -> Verdict:
    name_node = _field(root, "name")
    name_span = _span_of(doc, "name") or opening
    if name_node is None or name_node.kind not in _JS_STRING_KINDS or not name_node.value:
        what = "no `name`" if name_node is None else "a `name` that is not a string"
        reason = f"the file has {what}, so Claude Code ignores it without a word"
        return Verdict(False, None, reason, "ignored", HARNESS, name_span)
    name = str(name_node.value)
    if name.startswith("-"):
        reason = f"Claude Code rejects the name `{excerpt(name)}`: names must not start with `-`"
        return Verdict(False, None, reason, "rejected", HARNESS, name_span)
    description = _field(root, "description")
    if description is None or description.kind not in _JS_STRING_KINDS or not description.value:
        reason = "Claude Code rejects a file whose `description` is missing, empty or not a string"
        return Verdict(
            False, None, reason, "rejected", HARNESS, _span_of(doc, "description") or opening
        )
    if not repaired:
        return Verdict(True, name, None, "loads", HARNESS)
    note = (
        "Claude Code repairs this YAML by quoting values and loads the file; Copilot, OpenCode "
        "and strict YAML parsers reject it. The description Claude Code will use is: "
        f"“{excerpt(str(description.value), 160)}”"
    )
    return Verdict(True, name, None, "repaired", HARNESS, note=note)


def _span_of(doc: AgentDocument, key: str) -> Span | None:
    item = doc.fields.get(key)
    return item.value.span if item else None
