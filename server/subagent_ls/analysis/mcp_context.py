"""The MCP servers a harness connects for one file: run where the file's project is (the
folder that holds its agent folder; the first project folder for a file of the user level or
of no agent folder), with this process's HOME and the environment variables its profile
names, as the harness's profile reads them. The result is kept while no file it was read from
changes (one ``stat`` each), so a keystroke costs a few ``stat`` calls, not a reading of the
configuration."""

from __future__ import annotations

import os
from functools import cache, partial
from pathlib import Path

from subagent_ls.analysis.projects import project_of
from subagent_ls.harnesses.common.manifest_json import Stamp, recorded_reads, unchanged
from subagent_ls.harnesses.environment import Environment
from subagent_ls.harnesses.mcp import McpLookup, McpServers
from subagent_ls.harnesses.model import Dialect
from subagent_ls.harnesses.registry import PROFILES

KEPT = 64
_KEPT: dict[tuple[object, ...], tuple[list[tuple[str, Stamp]], McpServers]] = {}
"""The servers of each (harness, project, home, environment), with the reads they came from."""


def mcp_lookup_for(
    harness: str, dialect: Dialect, path: str, roots: tuple[str, ...]
) -> McpLookup | None:
    """The servers ``harness`` connects for the file, read when first asked for (None where the
    harness or the dialect has no MCP tools)."""
    profile = PROFILES[harness]
    if profile.mcp_servers is None or dialect.mcp_reference is None:
        return None
    return cache(partial(_servers, harness, path, roots))


def _servers(harness: str, path: str, roots: tuple[str, ...]) -> McpServers:
    """The servers ``harness`` connects for the file at ``path`` (its profile reads them)."""
    profile = PROFILES[harness]
    assert profile.mcp_servers is not None
    home = Path(os.path.expanduser("~"))
    project = project_of(path)
    if project is None or project == home:
        project = Path(roots[0]) if roots else Path(os.getcwd())
    environ = {name: os.environ[name] for name in profile.variables if name in os.environ}
    key = (harness, str(project), str(home), tuple(environ.items()))
    kept = _KEPT.get(key)
    if kept is not None and unchanged(kept[0]):
        return kept[1]
    with recorded_reads() as reads:
        servers = profile.mcp_servers(Environment(home=home, roots=(project,), environ=environ))
    if len(_KEPT) >= KEPT:
        _KEPT.pop(next(iter(_KEPT)))
    _KEPT[key] = (reads, servers)
    return servers
