"""The MCP servers OpenCode 1.18.33 connects in a project, and what a name an agent's ``tools``
map switches on refers to (runs of ``opencode run --agent`` with a fake stdio server).

Servers: ``mcp`` of the configuration files, merged server by server in the order OpenCode
reads them (a later file wins): ``config.json``, ``opencode.json`` and ``opencode.jsonc`` of
``~/.config/opencode`` (``$XDG_CONFIG_HOME/opencode``), the file ``OPENCODE_CONFIG`` names,
``opencode.json`` and ``opencode.jsonc`` of each folder from the git top (``/`` outside a
repository) down to the project folder, those of each ``.opencode`` configuration folder and
of ``OPENCODE_CONFIG_DIR``, then ``OPENCODE_CONFIG_CONTENT``. Comments are allowed in all of
them. A server whose merged definition has ``"enabled": false`` is off.

OpenCode gives every agent every tool of every connected server, named ``server_tool`` (each
character of the server's name outside ``A-Z``, ``a-z``, ``0-9``, ``_``, ``-`` as ``_``); an
agent's ``tools`` map can only take tools away. So a name it switches on (``true``) that is no
tool of a connected server grants nothing: reported where the name has a ``_`` (the shape of
an MCP tool's name; no built-in tool has one), is no custom tool's (``tool/`` or ``tools/`` of
a configuration folder: the file's name, or that name, ``_`` and an export) and no plugin is
configured (a plugin's tools cannot be known without running it). A pattern (``*``, ``?``)
refers to the servers it can match the tools of, and to nothing else that is reported."""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path

from subagent_ls.core.document import AgentDocument
from subagent_ls.core.paths import git_top
from subagent_ls.core.patterns import LazyPattern
from subagent_ls.harnesses.common.jsonc import read_jsonc, strip_comments_and_trailing_commas
from subagent_ls.harnesses.common.manifest_json import member, note_read, stamp, strings
from subagent_ls.harnesses.environment import Environment
from subagent_ls.harnesses.mcp import McpLookup, McpReference, McpServer, McpServers
from subagent_ls.harnesses.opencode.folders import opencode_folders
from subagent_ls.harnesses.opencode.references import wildcard_match

CONFIG_NAMES = ("opencode.json", "opencode.jsonc")
CODE_SUFFIXES = (".js", ".ts", ".mjs", ".mts")
_OUTSIDE = LazyPattern(r"[^A-Za-z0-9_-]")


def spelled(server: str) -> str:
    """A server's name as OpenCode's tool names spell it."""
    return _OUTSIDE.sub("_", server)


def _config_files(env: Environment) -> list[tuple[Path, str, bool]]:
    """The configuration files in the order OpenCode merges them, each with its label and
    whether it is this machine's (user-level, or named by a variable of the environment)."""
    project = env.roots[0]
    folders = opencode_folders(env)
    user = folders[0][3]
    files = [(user / name, f"~/.config/opencode/{name}", True) for name in ("config.json",)]
    files += [(user / name, f"~/.config/opencode/{name}", True) for name in CONFIG_NAMES]
    if custom := env.environ.get("OPENCODE_CONFIG"):
        files.append((Path(custom), f"OPENCODE_CONFIG {custom}", True))
    top = git_top(project) or Path(project.anchor or "/")
    downwards = [top, *reversed([p for p in project.parents if top in p.parents])]
    for folder in dict.fromkeys([*downwards, project]):
        files += [(folder / name, str(folder / name), False) for name in CONFIG_NAMES]
    for _, label, level, folder in folders[1:]:
        where = label.split(" ", 1)[-1]
        files += [(folder / name, f"{where}/{name}", level != "project") for name in CONFIG_NAMES]
    return files


def _definitions(env: Environment) -> tuple[dict[str, tuple[dict, str, bool]], bool]:
    """Each server's merged definition with the file that last defined it (and whether that
    file is this machine's), and whether any configuration names a plugin."""
    found: dict[str, tuple[dict, str, bool]] = {}
    plugins = False
    values = [
        (read_jsonc(str(path), trailing_commas=True).value, label, user)
        for path, label, user in _config_files(env)
    ]
    if content := env.environ.get("OPENCODE_CONFIG_CONTENT"):
        with contextlib.suppress(ValueError, RecursionError):
            content_value = json.loads(strip_comments_and_trailing_commas(content))
            values.append((content_value, "OPENCODE_CONFIG_CONTENT", True))
    for value, label, user in values:
        plugins = plugins or bool(strings(member(value).get("plugin")))
        for name, definition in member(value, "mcp").items():
            if isinstance(definition, dict):
                merged = {**found.get(name, ({}, "", False))[0], **definition}
                found[name] = (merged, label, user)
    return found, plugins


def _code_files(env: Environment, kinds: tuple[str, ...]) -> list[str]:
    """The names (without suffix) of the code files in ``kinds`` folders of each
    configuration folder (custom tools, plugins)."""
    names = []
    for *_, folder in opencode_folders(env):
        for kind in kinds:
            path = folder / kind
            note_read(str(path), stamp(str(path)))
            try:
                entries = os.listdir(path)
            except OSError:
                continue
            names += [n.rsplit(".", 1)[0] for n in entries if n.endswith(CODE_SUFFIXES)]
    return names


def opencode_mcp_servers(env: Environment) -> McpServers:
    """The servers OpenCode connects when run in ``env.roots[0]``, and the custom tools."""
    definitions, plugins = _definitions(env)
    servers = {}
    for name, (definition, where, user) in definitions.items():
        off = None
        if definition.get("enabled") is False:
            off = 'switched off by `"enabled": false`'
        servers[spelled(name)] = McpServer(spelled(name), name, f"`{where}`", off, user=user)
    plugins = plugins or bool(_code_files(env, ("plugin", "plugins")))
    looked = (
        "`opencode.json(c)` of the project and the folders above it",
        "`.opencode/opencode.json(c)`",
    )
    user_places = ("`mcp` of `~/.config/opencode/opencode.json(c)`",)
    own = frozenset(_code_files(env, ("tool", "tools")))
    return McpServers(servers, looked, user_places, open_ended=plugins, own_tools=own)


def opencode_mcp_reference(
    doc: AgentDocument, tool: str, servers: McpLookup
) -> McpReference | None:
    """The server a name switched on in ``tools`` refers to (None: no MCP tool's name, or one
    whose source cannot be known)."""
    if "_" not in tool:
        return None
    known = servers()
    pattern = "*" in tool or "?" in tool
    for name, server in known.servers.items():
        prefix = f"{name}_"
        if tool.startswith(prefix) or (pattern and wildcard_match(tool, f"{prefix}x")):
            return McpReference(server, name)
    own = known.own_tools
    if pattern or known.open_ended or any(tool == t or tool.startswith(f"{t}_") for t in own):
        return None
    return McpReference(None, tool.partition("_")[0])
