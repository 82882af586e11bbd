"""The MCP servers Gemini CLI 0.61.0 connects in a project, and what an agent's ``mcp_…`` tool
names grant.

Servers, lowest to highest where two share a name: the extensions' (``mcpServers`` of each
``~/.gemini/extensions/*/gemini-extension.json``), the user's (``mcpServers`` of
``~/.gemini/settings.json``), the project's (``.gemini/settings.json``, read only in a trusted
folder: ``GEMINI_CLI_TRUST_WORKSPACE=true``, folder trust switched off in the user settings
(``security.folderTrust.enabled: false``), or the longest matching rule of
``~/.gemini/trustedFolders.json`` being ``TRUST_FOLDER`` or ``TRUST_PARENT``), and the agent
file's own ``mcp_servers`` (``~`` is ``$GEMINI_CLI_HOME`` when that is set). Settings files
may hold comments. A settings definition replaces another settings' one of its name and is
merged over an extension's (``mergeMcpConfigs``); of two extensions the first keeps the name.
``mcp.excluded`` switches a server off; where ``mcp.allowed`` is set, a server it does not name
is off; so is one ``/mcp disable`` wrote in ``~/.gemini/mcp-server-enablement.json`` and one
defined without ``command``, ``url`` or ``httpUrl``. A server's ``excludeTools`` and
``includeTools`` withhold tools named there (or not named).

A tool is ``mcp_<server>_<tool>`` with every character outside ``[A-Za-z0-9_.:-]`` as ``_``
(``generateValidName``); ``mcp_<server>_*`` is all of a server's tools (the server being what
stands before the next ``_``), ``mcp_*`` every server's.

Not read: the system settings files, and the filters of the file's own ``mcp_servers``."""

from __future__ import annotations

import os
from pathlib import Path

from subagent_ls.core.document import AgentDocument
from subagent_ls.core.patterns import LazyPattern
from subagent_ls.harnesses.common.jsonc import read_jsonc
from subagent_ls.harnesses.common.manifest_json import member, read_json, strings
from subagent_ls.harnesses.environment import Environment
from subagent_ls.harnesses.gemini.extensions import MANIFEST, extension_folders
from subagent_ls.harnesses.gemini.home import gemini_dir, gemini_label
from subagent_ls.harnesses.mcp import (
    McpLookup,
    McpReference,
    McpServer,
    McpServers,
    ToolFilter,
    map_servers,
    servers_named,
)

PREFIX = "mcp_"
_OUTSIDE_NAME = LazyPattern(r"[^A-Za-z0-9_.:-]")
TRUST = "GEMINI_CLI_TRUST_WORKSPACE"
SETTINGS, PROJECT = "settings.json", ".gemini/settings.json"
TRUSTED_FOLDERS = "trustedFolders.json"
ENABLEMENT = "mcp-server-enablement.json"


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


def _definitions(value: object, where: str, user: bool) -> dict[str, tuple[dict, str, bool]]:
    """The server definitions of ``mcpServers`` in a settings or manifest object, each with
    the place that defines it and whether that place is this machine's (``user``)."""
    return {
        name: (member(entry), where, user) for name, entry in member(value, "mcpServers").items()
    }


def _merged(base: dict, override: dict) -> dict:
    """A settings definition over an extension's of the same name (``mergeMcpConfigs``): the
    settings' fields win, ``includeTools`` keeps what both name, ``excludeTools`` joins both."""
    include, more = base.get("includeTools"), override.get("includeTools")
    if isinstance(include, list) and isinstance(more, list):
        include = [tool for tool in include if tool in more]
    elif more is not None:
        include = more
    exclude = list(
        dict.fromkeys([*strings(base.get("excludeTools")), *strings(override.get("excludeTools"))])
    )
    return {**base, **override, "includeTools": include, "excludeTools": exclude}


def _tool_filter(definition: dict) -> ToolFilter:
    include = definition.get("includeTools")
    return ToolFilter(
        tuple(strings(include)) if isinstance(include, list) else None,
        frozenset(strings(definition.get("excludeTools"))),
    )


def _switched_off(env: Environment) -> set[str]:
    """The servers ``/mcp disable`` wrote off in ``~/.gemini/mcp-server-enablement.json``
    (names in lower case, as Gemini CLI compares them)."""
    states = member(read_json(str(gemini_dir(env) / ENABLEMENT)).value)
    return {
        name.strip().lower()
        for name, state in states.items()
        if member(state).get("enabled") is False
    }


def gemini_mcp_servers(env: Environment) -> McpServers:
    """The servers Gemini CLI connects when run in ``env.roots[0]``."""
    project = env.roots[0]
    gemini, user_label = gemini_dir(env), f"`{gemini_label(env, SETTINGS)}`"
    extensions: dict[str, tuple[dict, str, bool]] = {}
    for folder in extension_folders(gemini):  # the first extension to define a name keeps it
        manifest = read_jsonc(str(folder / MANIFEST)).value
        extensions = _definitions(manifest, f"extension `{folder.name}`", True) | extensions
    user = member(read_jsonc(str(gemini / SETTINGS)).value)
    settings = _definitions(user, user_label, True)
    project_settings = member(read_jsonc(str(project / PROJECT)).value)
    filters = [user]
    trusted = _trusted(env, project, user)
    if trusted:
        settings |= _definitions(project_settings, f"`{PROJECT}`", False)  # a shallow merge
        filters.append(project_settings)
    definitions = extensions | {
        name: (_merged(extensions[name][0], entry) if name in extensions else entry, where, user)
        for name, (entry, where, user) in settings.items()
    }
    found = {
        spelled(name): McpServer(spelled(name), name, where, None, _tool_filter(entry), user)
        for name, (entry, where, user) in definitions.items()
    }
    if not trusted:
        trusted_folders = gemini_label(env, TRUSTED_FOLDERS)
        untrusted = f"not loaded: the project folder is not trusted (`{trusted_folders}`)"
        found = (
            servers_named(
                member(project_settings, "mcpServers"),
                spelled,
                f"`{PROJECT}`",
                untrusted,
                user=True,
            )
            | found
        )
    excluded = {n for s in filters for n in strings(member(s, "mcp").get("excluded"))}
    allowances = [
        s["mcp"]["allowed"] for s in filters if isinstance(member(s, "mcp").get("allowed"), list)
    ]
    allowed = {n for value in allowances for n in strings(value)}
    switched_off = _switched_off(env)
    for name, server in list(found.items()):
        entry = definitions.get(server.written, ({}, "", False))[0]
        if server.off is not None:
            continue
        if server.written in excluded:
            found[name] = server._replace(off="switched off by `mcp.excluded`", user=True)
        elif allowances and server.written not in allowed:
            found[name] = server._replace(off="not in `mcp.allowed`", user=True)
        elif not any(entry.get(key) for key in ("command", "url", "httpUrl")):
            found[name] = server._replace(off="defined without `command`, `url` or `httpUrl`")
        elif server.written.strip().lower() in switched_off:
            enablement = gemini_label(env, ENABLEMENT)
            off = f"switched off by `/mcp disable` (`{enablement}`)"
            found[name] = server._replace(off=off, user=True)
    looked = (f"`{PROJECT}` (in a trusted folder)",)
    return McpServers(found, looked, (user_label, "the extensions"))


def _withheld(server: McpServer, tool: str) -> str:
    """Why the server's own filter leaves out its tool ``tool`` (empty: it does not)."""
    include, exclude = server.tool_filter
    if tool in exclude:
        return f"leaves `{tool}` out (its `excludeTools`)"
    if include is not None and not any(t == tool or t.startswith(f"{tool}(") for t in include):
        return f"gives only the tools of its `includeTools`, not `{tool}`"
    return ""


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
    if longest is None:
        return McpReference(None, first)
    server, own = known[longest], tool[len(PREFIX) + len(longest) + 1 :]
    withheld = _withheld(server, own) if "*" not in own else ""
    return McpReference(server, longest, withheld=withheld)
