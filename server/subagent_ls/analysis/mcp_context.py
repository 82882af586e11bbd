"""The MCP servers a harness connects for one file: run where the file's project is (the
folder that holds its agent folder; the first project folder for a file of the user level or
of no agent folder), with this process's HOME and environment, as the harness's profile reads
them. Each configuration file is read once per change (its stat stamp)."""

from __future__ import annotations

import os
from pathlib import Path

from subagent_ls.analysis.projects import project_of
from subagent_ls.harnesses.environment import Environment
from subagent_ls.harnesses.mcp import McpServers
from subagent_ls.harnesses.model import Dialect
from subagent_ls.harnesses.registry import PROFILES


def mcp_servers_for(
    harness: str, dialect: Dialect, path: str, roots: tuple[str, ...]
) -> McpServers | None:
    """The servers ``harness`` connects for the file at ``path`` read in ``dialect`` (None
    where the harness or the dialect has no MCP tools)."""
    profile = PROFILES.get(harness)
    if profile is None or profile.mcp_servers is None or dialect.mcp_reference is None:
        return None
    home = Path(os.path.expanduser("~"))
    project = project_of(path)
    if project is None or project == home:
        project = Path(roots[0]) if roots else Path(os.getcwd())
    env = Environment(home=home, roots=(project,), environ=dict(os.environ))
    return profile.mcp_servers(env)
