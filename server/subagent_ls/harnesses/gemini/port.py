"""What Gemini CLI 0.61.0 says for porting a definition to it or from it: its tools by capability
(``BUILTIN_TOOLS`` of ``loader``, ``ALL_BUILTIN_TOOL_NAMES`` of its bundle), ``mcp_SERVER_TOOL``
names (``mcp``), its model aliases and ``gemini-…`` ids, and the fields ``max_turns`` and
``temperature``. Its schema is strict: a key it does not define rejects the file, so nothing
else is written."""

from __future__ import annotations

import re

from subagent_ls.core.document import AgentDocument
from subagent_ls.harnesses.gemini.dialect import FIELDS
from subagent_ls.harnesses.gemini.loader import BUILTIN_TOOLS
from subagent_ls.harnesses.porting import (
    Carried,
    PortFacts,
    WrittenTools,
    listed_tools,
    vendor_model,
)

SOURCE = "Gemini CLI 0.61.0's `ALL_BUILTIN_TOOL_NAMES` (`BUILTIN_TOOLS` of `gemini/loader.py`)"
TOOLS = {
    "read": ("read_file", "read_many_files"),
    "grep": ("grep_search", "search_file_content"),
    "glob": ("glob",),
    "list": ("list_directory",),
    "edit": ("replace",),
    "write": ("write_file",),
    "bash": ("run_shell_command",),
    "web-fetch": ("web_fetch",),
    "web-search": ("google_web_search",),
    "task": (),
    "todo": ("write_todos",),
    "skill": ("activate_skill",),
    "ask": ("ask_user",),
    "notebook": (),
}
"""Each capability's tool (``read_many_files`` reads too, ``search_file_content`` is the old
name of ``grep_search``). Not ``invoke_agent``: whether a subagent may call it was not run."""
assert all(n in BUILTIN_TOOLS or n == "search_file_content" for r in TOOLS.values() for n in r)


def read_tools(doc: AgentDocument) -> tuple[str, ...] | None:
    """``tools`` (absent, or with ``*``: every tool)."""
    names = listed_tools(doc, on_spaces=False)
    return None if names is None or "*" in names else tuple(dict.fromkeys(names))


def write_tools(names: tuple[str, ...] | None) -> WrittenTools:
    """A list (``[]``: no tools)."""
    if names is None:
        return WrittenTools("tools", None)
    return WrittenTools("tools", "tools: [" + ", ".join(names) + "]")


def mcp_name(server: str, tool: str) -> str:
    """``mcp_SERVER_TOOL``: each character of the server outside ``A-Z a-z 0-9 _ . : -`` as
    ``_`` (``gemini/mcp.py``)."""
    return "mcp_" + re.sub(r"[^A-Za-z0-9_.:-]", "_", server) + "_" + tool


def mcp_parse(name: str) -> tuple[str, str] | None:
    """``mcp_SERVER_TOOL``, the server being what stands before the next ``_``."""
    if not name.startswith("mcp_") or name.startswith("mcp__"):
        return None
    server, _, tool = name[len("mcp_") :].partition("_")
    return (server, tool) if server and tool else None


ALIASES = frozenset(FIELDS["model"].values) - {"inherit"}


def models(value: str) -> str | None:
    """``inherit``; a ``gemini-…`` id is Google's; another alias is Gemini CLI's own choice."""
    if value == "inherit":
        return "inherit"
    if value in ALIASES:
        return f"alias:{value}"
    return f"google/{value}" if value.startswith("gemini-") else None


def write_model(meaning: str) -> str | None:
    """``inherit`` is the default (the field is left out); a Google model id as is."""
    return "" if meaning == "inherit" else vendor_model(meaning, "google", "gemini-")


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
        "max-turns": Carried("max_turns", "positive-integer", "`max_turns` of its schema"),
        "temperature": Carried("temperature", "number", "`temperature` of its schema"),
    },
    name_pattern=r"[a-z0-9_-]+",
    name_charset="a-z0-9_-",
)
