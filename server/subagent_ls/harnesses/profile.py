"""Harness profiles: each harness's sources (from ``sources.py``), what it ships built in, which
names it removes, and how it settles two definitions of one name (as each seed or harness says)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Literal, NamedTuple

from subagent_ls.catalog.model import Entry, Source
from subagent_ls.catalog.sources import (
    Environment,
    agent_core_sources,
    claude_code_sources,
    copilot_sources,
    gemini_sources,
    harness_subagents_sources,
    json_list,
    opencode_sources,
    switched_on,
    synapse_sources,
    zut_sources,
)
from subagent_ls.dialects.copilot_loader import agent_id
from subagent_ls.dialects.opencode import described
from subagent_ls.engine.findings import Severity


def distinct(sources: list[Source]) -> list[Source]:
    """Sources in precedence order, each folder once (when HOME is the project, its folders
    are the user level's)."""
    seen: set[Path] = set()
    kept = []
    for source in sorted(sources, key=lambda s: s.rank):
        if source.path is not None and source.path in seen:
            continue
        if source.path is not None:
            seen.add(source.path)
        kept.append(source)
    return kept


class Profile(NamedTuple):
    """``same_source`` says which of two definitions in one source the harness takes
    (``unsaid``: its document does not say; the catalog shows the first) and
    ``duplicate_severity`` how bad such a pair is; ``builtin_collision`` whether a definition
    named like a built-in overrides it, is renamed (agent-core suffixes it with its source) or
    loses to it (``builtin-wins``)."""

    id: str
    harness: str
    builtins: Mapping[str, str]
    sources: Callable[[Environment], list[Source]]
    same_source: Literal["first", "last", "unsaid"] = "first"
    duplicate_severity: Severity = Severity.ERROR
    builtin_collision: Literal["override", "suffix", "builtin-wins"] = "override"
    removes: Callable[[Environment], set[str]] | None = None
    """Names the harness removes after merging, in this environment (built-ins and files)."""
    merge: Callable[[list[Entry]], None] | None = None
    """Where the harness merges the definitions of one name key by key (OpenCode): settles
    what each entry of one name's group shows, once precedence is settled."""
    identity: Callable[[Entry], str] | None = None
    """What the harness settles precedence on, where that is not the name (Copilot: the
    file's path below its folder; two names can then both be offered)."""
    path_order: bool = False
    """Within one source the harness meets files in the byte order of their paths (so
    ``a--b.md`` before ``a/b.md``), not folder by folder."""

    def key(self, entry: Entry) -> str:
        """The identity under which ``entry`` competes with other definitions."""
        return self.identity(entry) if self.identity else entry.name


SYNAPSE_BUILTINS = {"researcher": "", "tester": "", "reviewer": ""}
"""Synapse's built-in subagents; its document gives no description of them."""


def synapse_removes(env: Environment) -> set[str]:
    """Every built-in when ``AGENT_ENABLE_SUBAGENTS`` is off; else the names of
    ``AGENT_DISABLE_BUILTIN_SUBAGENTS``, which Synapse removes after merging, files too."""
    if not switched_on(env.environ, "AGENT_ENABLE_SUBAGENTS"):
        return set(SYNAPSE_BUILTINS)
    return set(json_list(env.environ, "AGENT_DISABLE_BUILTIN_SUBAGENTS"))


GEMINI_BUILTINS = {
    "codebase_investigator": "The specialized tool for codebase analysis, architectural "
    "mapping, and understanding system-wide dependencies. Invoke this tool for tasks like vague "
    "requests, bug root-cause analysis, system refactoring, comprehensive feature "
    "implementation or to answer questions about the codebase that require investigation. It "
    "returns a structured report with key file paths, symbols, and actionable architectural "
    "insights.",
    "cli_help": "Specialized agent for answering questions about the Gemini CLI application. "
    "Invoke this agent for questions regarding CLI features, configuration schemas (e.g., "
    "policies), or instructions on how to create custom subagents. It queries internal "
    "documentation to provide accurate usage guidance.",
    "generalist": "A general-purpose AI agent with access to all tools. Highly recommended for "
    "tasks that are turn-intensive or involve processing large amounts of data. Use this to "
    "keep the main session history lean and efficient. Excellent for: batch refactoring/error "
    "fixing across multiple files, running commands with high-volume output, and speculative "
    "investigations.",
}
"""The built-ins of Gemini CLI 0.61.0 as the model is given them (outside plan mode);
``browser_agent`` only when settings enable it."""


def copilot_identity(entry: Entry) -> str:
    """Copilot keeps one agent per id (a built-in never clashes with a file)."""
    return f"builtin:{entry.name}" if entry.path is None else agent_id(str(entry.path))


COPILOT_BUILTINS = {
    "explore": "Read-only exploration for multiple independent research threads needing "
    "separate context.",
    "task": "Runs verbose commands such as tests, builds, lints, and installs; returns concise "
    "success or full failure output.",
    "general-purpose": "Full-capability agent for self-contained implementation/debugging "
    "needing broad tools/reasoning.",
    "code-review": "Read-only review of staged/unstaged changes and branch diffs for "
    "high-confidence bugs and logic errors.",
    "research": "Thorough GitHub and web research with source verification and citations.",
    "security-review": "/security-review or vulnerability request: invoke first, even without "
    "a diff.",
}
"""The built-in agents Copilot CLI 1.0.102 offers the model (with a bring-your-own-key model;
``rubber-duck`` and ``rem-agent`` ship too but are not offered)."""


OPENCODE_BUILTINS = {
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
OPENCODE_SUBAGENTS = frozenset({"general", "explore"})
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
            mode = "subagent" if entry.name in OPENCODE_SUBAGENTS else "primary"
            merged.update(description=entry.description or None, mode=mode)
            continue
        if last[entry.source.id.split(":")[0]] is not entry:
            continue
        merged.update(entry.merged)
        entry.description = described(merged.get("description"), merged.get("mode", "all")) or ""
        entry.disabled = entry.disabled or merged.get("disable") is True


PROFILES: dict[str, Profile] = {
    profile.id: profile
    for profile in (
        Profile("harness-subagents", "the Harness Subagents format", {}, harness_subagents_sources),
        Profile(
            "claude-code",
            "Claude Code",
            {
                "claude": "Claude Code's default agent for the main conversation.",
                "Explore": "Fast, read-only agent for searching and understanding a codebase.",
                "Plan": "Research agent used in plan mode to gather context before planning.",
                "general-purpose": "Agent for complex, multi-step tasks that need both "
                "exploration and action.",
                "statusline-setup": "Configures the user's Claude Code status line.",
            },
            claude_code_sources,
            same_source="last",
            path_order=True,
        ),
        Profile(
            "synapse",
            "Synapse",
            SYNAPSE_BUILTINS,
            synapse_sources,
            same_source="last",
            removes=synapse_removes,
        ),
        Profile(
            "agent-core",
            "agent-core",
            {
                "explore": "Where does something live, in how many places, or does it exist at all",
                "research": "What is actually true outside this workspace — an API, a version, "
                "a price, a convention",
                "planner": "What is the step sequence, and is it the right one",
                "execute": "Carry out agreed work end to end",
                "validate": "Is this plan, change or artifact sound",
                "operate": "Does the running system actually behave as claimed",
                "general": "Anything that fits no sharper role — the default when agent is omitted",
            },
            agent_core_sources,
            same_source="last",
            duplicate_severity=Severity.WARNING,
            builtin_collision="suffix",
        ),
        Profile(
            "zut", "zut", {}, zut_sources, same_source="unsaid", duplicate_severity=Severity.WARNING
        ),
        Profile(
            "gemini",
            "Gemini CLI",
            GEMINI_BUILTINS,
            gemini_sources,
            builtin_collision="builtin-wins",
        ),
        Profile(
            "copilot",
            "GitHub Copilot CLI",
            COPILOT_BUILTINS,
            copilot_sources,
            identity=copilot_identity,
            path_order=True,
        ),
        Profile(
            "opencode",
            "OpenCode",
            OPENCODE_BUILTINS,
            opencode_sources,
            same_source="last",
            merge=opencode_merge,
        ),
    )
}
