"""The MCP servers Claude Code 2.1.332 connects in a project (``NE``), and what an agent's
``mcp__…`` tool names grant (``gr``, ``NF``).

Servers, lowest to highest where two share a name: the enabled plugins' servers (named
``plugin_<plugin>_<server>`` in tool names, so they never clash), the user's (``mcpServers`` of
``~/.claude.json``, or ``$CLAUDE_CONFIG_DIR/.claude.json``), the project's (``.mcp.json`` in
the project folder and every folder above it, the nearer over the farther; connected without
asking in ``-p`` and once approved otherwise, never when ``disabledMcpjsonServers`` names it),
the local ones (``projects[<git root or folder>].mcpServers`` of ``.claude.json``), and the
agent file's own ``mcpServers`` objects. Then ``projects[…].disabledMcpServers`` (the ``/mcp``
switch), ``deniedMcpServers`` and ``allowedMcpServers`` of the settings files (user, project,
local; a denial beats an allowance, an empty allowance blocks every server) switch servers off.
A ``disabled`` key inside a server's definition does nothing (a run connects it).

Tool names spell a server with every character outside ``[A-Za-z0-9_-]`` as ``_``, case kept;
``mcp__server`` and ``mcp__server__*`` are all its tools, ``mcp__server__tool`` one of them; the
server is what stands before the first ``__`` after ``mcp__``.

Not read: the managed ``managed-mcp.json`` and ``managedMcpServers`` (system files), and
``--mcp-config`` or ``--strict-mcp-config`` (flags of a run)."""

from __future__ import annotations

from pathlib import Path

from subagent_ls.core.document import AgentDocument
from subagent_ls.core.paths import git_top
from subagent_ls.core.patterns import LazyPattern
from subagent_ls.harnesses.claude_code.config_home import CONFIG_DIR, config_home
from subagent_ls.harnesses.claude_code.user_plugins import user_plugins
from subagent_ls.harnesses.common.manifest_json import member, read_json, strings
from subagent_ls.harnesses.environment import Environment
from subagent_ls.harnesses.mcp import (
    McpLookup,
    McpReference,
    McpServer,
    McpServers,
    servers_named,
)

PREFIX = "mcp__"
_OUTSIDE_NAME = LazyPattern(r"[^A-Za-z0-9_-]")


def spelled(server: str) -> str:
    """A server's name as tool names spell it."""
    return _OUTSIDE_NAME.sub("_", server)


def _server_names(value: object) -> list[str]:
    """The ``serverName`` of each entry of an ``allowedMcpServers``/``deniedMcpServers`` list."""
    entries = value if isinstance(value, list) else []
    return [
        e["serverName"]
        for e in entries
        if isinstance(e, dict) and isinstance(e.get("serverName"), str)
    ]


def _config_file(env: Environment) -> tuple[Path, str]:
    moved = env.environ.get(CONFIG_DIR, "")
    if moved:
        return Path(moved).expanduser() / ".claude.json", "$CLAUDE_CONFIG_DIR/.claude.json"
    return env.home / ".claude.json", "~/.claude.json"


def _settings_files(env: Environment, project: Path) -> list[tuple[str, str, bool]]:
    """The settings files that switch servers off, with their labels, and whether each is
    this machine's (the user's, or the local settings no repository shares)."""
    user = config_home(env) / "settings.json"
    label = "$CLAUDE_CONFIG_DIR" if env.environ.get(CONFIG_DIR) else "~/.claude"
    return [
        (str(user), f"`{label}/settings.json`", True),
        (str(project / ".claude/settings.json"), "`.claude/settings.json`", False),
        (str(project / ".claude/settings.local.json"), "`.claude/settings.local.json`", True),
    ]


def claude_mcp_servers(env: Environment) -> McpServers:
    """The servers Claude Code connects when run in ``env.roots[0]``."""
    project = env.roots[0]
    config, config_label = _config_file(env)
    home_json = read_json(str(config)).value
    local_key = str(git_top(project) or project)
    found: dict[str, McpServer] = {}

    for plugin in user_plugins(env):
        if plugin.problem is None:
            own = read_json(str(Path(plugin.root) / ".mcp.json")).value
            prefix = f"plugin_{plugin.name}_"
            written = member(own, "mcpServers") or member(own)
            spell = lambda name, prefix=prefix: spelled(prefix + name)  # noqa: E731
            found |= servers_named(written, spell, f"plugin `{plugin.name}`", user=True)
    found |= servers_named(
        member(home_json, "mcpServers"), spelled, f"`{config_label}` (user)", user=True
    )
    settings = [
        (read_json(path).value, label, user) for path, label, user in _settings_files(env, project)
    ]
    rejected = {
        name: (label, user)
        for value, label, user in settings
        for name in strings(member(value).get("disabledMcpjsonServers"))
    }
    for folder in reversed((project, *project.parents)):
        servers = member(read_json(str(folder / ".mcp.json")).value, "mcpServers")
        where = "`.mcp.json`" if folder == project else f"`{folder / '.mcp.json'}`"
        for written in servers:
            name = spelled(written)
            if written in rejected:
                label, user = rejected[written]
                off = f"switched off by `disabledMcpjsonServers` in {label}"
                found.setdefault(name, McpServer(name, written, where, off, user=user))
            else:
                found[name] = McpServer(name, written, where)
    local = member(home_json, "projects", local_key)
    found |= servers_named(
        member(local, "mcpServers"),
        spelled,
        f"`{config_label}` (local, for this project)",
        user=True,
    )
    switched = set(strings(local.get("disabledMcpServers")))
    denied = {
        name: (label, user)
        for value, label, user in settings
        for name in _server_names(member(value).get("deniedMcpServers"))
    }
    allowances = [
        (value["allowedMcpServers"], label, user)
        for value, label, user in settings
        if isinstance(member(value).get("allowedMcpServers"), list)
    ]
    allowed = {name for value, _, _ in allowances for name in _server_names(value)}
    for name, server in list(found.items()):
        off, user = server.off, server.user
        if server.written in switched:
            off = f"switched off in `{config_label}` (`disabledMcpServers`, the `/mcp` switch)"
            user = True
        elif server.written in denied:
            label, user = denied[server.written]
            off = f"denied by `deniedMcpServers` in {label}"
        elif allowances and server.written not in allowed:
            _, label, user = allowances[0]
            off = f"not in `allowedMcpServers` of {label}"
        found[name] = server._replace(off=off, user=user or server.user)
    looked = ("`.mcp.json` of the project and the folders above it",)
    return McpServers(found, looked, (f"`{config_label}`", "the enabled plugins"))


def _inline_servers(doc: AgentDocument) -> dict[str, McpServer]:
    """The servers the agent file defines itself (``mcpServers`` entries that are objects)."""
    node = doc.field_value("mcpServers")
    found = {}
    if node is not None and node.kind == "seq":
        for entry in node.value:  # type: ignore[union-attr]
            if entry.kind == "map" and len(entry.items) == 1 and entry.items[0].key.kind == "str":
                written = str(entry.items[0].key.value)
                found[spelled(written)] = McpServer(
                    spelled(written), written, "this file's `mcpServers`"
                )
    return found


def claude_mcp_reference(doc: AgentDocument, tool: str, servers: McpLookup) -> McpReference | None:
    """The server ``tool`` names (None: not an MCP tool name, or every server's)."""
    if not tool.startswith(PREFIX) or tool in (PREFIX, f"{PREFIX}*"):
        return None
    known = {**servers().servers, **_inline_servers(doc)}
    rest = tool[len(PREFIX) :]
    server = rest[:-3] if rest.endswith("__*") else rest.split("__", 1)[0]
    if not server or server == "*":
        return None
    if server in known:
        return McpReference(known[server], server)
    hint = ""
    joined = rest.split("__", 1)
    if len(joined) == 2 and "__" not in joined[1] and f"{server}__{joined[1]}" in known:
        hint = f' A server named `{server}__{joined[1]}` is configured: write "{tool}__*".'
    for entry in known.values():
        if entry.written == server and entry.name != server:
            hint = f" The server `{server}` is spelled `{entry.name}` in tool names."
    return McpReference(None, server, hint)
