"""Where zut reads named subagent profiles, as its document says: the ``~/.pi/agent/agents``
compatibility fallback < the default ``~/.agents/agents``, the ``ZUT_AGENT_PROFILES`` folders
and the extra folders, which share one level. No project folder is scanned."""

from __future__ import annotations

import os
from pathlib import Path

from subagent_ls.core.findings import Severity
from subagent_ls.harnesses.environment import Environment
from subagent_ls.harnesses.profile import Profile, Signs
from subagent_ls.harnesses.sources import Source, extra_sources, folder_source


def zut_sources(env: Environment) -> list[Source]:
    """The ``~/.pi/agent/agents`` compatibility fallback < the default ``~/.agents/agents``, the
    ``ZUT_AGENT_PROFILES`` folders and the extra folders, which share one level: the document
    does not say which of them wins. No project folder is scanned."""
    home = env.home
    sources = [
        folder_source(
            "pi", "user ~/.pi/agent/agents (fallback)", "user", 1, "zut", home / ".pi/agent/agents"
        ),
        folder_source("user", "user ~/.agents/agents", "user", 2, "zut", home / ".agents/agents"),
    ]
    profiles = [Path(p) for p in env.environ.get("ZUT_AGENT_PROFILES", "").split(os.pathsep) if p]
    sources += [
        folder_source(f"profiles:{i}", f"ZUT_AGENT_PROFILES {path}", "custom", 2, "zut", path)
        for i, path in enumerate(profiles)
    ]
    return sources + extra_sources(env, 2, "zut", step=0)


PROFILE = Profile(
    "zut",
    "zut",
    {},
    zut_sources,
    same_source="unsaid",
    duplicate_severity=Severity.WARNING,
    variables=("ZUT_AGENT_PROFILES",),
    signs=Signs(user=(".pi/agent/agents",), variables=("ZUT_AGENT_PROFILES",)),
)
