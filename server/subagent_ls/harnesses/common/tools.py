"""Reading a ``tools`` value as the harnesses do: a string split at commas (or spaces) outside
parentheses, or a list of names, each name with the exact place it is written."""

from __future__ import annotations

from typing import NamedTuple

from subagent_ls.core.frontmatter import Span
from subagent_ls.core.yamltree import YamlNode


class ListedTool(NamedTuple):
    """One tool name a ``tools`` value lists: the name, its span (the name alone where the
    source spells it as is, else the whole scalar it is written in) and that scalar."""

    name: str
    span: Span
    node: YamlNode


def split_tool_string(text: str, on_spaces: bool = True) -> list[str]:
    """Split ``"Read, Bash(git log:*)"`` into tool names: on commas outside parentheses, or
    (``on_spaces``) on spaces outside parentheses when there is no comma."""
    separator = "," if "," in text or not on_spaces else " "
    names, depth, current = [], 0, []
    for char in text:
        depth += {"(": 1, ")": -1}.get(char, 0)
        if char == separator and depth <= 0:
            names.append("".join(current))
            current = []
        else:
            current.append(char)
    names.append("".join(current))
    return [name.strip() for name in names if name.strip()]


def tool_names(node: YamlNode, on_spaces: bool = True, text: str = "") -> list[ListedTool]:
    """The tool names a ``tools`` value lists. Given the document's ``text``, each name of a
    string gets its own span where the scalar spells its value as is (plain, or quoted without
    escapes); else, and for the entries of a list, the span of the scalar that holds it."""
    if node.kind == "str":
        names = split_tool_string(str(node.value), on_spaces)
        if not text or not _spelled_as_is(node, text):
            return [ListedTool(name, node.span, node) for name in names]
        listed, cursor, end = [], node.span.start, node.span.end
        for name in names:
            found = text.find(name, cursor, end)
            if found < 0:
                listed.append(ListedTool(name, node.span, node))
                continue
            cursor = found + len(name)
            listed.append(ListedTool(name, Span(found, cursor), node))
        return listed
    if node.kind == "seq":
        entries = node.value
        assert isinstance(entries, list)
        return [ListedTool(str(e.value), e.span, e) for e in entries if e.kind == "str"]
    return []


def _spelled_as_is(node: YamlNode, text: str) -> bool:
    """Whether the scalar's source holds its value's characters one for one: plain, single
    quoted without a doubled quote, double quoted without an escape."""
    source = text[node.span.start : node.span.end]
    if node.style == "'":
        return "''" not in source[1:-1]
    if node.style == '"':
        return "\\" not in source
    return node.style is None
