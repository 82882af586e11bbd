"""What the Harness Subagents format (``harness-subagents-spec.txt``) says for porting a
definition to it or from it: ``name`` equal to the file name, under its rules, ``tools`` a list
or a boolean, and no model field. Each row cites the specification's line.

The format has no tool vocabulary: "Tool names are harness-specific" (l. 143), and its examples
list the harness's own names (``[Read, Grep, Glob]``, l. 47, 151). So a port to it carries
every tool name as written, and a port from it keeps the names the target harness knows.
It has no model field (l. 279): ``complexity`` names the kind of work, "not a model size or an
effort setting" (l. 120), so no model is carried into it and it is not read as a model."""

from __future__ import annotations

from subagent_ls.core.document import AgentDocument
from subagent_ls.harnesses.porting import PortFacts, WrittenTools, listed_tools

SOURCE = "the Harness Subagents specification (`harness-subagents-spec.txt`), l. 143"
NO_TOOLS = {capability: () for capability in ("read", "grep", "glob", "edit", "write", "bash")}
"""No name of any capability (l. 143): names are carried as written (``verbatim_tools``)."""


def read_tools(doc: AgentDocument) -> tuple[str, ...] | None:
    """``tools`` (l. 140-142): absent or ``true`` every tool, ``false`` or ``[]`` none, else
    the names listed."""
    node = doc.field_value("tools")
    if node is not None and node.kind == "bool":
        return None if node.value else ()
    names = listed_tools(doc, on_spaces=False)
    return None if names is None else tuple(dict.fromkeys(names))


def write_tools(names: tuple[str, ...] | None) -> WrittenTools:
    """A list (l. 140, 151); ``false`` for none (l. 157); left out for every tool (l. 141: it
    inherits the parent's tools)."""
    if names is None:
        return WrittenTools("tools", None)
    return WrittenTools("tools", "tools: " + ("[" + ", ".join(names) + "]" if names else "false"))


PORT = PortFacts(
    tools=NO_TOOLS,
    read_tools=read_tools,
    write_tools=write_tools,
    sources=SOURCE,
    write_model=lambda meaning: "" if meaning == "inherit" else None,  # l. 128: inherit's default
    verbatim_tools=True,
    model_note="the format has no model field (l. 279): the harness picks the model from "
    "`complexity`, the description and its own policy",
    # l. 59-63: 1-64 characters, a-z 0-9 and `-`, no `-` at either end or twice, the file name
    name_pattern=r"(?=[a-z0-9-]{1,64}$)[a-z0-9]+(?:-[a-z0-9]+)*",
    name_charset="a-z0-9",
)
