"""MCP tool names in ``tools`` against the MCP servers the file's harness connects where it
runs: a name of a server configured nowhere the harness looks, or of one it does not connect
(switched off, denied, not allowed), or a tool the server's own filter leaves out, grants
nothing. Checked where the servers are known (the harness's configuration was read for the
file's project).

One finding per server and cause, never one per tool: it lists the server's names, spans
them where they stand together (else the first, the others as related places), and says
which of the places looked at are this machine's user-level configuration."""

from __future__ import annotations

from typing import NamedTuple

from subagent_ls.core.findings import Related, excerpt
from subagent_ls.core.frontmatter import Span
from subagent_ls.core.yamltree import YamlNode
from subagent_ls.harnesses.common.tools import tool_names
from subagent_ls.harnesses.environment import isolated
from subagent_ls.harnesses.mcp import McpReference, McpServers
from subagent_ls.rules.registry import TOOLS_MCP_OFF, TOOLS_MCP_UNKNOWN, LintContext

NAMES_SHOWN = 3
"""Names a message lists of one server; the finding's details list them all."""


class _Group(NamedTuple):
    """The listed names of one server that grant nothing for one cause."""

    code: str
    reference: McpReference
    names: list[tuple[int, str, Span]]
    """Each name with its place in the list and its span."""
    withheld: list[str]


def mcp_tool_rules(ctx: LintContext) -> None:
    dialect, servers = ctx.dialect, ctx.mcp
    node = ctx.doc.field_value("tools")
    if servers is None or dialect.mcp_reference is None or node is None:
        return
    switches = node.kind == "map"  # OpenCode: names switched on or off, not a list
    listed = (
        _switched_on(node)
        if switches
        else [
            (t.name, t.span) for t in tool_names(node, dialect.tools_split_on_spaces, ctx.doc.text)
        ]
    )
    groups: dict[tuple[str, str], _Group] = {}
    for index, (name, span) in enumerate(listed):
        reference = dialect.mcp_reference(ctx.doc, name, servers)
        if reference is None:
            continue
        server = reference.server
        if server is None:
            key = (TOOLS_MCP_UNKNOWN, reference.spelled)
        elif server.off is not None or reference.withheld:
            key = (TOOLS_MCP_OFF, server.name)
        else:
            continue
        group = groups.setdefault(key, _Group(key[0], reference, [], []))
        group.names.append((index, name, span))
        if reference.withheld and reference.withheld not in group.withheld:
            group.withheld.append(reference.withheld)
        if not switches:  # a switch map gives no list of the agent's tools to take it from
            ctx.withheld.append(name)
    for group in groups.values():
        _report(ctx, group, servers())


def _report(ctx: LintContext, group: _Group, servers: McpServers) -> None:
    names = [name for _, name, _ in group.names]
    reference, server = group.reference, group.reference.server
    if server is None:
        why = (
            f"{ctx.dialect.harness} has no MCP server `{excerpt(reference.spelled)}` configured "
            f"in {_joined(servers.looked) or 'the project'}{_machine(servers)}.{reference.hint}"
        )
        machine = bool(servers.looked_user) and not isolated()
    else:
        cause = "; ".join(group.withheld) if group.withheld else f"is {server.off}"
        why = f"the MCP server `{excerpt(server.written)}` ({server.where}) {cause}."
        machine = server.user
    shown = ", ".join(f"`{excerpt(name)}`" for name in names[:NAMES_SHOWN])
    if len(names) > NAMES_SHOWN:
        shown += f" and {len(names) - NAMES_SHOWN} more"
    message = f"{shown} grants nothing: {why}"
    if len(names) > 1:
        message = f"{len(names)} tool names grant nothing: {shown}; {why}"
    span, related = _placed(group.names)
    details: dict[str, object] = {
        "server": server.written if server is not None else reference.spelled,
        "tools": names,
    }
    if machine:
        details["machine"] = True
    ctx.report(group.code, message, span, related=related, details=details)


def _placed(names: list[tuple[int, str, Span]]) -> tuple[Span, list[Related]]:
    """The span of the names where they follow one another in the list (no other name
    between them), else the first name's span with each other one as a related place."""
    (first_index, _, first), (last_index, _, last) = names[0], names[-1]
    if last_index - first_index == len(names) - 1 and first.start <= last.end:
        return Span(first.start, max(first.end, last.end)), []
    return first, [
        Related(span, f"`{excerpt(name)}`: the same server") for _, name, span in names[1:]
    ]


def _joined(places: tuple[str, ...]) -> str:
    if len(places) < 2:
        return "".join(places)
    return f"{', '.join(places[:-1])} and {places[-1]}"


def _machine(servers: McpServers) -> str:
    """What the message says of this machine's user-level configuration."""
    if not servers.looked_user:
        return ""
    places = _joined(servers.looked_user)
    if isolated():
        return f"; user-level configuration ({places}) is not read with `--isolated`"
    verb = "has" if len(servers.looked_user) == 1 else "have"
    return f"; on this machine, {places} {verb} none either"


def _switched_on(node: YamlNode) -> list[tuple[str, Span]]:
    """The names a map of switches turns on (``name: true``), each with its key's span."""
    return [
        (item.name, item.key.span)
        for item in node.items
        if item.value.kind == "bool" and item.value.value is True and not item.key.is_collection
    ]
