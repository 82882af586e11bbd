"""The MCP servers Gemini CLI 0.61.0 connects in a project, and what an agent's ``mcp_…`` tool
names grant.

Servers, lowest to highest where two share a name: the extensions' (``mcpServers`` of each
``~/.gemini/extensions/*/gemini-extension.json``), the user's (``mcpServers`` of
``~/.gemini/settings.json``), the project's (``.gemini/settings.json``, read only in a trusted
folder: ``GEMINI_CLI_TRUST_WORKSPACE=true``, folder trust switched off in the user settings
(``security.folderTrust.enabled: false``), or the longest matching rule of
``~/.gemini/trustedFolders.json`` being ``TRUST_FOLDER`` or ``TRUST_PARENT``), and the agent
file's own ``mcp_servers`` (``~`` is ``$GEMINI_CLI_HOME`` when that is set). Settings files
may hold comments. ``mcp.excluded`` switches a
server off; where ``mcp.allowed`` is set, a server it does not name is off.

A tool is ``mcp_<server>_<tool>`` with every character outside ``[A-Za-z0-9_.:-]`` as ``_``
(``generateValidName``); ``mcp_<server>_*`` is all of a server's tools (the server being what
stands before the next ``_``), ``mcp_*`` every server's.

Not read: the system settings files, ``~/.gemini/mcp-server-enablement.json`` (``/mcp
disable``), and the tool filters of a server's definition (``includeTools``,
``excludeTools``)."""

from __future__ import annotations

import os
import re
from pathlib import Path

from subagent_ls.core.document import AgentDocument
from subagent_ls.harnesses.common.jsonc import read_jsonc
from subagent_ls.harnesses.common.manifest_json import member, strings
from subagent_ls.harnesses.environment import Environment
from subagent_ls.harnesses.gemini.extensions import MANIFEST, extension_folders
from subagent_ls.harnesses.gemini.home import gemini_dir, gemini_label
from subagent_ls.harnesses.mcp import (
    McpLookup,
    McpReference,
    McpServer,
    McpServers,
    map_servers,
    servers_named,
)

PREFIX = "mcp_"
_OUTSIDE_NAME = re.compile(r"[^A-Za-z0-9_.:-]")
TRUST = "GEMINI_CLI_TRUST_WORKSPACE"
SETTINGS, PROJECT = "settings.json", ".gemini/settings.json"
TRUSTED_FOLDERS = "trustedFolders.json"


def spelled(server: str) -> str:
    return _OUTSIDE_NAME.sub("_", server)


def _trusted(env: Environment, project: Path, user: dict) -> bool:
    """Whether Gemini CLI trusts the project folder (``checkPathTrust``)."""
    said = env.environ.get(TRUST)
    if said in ("true", "false"):
        return said == "true"
    if member(user, "security", "folderTrust").get("enabled") is False:
        return True
    rules = member(read_jsonc(str(gemini_dir(env) / TRUSTED_FOLDERS)).value)
    best, level = -1, None
    for rule, trust in rules.items():
        folder = os.path.dirname(rule) if trust == "TRUST_PARENT" else rule
        inside = str(project) == folder or str(project).startswith(folder.rstrip("/") + "/")
        if inside and len(rule) > best:
            best, level = len(rule), trust
    return level in ("TRUST_FOLDER", "TRUST_PARENT")


def _servers(settings: object, where: str, off: str | None = None) -> dict[str, McpServer]:
    """The ``mcpServers`` of a settings or manifest object, by their spelling in tool names."""
    return servers_named(member(settings, "mcpServers"), spelled, where, off)


def gemini_mcp_servers(env: Environment) -> McpServers:
    """The servers Gemini CLI connects when run in ``env.roots[0]``."""
    project = env.roots[0]
    found: dict[str, McpServer] = {}
    gemini, user_label = gemini_dir(env), f"`{gemini_label(env, SETTINGS)}`"
    for folder in extension_folders(gemini):
        found |= _servers(read_jsonc(str(folder / MANIFEST)).value, f"extension `{folder.name}`")
    user = member(read_jsonc(str(gemini / SETTINGS)).value)
    found |= _servers(user, user_label)
    project_settings = member(read_jsonc(str(project / PROJECT)).value)
    filters = [user]
    if _trusted(env, project, user):
        found |= _servers(project_settings, f"`{PROJECT}`")
        filters.append(project_settings)
    else:
        trusted_folders = gemini_label(env, TRUSTED_FOLDERS)
        untrusted = f"not loaded: the project folder is not trusted (`{trusted_folders}`)"
        found = _servers(project_settings, f"`{PROJECT}`", untrusted) | found
    excluded = {n for s in filters for n in strings(member(s, "mcp").get("excluded"))}
    allowances = [
        s["mcp"]["allowed"] for s in filters if isinstance(member(s, "mcp").get("allowed"), list)
    ]
    allowed = {n for value in allowances for n in strings(value)}
    for name, server in list(found.items()):
        if server.off is None and server.written in excluded:
            found[name] = server._replace(off="switched off by `mcp.excluded`")
        elif server.off is None and allowances and server.written not in allowed:
            found[name] = server._replace(off="not in `mcp.allowed`")
    looked = (user_label, f"`{PROJECT}` (in a trusted folder)", "the extensions")
    return McpServers(found, looked)


def gemini_mcp_reference(doc: AgentDocument, tool: str, servers: McpLookup) -> McpReference | None:
    """The server ``tool`` names (None: not an MCP tool name, or every server's)."""
    if not tool.startswith(PREFIX) or tool == f"{PREFIX}*":
        return None
    known = {**servers().servers, **map_servers(doc, "mcp_servers", spelled)}
    first, _, rest = tool[len(PREFIX) :].partition("_")
    if rest == "*":
        return McpReference(known.get(first), first)
    matches = [name for name in known if tool.startswith(f"{PREFIX}{name}_")]
    longest = max(matches, key=len, default=None)
    return McpReference(known[longest], longest) if longest else McpReference(None, first)
