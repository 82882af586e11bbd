"""What GitHub Copilot CLI 1.0.102 says for porting a definition to it or from it: its tools by
capability, ``server/tool`` MCP names (``mcp``), and the fields ``skills`` and
``reasoning-effort``.

The tool rows come from runs of Copilot CLI 1.0.102 (offline, the stub provider of
``tests/harness``, model ``gpt-4o``): the tools a subagent was sent for each name in its
``tools``. ``Read`` gave ``view``, ``Grep`` ``rg``, ``Glob`` ``glob``, ``Bash`` ``bash`` (with
``read_bash``, ``stop_bash``, ``list_bash``), ``Task`` ``task`` (with the agent tools),
``TodoWrite`` ``update_todo``, ``Skill`` ``skill``; ``Edit`` and ``Write`` both gave the
model's one edit tool (``apply_patch`` for that model), so they are written by those names;
``WebFetch``, ``WebSearch`` and ``AskUserQuestion`` gave nothing, and ``["*"]`` no web tool.
Of its toolset names, ``read`` gave ``view``, ``edit`` the edit tool, ``execute`` ``bash``,
``search`` and ``codebase`` both ``rg`` and ``glob``; a name ``toolset/anything`` gave what the
toolset gives (``read/readFile``, ``edit/editFiles``, ``execute/runInTerminal``)."""

from __future__ import annotations

from subagent_ls.core.document import AgentDocument
from subagent_ls.harnesses.copilot.mcp import TOOLSETS
from subagent_ls.harnesses.porting import Carried, PortFacts, WrittenTools, listed_tools

SOURCE = "runs of GitHub Copilot CLI 1.0.102 (the tools a subagent is sent), `copilot/port.py`"
TOOLS = {
    "read": ("view", "Read", "read"),
    "grep": ("rg", "Grep"),
    "glob": ("glob", "Glob"),
    "list": (),
    "edit": ("Edit", "edit", "apply_patch"),
    "write": ("Write", "create"),
    "bash": ("bash", "Bash", "shell", "execute"),
    "web-fetch": (),
    "web-search": (),
    "task": ("task", "Task", "agent"),
    "todo": ("update_todo", "TodoWrite", "todo"),
    "skill": ("skill", "Skill"),
    "ask": (),
    "notebook": (),
}


def read_tools(doc: AgentDocument) -> tuple[str, ...] | None:
    """``tools`` (absent, or with ``*``: every tool); a string is split at commas."""
    names = listed_tools(doc, on_spaces=False)
    return None if names is None or "*" in names else tuple(dict.fromkeys(names))


def write_tools(names: tuple[str, ...] | None) -> WrittenTools:
    """A list (``[]``: no tools)."""
    if names is None:
        return WrittenTools("tools", None)
    quoted = [name if "/" not in name or "*" not in name else f'"{name}"' for name in names]
    return WrittenTools("tools", "tools: [" + ", ".join(quoted) + "]")


def mcp_name(server: str, tool: str) -> str:
    return f"{server}/{tool}"


def mcp_parse(name: str) -> tuple[str, str] | None:
    """``server/tool`` whose first part is none of Copilot's toolsets (VS Code's
    ``terminalLastCommand``-like sets are none of its servers either)."""
    server, slash, tool = name.partition("/")
    if not slash or not server or not tool or server.lower() in TOOLSETS:
        return None
    return server, tool


def write_model(meaning: str) -> str | None:
    """Only ``inherit``, the field left out (Copilot's model names are its own catalogue's)."""
    return "" if meaning == "inherit" else None


PORT = PortFacts(
    tools=TOOLS,
    read_tools=read_tools,
    write_tools=write_tools,
    mcp_name=mcp_name,
    mcp_parse=mcp_parse,
    sources=SOURCE,
    write_model=write_model,
    carried={
        "skills": Carried("skills", "string-list", "`skills` of its schema"),
        "effort": Carried("reasoning-effort", "string", "`reasoning-effort` of its schema"),
    },
    aliases={"search": ("grep", "glob"), "codebase": ("grep", "glob")},
    toolsets="/",
    name_pattern=r"\S(?:.*\S)?",
    name_charset="a-z0-9-",
    suffix=".agent.md",
    together=(("Edit", "Write"),),
)
