"""The MCP servers a harness connects where it runs, and what an agent's MCP tool names refer
to: the shapes each harness's ``mcp`` module fills in (its configuration files, its spelling of
server names in tool names) and the ``tools-mcp-*`` rules read."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from subagent_ls.core.document import AgentDocument


class ToolFilter(NamedTuple):
    """A server definition's own choice of its tools, as written: only those of ``include``
    (None: every tool), never those of ``exclude``."""

    include: tuple[str, ...] | None = None
    exclude: frozenset[str] = frozenset()


class McpServer(NamedTuple):
    """One configured server: its name as the harness's tool names spell it, as it is written
    in its configuration, the file that defines it, why the harness does not connect it
    (None: it does), its definition's filter of tools, and whether what is said of it comes
    from this machine's user-level configuration (``user``: its definition or its switch)."""

    name: str
    written: str
    where: str
    off: str | None = None
    tool_filter: ToolFilter = ToolFilter()
    user: bool = False


class McpServers(NamedTuple):
    """The servers a harness would connect in one project, by the name its tool names spell,
    and the places it looked, in order (what a warning names): the project's (``looked``) and
    this machine's, the user-level configuration that differs from one machine to the next
    (``looked_user``); where the harness also has tools of other origins: the names of its
    custom tools, and whether it may have tools no file names (``open_ended``: a plugin's, so
    a name of no server is not reported)."""

    servers: Mapping[str, McpServer] = MappingProxyType({})
    looked: tuple[str, ...] = ()
    looked_user: tuple[str, ...] = ()
    open_ended: bool = False
    own_tools: frozenset[str] = frozenset()


class McpReference(NamedTuple):
    """What one listed tool name refers to: the server (None: no server of that name is
    configured), the server as the name spells it, what the user may have meant, and why the
    server, connected, still withholds the tool (its own filter of tools; empty: it does not)."""

    server: McpServer | None
    spelled: str
    hint: str = ""
    withheld: str = ""


McpLookup = Callable[[], McpServers]
"""The servers, read when first asked for: a file that lists no MCP tool never reads them."""


def servers_named(
    written: Iterable[str],
    spell: Callable[[str], str],
    where: str,
    off: str | None = None,
    user: bool = False,
) -> dict[str, McpServer]:
    """Servers as written in one place, by the name ``spell`` gives them in tool names
    (``user``: a place of this machine's user-level configuration)."""
    return {spell(name): McpServer(spell(name), name, where, off, user=user) for name in written}


def map_servers(
    doc: AgentDocument, field: str, spell: Callable[[str], str]
) -> dict[str, McpServer]:
    """The servers an agent file defines itself as the keys of the map ``field``."""
    node = doc.field_value(field)
    if node is None or node.kind != "map":
        return {}
    written = [str(item.key.value) for item in node.items if item.key.kind == "str"]
    return servers_named(written, spell, f"this file's `{field}`")
