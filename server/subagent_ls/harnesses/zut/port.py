"""What zut's document (``zut-named-subagent-profiles.txt``) says for porting a definition to it
or from it: its tool registry, ``tools`` comma-separated or a list, ``name`` (falling back to the
file name), and a ``model`` id. Each row cites the document's line.

Its tools are its built-in registry ``read``, ``write``, ``edit``, ``bash`` and ``lsp``, and
``skill`` where skills are enabled; unknown names grant nothing (l. 44). A worker cannot spawn
subagents (l. 53). It says nothing of MCP tools. It scans no project folder (l. 18): a port
to zut needs ``--out``."""

from __future__ import annotations

from subagent_ls.core.document import AgentDocument
from subagent_ls.harnesses.porting import Carried, PortFacts, WrittenTools, listed_tools

SOURCE = "zut's document (`zut-named-subagent-profiles.txt`), l. 44 and 53"
TOOLS = {
    "read": ("read",),  # l. 44: its built-in `read`
    "grep": (),
    "glob": (),
    "list": (),
    "edit": ("edit",),  # l. 44: `edit`
    "write": ("write",),  # l. 44: `write`
    "bash": ("bash",),  # l. 44: `bash`
    "web-fetch": (),
    "web-search": (),
    "task": (),  # l. 53: a worker cannot invoke `subagent_spawn`
    "todo": (),
    "skill": ("skill",),  # l. 44: the conditional `skill` tool
    "ask": (),
    "notebook": (),
}
"""``lsp`` (l. 44) has no capability the other harnesses share."""


def read_tools(doc: AgentDocument) -> tuple[str, ...] | None:
    """``tools`` split at commas, or a list (l. 44); absent, the profile sets no tool selection
    (l. 66 applies the profile's "tool selection" only where it has one): every tool."""
    names = listed_tools(doc, on_spaces=False)
    return None if names is None else tuple(dict.fromkeys(names))


def write_tools(names: tuple[str, ...] | None) -> WrittenTools:
    """Comma-separated, as its example writes ``tools: read`` (l. 26); ``[]`` for none (l. 44:
    only the names listed of its registry are granted)."""
    if names is None:
        return WrittenTools("tools", None)
    return WrittenTools("tools", "tools: " + (", ".join(names) if names else "[]"))


def models(value: str) -> str | None:
    """A ``provider/model`` id (l. 45) names one of zut's providers (its example's
    ``openai-codex``), which its document does not list: its meaning elsewhere cannot be told."""
    return None


PORT = PortFacts(
    tools=TOOLS,
    read_tools=read_tools,
    write_tools=write_tools,
    sources=SOURCE,
    models=models,
    write_model=lambda meaning: "" if meaning == "inherit" else None,
    model_note="zut's `model` is its own provider's id (l. 45, `openai-codex/gpt-5.6-luna`) and "
    "its document lists no provider ids, so the same model cannot be named there; the profile "
    "runs on the host's model",
    carried={
        # l. 47: `thinking` (an alias of `reasoning`): off, minimum, low, medium, high, xhigh, max
        "effort": Carried(
            "thinking",
            "string",
            "`thinking`, l. 47",
            ("off", "minimum", "low", "medium", "high", "xhigh", "max"),
        ),
    },
    uncharted={
        "lsp": "zut's `lsp` tool (l. 44) has no equivalent among the tools the other harnesses "
        "share"
    },
    name_pattern=r"\S(?:.*\S)?",  # l. 42: the name `subagent_spawn` is given; no rule of characters
    name_charset="a-z0-9-",
)
