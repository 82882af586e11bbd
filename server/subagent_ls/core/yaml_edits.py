"""Writing YAML by hand, minimally: scalars in a given quoting style, flow lists, and the
"quote this plain value" repair. Every edit here touches only the text it replaces."""

from __future__ import annotations

import json
import re

from subagent_ls.core.document import AgentDocument
from subagent_ls.core.findings import Edit
from subagent_ls.core.frontmatter import Span
from subagent_ls.core.patterns import LazyPattern
from subagent_ls.core.yamltree import YamlNode, parse_yaml

_PLAIN_SAFE = LazyPattern(r"[A-Za-z0-9_][A-Za-z0-9_. /()-]*")
_RESERVED_PLAIN = {"true", "false", "null", "yes", "no", "on", "off", "~"}
_KEY_LINE = LazyPattern(
    r"([ \t]*(?:-[ \t]+)?)([^\s#'\"\-?:][^#:]*?|-[^\s#:][^#:]*?):[ \t]+(\S(?:.*[^ \t])?)[ \t]*"
)
"""A ``key: value`` line (in a list item or not); the value ends at its last character that
is not a space or tab, found by one step back from the line's end (linear in the line)."""
_BARE_KEY_LINE = LazyPattern(r"([ \t]*)([A-Za-z_][\w-]*):[ \t]*")


def is_plain_safe(value: str) -> bool:
    """Whether ``value`` reads back as the same string when written without quotes."""
    return (
        bool(_PLAIN_SAFE.fullmatch(value))
        and value.lower() not in _RESERVED_PLAIN
        and not value.endswith(" ")
        and not _looks_numeric(value)
    )


def _looks_numeric(value: str) -> bool:
    try:
        float(value.replace("_", ""))
    except ValueError:
        return value.lower().startswith(("0x", "0o"))
    return True


def double_quoted(value: str) -> str:
    """A YAML double-quoted scalar (JSON strings are valid YAML double-quoted scalars)."""
    return json.dumps(value, ensure_ascii=False)


def single_quoted(value: str) -> str:
    return "'" + value.replace("'", "''") + "'"


def scalar_in_style(value: str, style: str | None) -> str | None:
    """``value`` written in the quoting style of the scalar it replaces; None for block styles."""
    if style == "'":
        return single_quoted(value)
    if style == '"':
        return double_quoted(value)
    if style is None:
        return value if is_plain_safe(value) else double_quoted(value)
    return None


def replace_scalar(node: YamlNode, value: str) -> Edit | None:
    text = scalar_in_style(value, node.style)
    return Edit(node.span, text) if text is not None else None


def plain_source(doc: AgentDocument, node: YamlNode) -> str | None:
    """The source text of a plain scalar written on one line with no tag, anchor or alias:
    the text a fix may quote as it stands (quoting anything else would change the value)."""
    if node.style is not None or node.is_collection or node.kind == "null":
        return None
    text = doc.source(node.span)
    if not text or text[0] in "!&*" or "\n" in text or "\r" in text:
        return None
    return text


def flow_list(items: list[str]) -> str:
    return "[" + ", ".join(i if is_plain_safe(i) else double_quoted(i) for i in items) + "]"


def quote_plain_value(doc: AgentDocument, error_offset: int) -> Edit | None:
    """Quote the plain value whose text broke the YAML at ``error_offset``.

    Finds the ``key: value`` line the error belongs to (the error may sit on a continuation
    line), wraps the value and its continuation lines in single quotes, and returns the edit
    only if the frontmatter then parses past that value.
    """
    lines = doc.lines
    error_line = lines.line_of(error_offset)
    key_line = _owning_key_line(doc, error_line)
    if key_line is None:
        return None
    line_text = doc.text[lines.line_start(key_line) : lines.line_end(key_line)]
    match = _KEY_LINE.fullmatch(line_text)
    if match is None or match[3][0] in "'\"|>":
        return None
    start = lines.line_start(key_line) + match.start(3)
    end = lines.line_start(key_line) + match.end(3)
    last = _last_continuation_line(doc, key_line, len(match[1]))
    if last > key_line:
        end = lines.line_end(last)
    value = doc.text[start:end]
    comment = ""
    if last == key_line and (hit := re.search(r"[ \t]#", value)):
        value, comment = value[: hit.start()].rstrip(), value[hit.start() :]
    elif re.search(r"[ \t]#", value):
        return None
    edit = Edit(Span(start, end), single_quoted(value) + comment)
    return edit if _parses_past(doc, edit) else None


def unindent_key_line(doc: AgentDocument, error_offset: int, keys: frozenset[str]) -> Edit | None:
    """Move a ``key: value`` line that broke the YAML back to its mapping's indentation.

    The error line must start, more indented than the line above it, with one of ``keys`` (a
    field name written one level too deep reads as the previous value's continuation). The edit
    replaces the line's indentation only, and is returned only if the frontmatter then parses
    past that line.
    """
    lines, text = doc.lines, doc.text
    error_line = lines.line_of(error_offset)
    start = lines.line_start(error_line)
    own = text[start : lines.line_end(error_line)]
    match = _KEY_LINE.fullmatch(own) or _BARE_KEY_LINE.fullmatch(own)
    if match is None or match[1].strip() or match[2] not in keys:
        return None
    first = lines.line_of(doc.layout.yaml.start)
    for line in range(error_line - 1, first - 1, -1):
        above = text[lines.line_start(line) : lines.line_end(line)]
        if above.strip() and _indent(above) < len(match[1]):
            owner = _KEY_LINE.fullmatch(above) or _BARE_KEY_LINE.fullmatch(above)
            if owner is None or owner[1].strip():
                return None
            edit = Edit(Span(start, start + len(match[1])), owner[1])
            return edit if _parses_past(doc, edit) else None
    return None


def _indent(text: str) -> int:
    return len(text) - len(text.lstrip(" "))


def _owning_key_line(doc: AgentDocument, error_line: int) -> int | None:
    lines, text = doc.lines, doc.text
    first = lines.line_of(doc.layout.yaml.start)
    own = text[lines.line_start(error_line) : lines.line_end(error_line)]
    indent = _indent(own)
    for line in range(error_line - 1, first - 1, -1):
        above = text[lines.line_start(line) : lines.line_end(line)]
        if not above.strip():
            continue
        if _indent(above) < indent:
            match = _KEY_LINE.fullmatch(above)
            if match and match[3][0] not in "'\"|>&*!":
                return line
            break
    return error_line if _KEY_LINE.fullmatch(own) else None


def _last_continuation_line(doc: AgentDocument, key_line: int, key_indent: int) -> int:
    lines, text = doc.lines, doc.text
    last = key_line
    end_line = lines.line_of(doc.layout.yaml.end)
    for line in range(key_line + 1, end_line):
        content = text[lines.line_start(line) : lines.line_end(line)]
        if not content.strip():
            continue
        if _indent(content) <= key_indent or content.lstrip().startswith("#"):
            break
        last = line
    return last


def _parses_past(doc: AgentDocument, edit: Edit) -> bool:
    yaml = doc.layout.yaml
    new_text = (
        doc.text[yaml.start : edit.span.start] + edit.text + doc.text[edit.span.end : yaml.end]
    )
    result = parse_yaml(new_text, yaml.start)
    return result.error is None or result.error.offset > edit.span.start + len(edit.text)
