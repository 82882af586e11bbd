"""What OpenCode 1.18.33 says for porting a definition to it or from it: its tools by capability
(``TOOL_NAMES`` of ``dialect``, the keys of its ``tools`` map), ``server_tool`` MCP names
(``mcp``), ``provider/model`` ids, and the fields ``color``, ``steps`` and ``temperature``.

A run of ``opencode run --agent`` (1.18.33, the stub provider of ``tests/harness``) showed what
a ``tools`` map grants: ``{"*": false, read: true, grep: true}`` sends exactly ``read`` and
``grep``; ``{read: true}`` alone takes nothing away; ``{"*": false, edit: true}`` sends ``edit``
and ``write`` (one switch)."""

from __future__ import annotations

import re

from subagent_ls.core.document import AgentDocument
from subagent_ls.harnesses.opencode.dialect import TOOL_NAMES
from subagent_ls.harnesses.opencode.schema import THEME_COLORS
from subagent_ls.harnesses.porting import Carried, PortFacts, WrittenTools

SOURCE = "OpenCode 1.18.33's built-in tools (`TOOL_NAMES` of `opencode/dialect.py`)"
TOOLS = {
    "read": ("read",),
    "grep": ("grep",),
    "glob": ("glob",),
    "list": ("list",),
    "edit": ("edit", "patch"),
    "write": ("write",),
    "bash": ("bash",),
    "web-fetch": ("webfetch",),
    "web-search": ("websearch",),
    "task": ("task",),
    "todo": ("todowrite",),
    "skill": ("skill",),
    "ask": ("question",),
    "notebook": (),
}
"""Each capability's tool (``patch`` is the ``edit`` switch too)."""
OFFERED = frozenset(
    ("bash", "edit", "glob", "grep", "read", "skill", "task", "todowrite", "webfetch", "write")
)
"""The tools a run of ``opencode run --agent`` (1.18.33, no ``tools`` map) sent the agent: the
others (``list``, ``question``, ``websearch``) are not offered by default."""
ONE_SWITCH = ("edit", "write", "patch")
"""``write``, ``edit`` and ``patch`` are one switch: the last of them given decides all three."""


def _switches(doc: AgentDocument) -> list[tuple[str, bool]]:
    """The ``tools`` map's entries, then ``permission``'s (``deny`` off, any other action on),
    in order: each name with whether it is on."""
    found: list[tuple[str, bool]] = []
    tools = doc.fields.get("tools")
    if tools is not None and tools.value.kind == "map":
        for item in tools.value.items:  # type: ignore[union-attr]
            if item.value.kind == "bool":
                found.append((item.name, bool(item.value.value)))
    permission = doc.fields.get("permission")
    if permission is not None and permission.value.kind == "str":
        found.append(("*", permission.value.value != "deny"))
    elif permission is not None and permission.value.kind == "map":
        for item in permission.value.items:  # type: ignore[union-attr]
            if item.value.kind == "str":
                found.append((item.name, item.value.value != "deny"))
    return found


def read_tools(doc: AgentDocument) -> tuple[str, ...] | None:
    """The names the agent gets: the tools OpenCode offers by default, less those switched off
    (after ``"*": false``, only those switched on); a switch of ``edit``, ``write`` or
    ``patch`` is all three. None where nothing is switched off."""
    switches = _switches(doc)
    if not any(value is False for _, value in switches):
        return None
    on: dict[str, bool] = {name: name in OFFERED for name in TOOL_NAMES}
    for name, value in switches:
        if name == "*":
            on = {tool: value and tool in OFFERED for tool in on}
        elif name in ONE_SWITCH:  # `patch` is offered only where it is named
            switched = ("edit", "write", "patch") if name == "patch" else ("edit", "write")
            on.update(dict.fromkeys(switched, value))
        else:
            on[name] = value
    return tuple(name for name, value in on.items() if value)


def tool_notes(doc: AgentDocument) -> list[tuple[str, str, str]]:
    """``permission`` entries that say more than on or off: rules per pattern, and ``ask``."""
    permission = doc.fields.get("permission")
    notes: list[tuple[str, str, str]] = []
    if permission is None:
        return notes
    items = permission.value.items if permission.value.kind == "map" else [permission]  # type: ignore[union-attr]
    for item in items:
        text = f"{item.name}: {doc.source(item.value.span)}"
        if item.value.kind == "map":
            notes.append(("permission", text, "a rule per pattern is not carried"))
        elif item.value.kind == "str" and item.value.value == "ask":
            notes.append(("permission", text, "asking before each use is not carried"))
    return notes


def write_tools(names: tuple[str, ...] | None) -> WrittenTools:
    """``tools: {"*": false, name: true, ...}`` (every other tool off)."""
    if names is None:
        return WrittenTools("tools", None)
    lines = ["tools:", '  "*": false']
    lines += [f"  {_key(name)}: true" for name in names]
    return WrittenTools("tools", "\n".join(lines))


def _key(name: str) -> str:
    return name if re.fullmatch(r"[A-Za-z0-9_-]+", name) else '"' + name.replace('"', '\\"') + '"'


def mcp_name(server: str, tool: str) -> str:
    """``server_tool``: each character of the server's name outside ``A-Z a-z 0-9 _ -`` as
    ``_`` (``opencode/mcp.py``)."""
    return re.sub(r"[^A-Za-z0-9_-]", "_", server) + "_" + tool


def mcp_parse(name: str) -> tuple[str, str] | None:
    """A name with a ``_`` that is no built-in tool's: an MCP tool (split at the first ``_``:
    OpenCode does not tell a server's ``_`` from the one before the tool)."""
    if name in TOOL_NAMES or "_" not in name:
        return None
    server, _, tool = name.partition("_")
    return (server, tool) if server and tool else None


def models(value: str) -> str | None:
    """``provider/model`` is that model."""
    return value if re.fullmatch(r"[^/]+/.+", value) else None


def write_model(meaning: str) -> str | None:
    """A model id as ``provider/model`` (OpenCode's providers ``anthropic``, ``google``,
    ``openai``: models.dev's ids); ``inherit`` is the field left out (the session's model)."""
    if meaning == "inherit":
        return ""
    return meaning if re.fullmatch(r"[^/]+/.+", meaning) else None


PORT = PortFacts(
    tools=TOOLS,
    read_tools=read_tools,
    tool_notes=tool_notes,
    write_tools=write_tools,
    mcp_name=mcp_name,
    mcp_parse=mcp_parse,
    sources=SOURCE,
    models=models,
    write_model=write_model,
    carried={
        "color": Carried("color", "color", "`color` of `ConfigAgentV1` (`opencode/schema.py`)"),
        "max-turns": Carried("steps", "positive-integer", "`steps` of `ConfigAgentV1`"),
        "temperature": Carried("temperature", "number", "`temperature` of `ConfigAgentV1`"),
    },
    colors={name: "" for name in THEME_COLORS},
    any_hex_color=True,
    name_field=False,
    name_pattern=r"[A-Za-z0-9_][A-Za-z0-9_.-]*",
    name_charset="a-z0-9-",
    added=(("mode", "subagent", "a definition offered to other agents, as a subagent is"),),
    together=(("edit", "write"),),
)
