"""Reading a ``tools`` value as the harnesses do: a string split at commas (or spaces) outside
parentheses, or a list of names, each name with the node it is written in."""

from __future__ import annotations

from subagent_ls.core.yamltree import YamlNode


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


def tool_names(node: YamlNode, on_spaces: bool = True) -> list[tuple[str, YamlNode]]:
    """The tool names a ``tools`` value lists, each with the node it is written in."""
    if node.kind == "str":
        return [(name, node) for name in split_tool_string(str(node.value), on_spaces)]
    if node.kind == "seq":
        return [(str(e.value), e) for e in node.value if e.kind == "str"]  # type: ignore[union-attr]
    return []
