"""The MCP servers GitHub Copilot CLI 1.0.102 connects in a project, and what an agent's
``server/tool`` names grant (runs of the CLI with a fake stdio server).

Servers: the user's (``mcpServers`` of ``~/.copilot/mcp-config.json``, or of
``$COPILOT_HOME/mcp-config.json`` when that is set, ``~/.copilot`` then not read), the
workspace's (``.mcp.json`` and ``.github/mcp.json`` of the project folder, connected only in a
trusted folder: ``trustedFolders`` of ``config.json`` in that folder, or
``COPILOT_ALLOW_ALL=true``, or ``GITHUB_COPILOT_PROMPT_MODE_WORKSPACE_MCP=true``), and the agent
file's own ``mcp-servers``. A server whose definition says ``"disabled": true``, or that
``disabledMcpServers`` of ``settings.json`` names (``copilot mcp disable``), is off. The
built-in ``github-mcp-server`` (``github/…`` in ``tools``) is there whenever the user is signed
in to GitHub, which a file cannot tell, so its names are taken as granted.

A tool is ``server/tool`` (``server/*``: all of its tools); the server's case does not matter.
Names whose first part is one of Copilot's toolsets (``read/readFile``, ``edit/editFiles``) are
built-in tools, not MCP ones.

Not read: ``.vscode/mcp.json`` and a project ``.copilot/mcp-config.json`` (Copilot reads
neither), plugins' servers, and ``--additional-mcp-config`` (a flag of a run)."""

from __future__ import annotations

from pathlib import Path

from subagent_ls.core.document import AgentDocument
from subagent_ls.harnesses.common.manifest_json import member, read_json, strings
from subagent_ls.harnesses.copilot.copilot_home import copilot_home, copilot_home_label
from subagent_ls.harnesses.environment import Environment
from subagent_ls.harnesses.mcp import McpLookup, McpReference, McpServer, McpServers, map_servers

GITHUB = ("github", "github-mcp-server")
TOOLSETS = frozenset(
    [
        "read",
        "edit",
        "search",
        "execute",
        "shell",
        "web",
        "agent",
        "todo",
        "vscode",
        "custom-agent",
        "runsubagent",
        "codebase",
    ]
)
"""First parts of ``toolset/tool`` names that are Copilot's own tools (case ignored)."""
VSCODE_TOOLSETS = frozenset(
    name.lower()
    for name in (
        "changes", "editFiles", "extensions", "fetch", "findTestFiles", "githubRepo", "new",
        "openSimpleBrowser", "problems", "runCommands", "runNotebooks", "runTasks", "runTests",
        "searchResults", "terminalLastCommand", "terminalSelection", "testFailure", "todos",
        "usages", "vscodeAPI", "think",
    )
)  # fmt: skip
"""VS Code's own tool sets (``runCommands/terminalLastCommand``): Copilot CLI has none of them."""
TRUST_VARIABLES = ("COPILOT_ALLOW_ALL", "GITHUB_COPILOT_PROMPT_MODE_WORKSPACE_MCP")


def _trusted(env: Environment, project: Path, config: object) -> bool:
    if any(env.environ.get(name) == "true" for name in TRUST_VARIABLES):
        return True
    folders = [Path(f) for f in strings(member(config).get("trustedFolders"))]
    return any(project == folder or folder in project.parents for folder in folders)


def copilot_mcp_servers(env: Environment) -> McpServers:
    """The servers Copilot CLI connects when run in ``env.roots[0]``."""
    project = env.roots[0]
    home, label = copilot_home(env), copilot_home_label(env)
    switched = set(
        strings(member(read_json(str(home / "settings.json")).value).get("disabledMcpServers"))
    )
    found: dict[str, McpServer] = {}

    def add(path: Path, where: str, off: str | None = None, user: bool = False) -> None:
        for written, definition in member(read_json(str(path)).value, "mcpServers").items():
            why, mine = off, user
            if why is None and member(definition).get("disabled") is True:
                why = 'switched off by `"disabled": true` in its definition'
            elif why is None and written in switched:
                why = f"switched off by `disabledMcpServers` in `{label}/settings.json`"
                mine = True
            if off is None or written.lower() not in found:  # an unconnected one hides none
                found[written.lower()] = McpServer(written.lower(), written, where, why, user=mine)

    add(home / "mcp-config.json", f"`{label}/mcp-config.json`", user=True)
    trusted = _trusted(env, project, read_json(str(home / "config.json")).value)
    untrusted = None if trusted else (
        f"connected only in a trusted folder (`trustedFolders` of `{label}/config.json`)"
    )  # fmt: skip
    for relative in (".mcp.json", ".github/mcp.json"):
        add(project / relative, f"`{relative}`", untrusted, user=not trusted)
    looked = ("`.mcp.json` and `.github/mcp.json` (in a trusted folder)",)
    return McpServers(found, looked, (f"`{label}/mcp-config.json`",))


def copilot_mcp_reference(doc: AgentDocument, tool: str, servers: McpLookup) -> McpReference | None:
    """The server ``tool`` names (None: not an MCP tool name, or a built-in one)."""
    server, slash, rest = tool.partition("/")
    key = server.lower()
    if not slash or not server or not rest or key in TOOLSETS or key in GITHUB:
        return None
    known = {**servers().servers, **map_servers(doc, "mcp-servers", str.lower)}
    hint = ""
    if key not in known and key in VSCODE_TOOLSETS:
        hint = f" `{server}` is a tool set of VS Code, which Copilot CLI does not have."
    elif key not in known and "." in server:
        hint = f" `{server}` looks like a VS Code extension, whose tools Copilot CLI does not have."
    return McpReference(known.get(key), server, hint)
