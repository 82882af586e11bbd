"""The facts a harness gives for porting a definition to it or from it: its tools by capability,
how it names MCP tools, what its model values mean, the fields that carry one meaning across
harnesses, and how it names and writes a definition. Each harness package that can be ported to
declares them (``PORT``) as data, with the source of each row; ``analysis.port`` reads them."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Literal, NamedTuple

from subagent_ls.harnesses.model import EMPTY_MAPPING

if TYPE_CHECKING:
    from subagent_ls.core.document import AgentDocument

CAPABILITIES = (
    "read",
    "grep",
    "glob",
    "list",
    "edit",
    "write",
    "bash",
    "web-fetch",
    "web-search",
    "task",
    "todo",
    "skill",
    "ask",
    "notebook",
)
"""What a tool does, the same in every harness: each harness's tool of a capability is the one a
definition ported to it is given in place of the source's tool of that capability."""

Kind = Literal["string", "positive-integer", "number", "string-list", "color"]


class Carried(NamedTuple):
    """A field of one meaning across harnesses (``color``, ``max-turns``...): this harness's key
    for it and the kind of value it takes."""

    key: str
    kind: Kind
    source: str
    """Where the harness defines it (its document, loader or schema)."""
    values: tuple[str, ...] = ()
    """The values it takes (empty: any of its kind); another is not carried to it."""


class WrittenTools(NamedTuple):
    """The frontmatter entry that grants a set of tools: its key and its YAML text (None: the
    key is left out, which grants every tool)."""

    key: str
    yaml: str | None


class PortFacts(NamedTuple):
    """What one harness says for porting. ``tools`` maps each capability to this harness's tool
    names for it, the first one written by a port (``()``: it has none); ``aliases`` are other
    names it reads as that capability. ``read_tools`` gives the tool names a file of this
    harness grants as written (None: every tool); ``write_tools`` the entry that grants exactly
    the names given (None: every tool). ``mcp_name`` spells a server's tool (``*``: all of its
    tools; None: the harness says nothing of MCP tools, the default) and ``mcp_parse`` reads
    one back.
    ``models`` maps a model value to its meaning (``inherit``, or ``vendor/id`` for a model
    id), ``write_model`` a meaning back to a value (None: no equivalent). ``name_pattern`` is
    what a name must match (anything else is made a slug of ``name_charset``); ``name_field``
    whether ``name`` is written (else the file name carries it). ``sources`` says where the
    rows come from."""

    tools: Mapping[str, tuple[str, ...]]
    read_tools: Callable[[AgentDocument], tuple[str, ...] | None]
    write_tools: Callable[[tuple[str, ...] | None], WrittenTools]
    sources: str
    mcp_name: Callable[[str, str], str | None] = lambda server, tool: None
    mcp_parse: Callable[[str], tuple[str, str] | None] = lambda name: None
    aliases: Mapping[str, tuple[str, ...]] = EMPTY_MAPPING
    models: Callable[[str], str | None] = lambda value: None
    write_model: Callable[[str], str | None] = lambda meaning: None
    carried: Mapping[str, Carried] = EMPTY_MAPPING
    colors: Mapping[str, str] = EMPTY_MAPPING
    """Colour names this harness takes, with the ``#rrggbb`` each stands for."""
    any_hex_color: bool = False
    name_field: bool = True
    name_pattern: str = r"[a-z0-9][a-z0-9-]*"
    name_charset: str = "a-z0-9-"
    suffix: str = ".md"
    added: tuple[tuple[str, str, str], ...] = ()
    """Entries a ported definition is given in this harness: key, YAML value, why."""
    tool_notes: Callable[[AgentDocument], list[tuple[str, str, str]]] = lambda doc: []
    """What ``read_tools`` does not carry of a file: each as its field, its text and why."""
    together: tuple[tuple[str, ...], ...] = ()
    """Tools the harness grants only together (one switch): a port given one is given all."""

    toolsets: str | None = None
    """The separator after which a name's rest does not matter (``toolset/anything`` is the
    toolset's tools)."""
    uncharted: Mapping[str, str] = EMPTY_MAPPING
    """Tools the harness has whose capability its source does not say, each with why."""
    name_key: str = "name"
    """The key a name is written under (agent-core's ``id``)."""
    tool_keys: tuple[str, ...] = ("tools",)
    """The keys ``read_tools`` reads (not reported as left out)."""
    verbatim_tools: bool = False
    """Tool names are the harness's own, carried as written (a format that leaves tool names
    to the harness): to it, every name as written; from it, the names the target knows."""
    model_note: str | None = None
    """Why a model id is not carried to this harness, where it has no model ids of its own."""

    def capabilities_of(self, name: str) -> tuple[str, ...]:
        """The capabilities of one of this harness's tool names (or an alias): ``()`` where it
        has none."""
        for capability, names in self.tools.items():
            if name in names:
                return (capability,)
        if name in self.aliases:
            return self.aliases[name]
        if self.toolsets is not None and self.toolsets in name:
            toolset = name.split(self.toolsets, 1)[0]
            return self.capabilities_of(toolset) if toolset != name else ()
        return ()


def listed_tools(
    doc: AgentDocument, key: str = "tools", on_spaces: bool = True
) -> list[str] | None:
    """The names a list-or-string field lists (None: the field is absent or not a list or a
    string)."""
    from subagent_ls.harnesses.common.tools import tool_names

    item = doc.fields.get(key)
    if item is None or item.value.kind not in ("str", "seq"):
        return None
    return [listed.name for listed in tool_names(item.value, on_spaces)]


def slug(text: str, charset: str) -> str:
    """``text`` in lower case with every run of characters outside ``charset`` (a regular
    expression class body) as one ``-``, without ``-`` at either end."""
    import re

    return re.sub(f"[^{charset}]+", "-", text.lower()).strip("-")


def vendor_model(meaning: str, vendor: str, prefix: str) -> str | None:
    """The id a harness writes for a model meaning of ``vendor`` whose id starts with ``prefix``
    (``anthropic/claude-…`` → ``claude-…``), or None: another vendor's model."""
    found, _, model = meaning.partition("/")
    return model if found == vendor and model.startswith(prefix) else None
