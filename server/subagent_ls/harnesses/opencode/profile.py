"""Where OpenCode 1.18.33 reads definitions (its configuration folders, merged in order), what it
ships built in, and how it merges the definitions of one name key by key."""

from __future__ import annotations

from subagent_ls.harnesses.environment import Environment
from subagent_ls.harnesses.opencode.dialect import described
from subagent_ls.harnesses.opencode.folders import opencode_folders
from subagent_ls.harnesses.opencode.mcp import opencode_mcp_servers
from subagent_ls.harnesses.profile import Entry, Profile, Signs
from subagent_ls.harnesses.sources import Source

BUILTINS = {
    "build": "The default agent. Executes tools based on configured permissions.",
    "plan": "Plan mode. Disallows all edit tools.",
    "general": "General-purpose agent for researching complex questions and executing "
    "multi-step tasks. Use this agent to execute multiple units of work in parallel.",
    "explore": "Fast agent specialized for exploring codebases. Use this when you need to "
    'quickly find files by patterns (eg. "src/components/**/*.tsx"), search code for keywords '
    '(eg. "API endpoints"), or answer questions about the codebase (eg. "how do API endpoints '
    'work?"). When calling this agent, specify the desired thoroughness level: "quick" for '
    'basic searches, "medium" for moderate exploration, or "very thorough" for comprehensive '
    "analysis across multiple locations and naming conventions.",
    "compaction": "",
    "title": "",
    "summary": "",
}
"""The agents OpenCode 1.18.33 ships (``compaction``, ``title`` and ``summary`` are hidden
primaries without a description)."""
SUBAGENT_BUILTINS = frozenset({"general", "explore"})
"""The built-ins in mode ``subagent``; the others are ``primary``."""


def opencode_merge(group: list[Entry]) -> None:
    """OpenCode merges the definitions of one name key by key, one configuration folder after
    the other, onto the built-in of that name; within one folder one definition replaces the
    others. Each folder's last entry shows the agent as merged up to it, so the effective
    one shows what the model is given; ``disable: true`` anywhere below turns it off unless a
    later one says ``false``."""
    for entry in group:
        entry.own = entry.own or (entry.description, entry.disabled)
        entry.description, entry.disabled = entry.own
    ordered = sorted(
        (e for e in group if e.shadowed_by is None or e.shadowed_by.source.id != e.source.id),
        key=lambda e: e.source.rank,
    )
    last: dict[str, Entry] = {}
    for entry in ordered:  # of two at one level, the first (the one the catalog shows)
        folder = entry.source.id.split(":")[0]
        if folder not in last or entry.source.rank > last[folder].source.rank:
            last[folder] = entry
    merged: dict[str, object] = {}
    for entry in ordered:
        if entry.path is None:
            mode = "subagent" if entry.name in SUBAGENT_BUILTINS else "primary"
            merged.update(description=entry.description or None, mode=mode)
            continue
        if last[entry.source.id.split(":")[0]] is not entry:
            continue
        merged.update(entry.merged)
        entry.description = described(merged.get("description"), merged.get("mode", "all")) or ""
        entry.disabled = entry.disabled or merged.get("disable") is True


def opencode_sources(env: Environment) -> list[Source]:
    """Below each OpenCode configuration folder: ``agents/`` and ``agent/``, with subfolders,
    at one level (OpenCode reads them in one walk whose order is not fixed: of one name in
    both, either may win); then the mode folders ``modes/`` and ``mode/``, without, at the
    next. Files and folders whose names start with ``.`` are read. A source's id is the
    folder's id, ``-mode`` for the mode folders, then ``:`` and the subfolder."""
    subfolders = (("agents", "", 1), ("agent", "", 1), ("modes", "-mode", 2), ("mode", "-mode", 2))
    sources = []
    for rank, (source_id, label, level, path) in enumerate(opencode_folders(env)):
        for sub, kind, step in subfolders:
            sources.append(
                Source(
                    f"{source_id}{kind}:{sub}",
                    f"{label}/{sub}",
                    level,
                    2 * rank + step,
                    "opencode",
                    path / sub,
                    recursive=not kind,
                    hidden=True,
                )
            )
    return sources


PROFILE = Profile(
    "opencode",
    "OpenCode",
    BUILTINS,
    opencode_sources,
    same_source="last",
    merge=opencode_merge,
    variables=(
        "OPENCODE_CONFIG_DIR",
        "XDG_CONFIG_HOME",
        "OPENCODE_CONFIG",
        "OPENCODE_CONFIG_CONTENT",
    ),
    mcp_servers=opencode_mcp_servers,
    signs=Signs(
        (".opencode", "opencode.json", "opencode.jsonc"),
        (".config/opencode", ".opencode"),
        ("OPENCODE_CONFIG_DIR", "OPENCODE_CONFIG", "OPENCODE_CONFIG_CONTENT"),
    ),
)
