"""What Claude Code 2.1.332 says for porting a definition to it or from it: its tools by
capability (the tool names of ``BUILT_IN_TOOLS`` in ``dialect``, read from the bundle's tool
registry), ``mcp__server__tool`` names (``mcp``), its model aliases and ids, and the fields
``color``, ``maxTurns`` and ``skills``."""

from __future__ import annotations

from subagent_ls.core.document import AgentDocument
from subagent_ls.harnesses.claude_code.dialect import BUILT_IN_TOOLS, COLORS, FIELDS, TOOL_ALIASES
from subagent_ls.harnesses.porting import (
    Carried,
    PortFacts,
    WrittenTools,
    listed_tools,
    vendor_model,
)

SOURCE = "Claude Code 2.1.332's tool registry (`BUILT_IN_TOOLS` of `claude_code/dialect.py`)"
TOOLS = {
    "read": ("Read",),
    "grep": ("Grep",),
    "glob": ("Glob",),
    "list": (),
    "edit": ("Edit",),
    "write": ("Write",),
    "bash": ("Bash",),
    "web-fetch": ("WebFetch",),
    "web-search": ("WebSearch",),
    "task": ("Agent", "Task"),
    "todo": ("TodoWrite",),
    "skill": ("Skill",),
    "ask": ("AskUserQuestion",),
    "notebook": ("NotebookEdit",),
}
"""Each capability's tool (``Task`` is the old name of ``Agent``, ``TOOL_ALIASES``); Claude Code
has no tool that only lists a folder (``LS`` is gone: it grants nothing)."""
assert all(name in BUILT_IN_TOOLS or name in TOOL_ALIASES for row in TOOLS.values() for name in row)

CSS_COLORS = {
    "red": "#ff0000",
    "blue": "#0000ff",
    "green": "#008000",
    "yellow": "#ffff00",
    "purple": "#800080",
    "orange": "#ffa500",
    "pink": "#ffc0cb",
    "cyan": "#00ffff",
}
"""Claude Code's colour names (``COLORS``) and the CSS named colour each is (CSS Color Module
Level 4, §6.1), the colour a harness that takes ``#rrggbb`` is given."""
assert tuple(CSS_COLORS) == COLORS


def read_tools(doc: AgentDocument) -> tuple[str, ...] | None:
    """The names ``tools`` grants (absent or ``*``: every tool), less ``disallowedTools``."""
    names = listed_tools(doc)
    denied = set(listed_tools(doc, "disallowedTools") or ())
    if names is None or "*" in names:
        if not denied:
            return None
        names = [row[0] for row in TOOLS.values() if row]
    return tuple(n for n in dict.fromkeys(names) if n.split("(")[0] not in denied)


def write_tools(names: tuple[str, ...] | None) -> WrittenTools:
    """A comma-separated string, as Claude Code's document writes it (``""``: no tools)."""
    if names is None:
        return WrittenTools("tools", None)
    return WrittenTools("tools", "tools: " + (", ".join(names) if names else '""'))


def mcp_name(server: str, tool: str) -> str:
    return f"mcp__{server}__{tool}"


def mcp_parse(name: str) -> tuple[str, str] | None:
    """``mcp__server__tool`` (``mcp__server``: all of its tools)."""
    if not name.startswith("mcp__"):
        return None
    server, _, tool = name[len("mcp__") :].partition("__")
    return (server, tool or "*") if server else None


ALIASES = frozenset(FIELDS["model"].values)


def models(value: str) -> str | None:
    """``inherit``; a model id ``claude-…`` is Anthropic's; another alias means Claude Code's
    own choice of model (``alias:sonnet``), which no other harness has."""
    if value == "inherit":
        return "inherit"
    if value.lower() in ALIASES:
        return f"alias:{value.lower()}"
    return f"anthropic/{value}" if value.startswith("claude-") else None


def write_model(meaning: str) -> str | None:
    return "inherit" if meaning == "inherit" else vendor_model(meaning, "anthropic", "claude-")


PORT = PortFacts(
    tools=TOOLS,
    read_tools=read_tools,
    write_tools=write_tools,
    mcp_name=mcp_name,
    mcp_parse=mcp_parse,
    sources=SOURCE,
    models=models,
    write_model=write_model,
    carried={
        "color": Carried("color", "color", "`color` of Claude Code's schema"),
        "max-turns": Carried("maxTurns", "positive-integer", "`maxTurns` of its schema"),
        "skills": Carried("skills", "string-list", "`skills` of its schema"),
        "effort": Carried(
            "effort", "string", "`effort` of its schema", tuple(FIELDS["effort"].values)
        ),
    },
    colors=CSS_COLORS,
    name_pattern=r"[^\s:-][^:\r\n]{0,255}",
    name_charset="a-z0-9-",
)
