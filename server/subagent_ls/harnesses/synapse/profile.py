"""Where Synapse reads definitions, as its document says: user < (the executable's folder, whose
path the document does not give) < project < ``AGENT_CUSTOM_AGENTS_DIRS`` < ``extraDirs``; its
built-ins, and the names it removes after merging. Of two files of one name in one folder the
later overrides the earlier ("后出现的定义覆盖同名的先出现定义"): a note, not an error."""

from __future__ import annotations

from pathlib import Path

from subagent_ls.core.findings import Severity
from subagent_ls.harnesses.environment import Environment
from subagent_ls.harnesses.profile import Profile, Signs
from subagent_ls.harnesses.sources import Source, folder_source, json_list, per_root, switched_on

BUILTINS = {"researcher": "", "tester": "", "reviewer": ""}
"""Synapse's built-in subagents; its document gives no description of them."""


def synapse_removes(env: Environment) -> set[str]:
    """Every built-in when ``AGENT_ENABLE_SUBAGENTS`` is off; else the names of
    ``AGENT_DISABLE_BUILTIN_SUBAGENTS``, which Synapse removes after merging, files too."""
    if not switched_on(env.environ, "AGENT_ENABLE_SUBAGENTS"):
        return set(BUILTINS)
    return set(json_list(env.environ, "AGENT_DISABLE_BUILTIN_SUBAGENTS"))


def synapse_sources(env: Environment) -> list[Source]:
    """User < (the executable's folder, whose path the document does not give) < project <
    ``AGENT_CUSTOM_AGENTS_DIRS`` < ``extraDirs``; no folder at all when
    ``AGENT_ENABLE_SUBAGENTS`` or ``AGENT_ENABLE_CUSTOM_SUBAGENTS`` is off."""
    environ = env.environ
    if not all(switched_on(environ, f"AGENT_ENABLE_{s}SUBAGENTS") for s in ("", "CUSTOM_")):
        return []
    sources = [
        folder_source(
            "user", "user ~/.synapse/agents", "user", 1, "synapse", env.home / ".synapse/agents"
        )
    ]
    sources += per_root(env, ".synapse/agents", "project", "project", 3, "synapse")
    custom = [Path(p) for p in json_list(environ, "AGENT_CUSTOM_AGENTS_DIRS")]
    custom += list(env.extra_dirs)
    sources += [
        folder_source(f"custom:{i}", f"custom {path}", "custom", 4 + i, "synapse", path)
        for i, path in enumerate(custom)
    ]
    return sources


PROFILE = Profile(
    "synapse",
    "Synapse",
    BUILTINS,
    synapse_sources,
    same_source="last",
    duplicate_severity=Severity.INFO,
    removes=synapse_removes,
    variables=(
        "AGENT_CUSTOM_AGENTS_DIRS",
        "AGENT_DISABLE_BUILTIN_SUBAGENTS",
        "AGENT_ENABLE_CUSTOM_SUBAGENTS",
        "AGENT_ENABLE_SUBAGENTS",
    ),
    signs=Signs((".synapse",), (".synapse",), ("AGENT_CUSTOM_AGENTS_DIRS",)),
)
