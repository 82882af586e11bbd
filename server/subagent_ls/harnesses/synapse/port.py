"""What Synapse's document (``synapse-subagents.zh.txt``, in Chinese) says for porting a
definition to it or from it: its tools by capability, the ``tools`` list and the
``disallowed_tools`` denylist, ``model: inherit``, and ``name`` as its identifier. Each row
cites the document's line.

Its tools are the main agent's ``find_files``, ``search_files`` and ``patch`` and deepagents'
``read_file``, ``write_file``, ``edit_file`` and ``execute`` (l. 92); ``ls``, ``glob``,
``grep`` and the todo tools are never exposed (l. 147, 149). It says nothing of MCP tools, of
web tools, or of a subagent's delegating further."""

from __future__ import annotations

from subagent_ls.core.document import AgentDocument
from subagent_ls.harnesses.porting import Carried, PortFacts, WrittenTools
from subagent_ls.harnesses.synapse.dialect import FRAMEWORK_TOOLS, granted_tools, listed

SOURCE = "Synapse's document (`synapse-subagents.zh.txt`), the lines of each row"
TOOLS = {
    "read": ("read_file",),  # l. 91: 框架内置工具 ... read_file
    # l. 149: ls/glob/grep are hidden "to avoid repeating find_files/search_files"
    # (避免与 find_files/search_files 重复): search_files is its grep, find_files its glob
    "grep": ("search_files",),
    "glob": ("find_files",),
    "list": (),  # l. 149: `ls` is always excluded
    "edit": ("edit_file",),  # l. 91, 66: edit_file (`patch`, l. 80, is not said to edit)
    "write": ("write_file",),  # l. 91, 66: write_file
    "bash": ("execute",),  # l. 173: execute 在 host 上执行 (runs shell commands)
    "web-fetch": (),
    "web-search": (),
    "task": (),  # l. 3: `task` is the main agent's tool, not a subagent's
    "todo": (),  # l. 147: write_todos/todo_write/todos are always blocked
    "skill": (),
    "ask": (),
    "notebook": (),
}


def read_tools(doc: AgentDocument) -> tuple[str, ...] | None:
    """``tools`` absent or null (l. 91: the main agent's defaults and the framework's tools):
    every tool, unless ``disallowed_tools`` (l. 81) takes some away; ``[]`` the framework's
    tools (l. 92); a list the names it lists (l. 93)."""
    node = doc.field_value("tools")
    if (node is None or node.kind == "null") and not listed(doc, "disallowed_tools"):
        return None
    granted = granted_tools(doc)
    if granted is not None:
        return granted
    names = listed(doc, "tools")
    return None if names is None else tuple(dict.fromkeys(names))


def write_tools(names: tuple[str, ...] | None) -> WrittenTools:
    """A list (l. 65, 93: the final strict whitelist); no tool is ``tools: []`` with every
    framework tool denied, as ``[]`` keeps the framework's tools (l. 92) and
    ``disallowed_tools`` still applies to them (l. 92)."""
    if names is None:
        return WrittenTools("tools", None)
    if not names:
        denied = ", ".join(FRAMEWORK_TOOLS)
        return WrittenTools("tools", f"tools: []\ndisallowed_tools: [{denied}]")
    return WrittenTools("tools", "tools: [" + ", ".join(names) + "]")


def models(value: str) -> str | None:
    """``inherit`` (l. 78); a ``provider:model-name`` names a provider of Synapse's own, which
    its document does not list, so its meaning elsewhere cannot be told."""
    return "inherit" if value == "inherit" else None


def write_model(meaning: str) -> str | None:
    """``inherit`` (l. 64, 78), the only value whose meaning the document gives."""
    return "inherit" if meaning == "inherit" else None


PORT = PortFacts(
    tools=TOOLS,
    read_tools=read_tools,
    write_tools=write_tools,
    sources=SOURCE,
    models=models,
    write_model=write_model,
    model_note="Synapse's model is `provider:model-name` (l. 78) and its document lists no "
    "provider ids, so the same model cannot be named there; the agent runs on the main "
    "agent's model",
    uncharted={
        "patch": "a main agent tool of Synapse (l. 80, 91) whose document does not say what it "
        "does, so it has no equivalent to be mapped to"
    },
    carried={
        # l. 79, 204: off/minimal/low/medium/high/max (inherit is "not configured", l. 204)
        "effort": Carried(
            "reasoning_effort",
            "string",
            "`reasoning_effort`, l. 79",
            ("off", "minimal", "low", "medium", "high", "max"),
        ),
    },
    tool_keys=("tools", "disallowed_tools"),
    name_pattern=r"\S(?:.*\S)?",  # l. 75: name is the unique identifier; no rule of characters
    name_charset="a-z0-9-",
)
