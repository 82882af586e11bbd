"""What agent-core's document (``agent-core-agents.txt``) says for porting a definition to it or
from it: the three tools it names, ``allowed-tools`` as the list of tools, and ``id`` as the
name. Each row cites the document's line.

The document names only ``fs_write``, ``execute`` and ``delegate`` among its tools (l. 29-30,
57); the other tools of its packages and MCP servers are not named, so a tool of another
capability has no name to be written by. It names no model field."""

from __future__ import annotations

from subagent_ls.core.document import AgentDocument
from subagent_ls.harnesses.porting import PortFacts, WrittenTools, listed_tools

SOURCE = "agent-core's document (`agent-core-agents.txt`), l. 27-30, 43-44, 57"
TOOLS = {
    "read": (),
    "grep": (),
    "glob": (),
    "list": (),
    "edit": (),
    "write": ("fs_write",),  # l. 29: blocking fs_write (its writing tool) ...
    "bash": ("execute",),  # l. 29-30: ... execute runs a shell that can write anywhere
    "web-fetch": (),
    "web-search": (),
    "task": ("delegate",),  # l. 57: the delegate tool spawns a child agent runtime
    "todo": (),
    "skill": (),
    "ask": (),
    "notebook": (),
}


def read_tools(doc: AgentDocument) -> tuple[str, ...] | None:
    """``allowed-tools``: omitted, the caller's full tool set (l. 22, 43); ``[]`` no tools
    at all (l. 43-44); a list the ceiling it names (l. 34)."""
    names = listed_tools(doc, "allowed-tools", on_spaces=False)
    return None if names is None else tuple(dict.fromkeys(names))


def write_tools(names: tuple[str, ...] | None) -> WrittenTools:
    """``allowed-tools`` as a list (``[]``: no tools, l. 43-44); every tool leaves it out."""
    if names is None:
        return WrittenTools("allowed-tools", None)
    return WrittenTools("allowed-tools", "allowed-tools: [" + ", ".join(names) + "]")


PORT = PortFacts(
    tools=TOOLS,
    read_tools=read_tools,
    write_tools=write_tools,
    sources=SOURCE,
    name_key="id",  # l. 7: the header's `id`; l. 69: a file is an agent when it declares one
    tool_keys=("allowed-tools",),
    name_pattern=r"\S(?:.*\S)?",  # l. 7, 69: no rule of characters is given
    name_charset="a-z0-9-",
)
