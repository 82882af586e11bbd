"""MCP tool names in ``tools`` against the MCP servers the file's harness connects where it
runs: a name of a server configured nowhere the harness looks, or of one it does not connect
(switched off, denied, not allowed), or a tool the server's own filter leaves out, grants
nothing. Checked where the servers are known (the harness's configuration was read for the
file's project)."""

from __future__ import annotations

from subagent_ls.core.findings import Severity, excerpt
from subagent_ls.core.yamltree import YamlNode
from subagent_ls.harnesses.common.tools import tool_names
from subagent_ls.rules.registry import LintContext, check, declare

TOOLS_MCP_UNKNOWN = declare(
    "tools-mcp-unknown",
    Severity.WARNING,
    "an MCP tool of a server the harness has no configuration for",
)
TOOLS_MCP_OFF = declare(
    "tools-mcp-off", Severity.WARNING, "an MCP tool of a server the harness does not connect"
)


@check("fields")
def mcp_tool_rules(ctx: LintContext) -> None:
    dialect, servers = ctx.dialect, ctx.mcp
    node = ctx.doc.field_value("tools")
    if servers is None or dialect.mcp_reference is None or node is None:
        return
    switches = node.kind == "map"  # OpenCode: names switched on or off, not a list
    for name, where in (
        _switched_on(node) if switches else tool_names(node, dialect.tools_split_on_spaces)
    ):
        reference = dialect.mcp_reference(ctx.doc, name, servers)
        if reference is None:
            continue
        server = reference.server
        if server is None:
            looked = ", ".join(servers().looked)
            message = (
                f"`{excerpt(name)}` grants nothing: {dialect.harness} has no MCP server "
                f"`{excerpt(reference.spelled)}` configured where it looks ({looked})."
            )
            ctx.report(TOOLS_MCP_UNKNOWN, message + reference.hint, where.span)
        elif server.off is not None:
            message = (
                f"`{excerpt(name)}` grants nothing: the MCP server `{excerpt(server.written)}` "
                f"({server.where}) is {server.off}."
            )
            ctx.report(TOOLS_MCP_OFF, message, where.span)
        elif reference.withheld:
            message = (
                f"`{excerpt(name)}` grants nothing: the MCP server `{excerpt(server.written)}` "
                f"({server.where}) {reference.withheld}."
            )
            ctx.report(TOOLS_MCP_OFF, message, where.span)
        else:
            continue
        if not switches:  # a switch map gives no list of the agent's tools to take it from
            ctx.withheld.append(name)


def _switched_on(node: YamlNode) -> list[tuple[str, YamlNode]]:
    """The names a map of switches turns on (``name: true``), each with its key."""
    return [
        (item.name, item.key)
        for item in node.items
        if item.value.kind == "bool" and item.value.value is True and not item.key.is_collection
    ]
