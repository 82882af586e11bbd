"""Harness profiles: where each harness looks for definitions, in which order, what it ships
built in, and how it settles two definitions of one name (as each seed or harness says)."""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Literal

from subagent_ls.catalog.model import Entry, Level, Source
from subagent_ls.dialects.copilot_loader import agent_id
from subagent_ls.dialects.opencode import described
from subagent_ls.engine.findings import Severity


@dataclass(frozen=True, slots=True)
class Environment:
    """What discovery depends on: HOME, the project roots, extra folders from settings, the
    process environment (``ZUT_AGENT_PROFILES``, ``AGENT_CUSTOM_AGENTS_DIRS``, ...) and the
    names the user disabled."""

    home: Path
    roots: tuple[Path, ...]
    extra_dirs: tuple[Path, ...] = ()
    environ: Mapping[str, str] = field(default_factory=dict)
    disabled: frozenset[str] = frozenset()


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


@dataclass(frozen=True, slots=True)
class Profile:
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


def _folder(
    source_id: str,
    label: str,
    level: Level,
    rank: int,
    dialect: str,
    path: Path,
    recursive: bool = False,
) -> Source:
    return Source(source_id, label, level, rank, dialect, path, recursive)


def json_list(environ: Mapping[str, str], name: str) -> list[str]:
    try:
        value = json.loads(environ.get(name, "[]"))
    except json.JSONDecodeError:
        return []
    return [str(item) for item in value] if isinstance(value, list) else []


def _extra(env: Environment, rank: int, dialect: str, step: int = 1) -> list[Source]:
    """The ``extraDirs`` folders, each ``step`` more specific than the one before; with
    ``step`` 0 they are the harness's own folders (``*.md``, no subfolders), all at ``rank``."""
    return [
        _folder(f"extra:{i}", f"extra {path}", "custom", rank + step * i, dialect, path, step > 0)
        for i, path in enumerate(env.extra_dirs)
    ]


def _per_root(
    env: Environment,
    relative: str,
    source_id: str,
    level: Level,
    rank: int,
    dialect: str,
    recursive: bool = False,
) -> list[Source]:
    """One source per project root: ``relative`` below each root."""
    sources = []
    for index, root in enumerate(env.roots):
        suffix = "" if len(env.roots) == 1 else f":{index}"
        label = f"{level} {relative}"
        sources.append(
            _folder(f"{source_id}{suffix}", label, level, rank, dialect, root / relative, recursive)
        )
    return sources


def harness_subagents_sources(env: Environment) -> list[Source]:
    home = env.home
    sources = [
        _folder(
            "user", "user ~/.agents/agents", "user", 1, "harness-subagents", home / ".agents/agents"
        ),
        _folder(
            "user-claude",
            "user ~/.claude/agents",
            "user",
            1,
            "claude-code",
            home / ".claude/agents",
            True,
        ),
    ]
    sources += _per_root(env, ".agents/agents", "project", "project", 2, "harness-subagents")
    sources += _per_root(
        env, ".claude/agents", "project-claude", "project", 2, "claude-code", recursive=True
    )
    return sources + _extra(env, 3, "harness-subagents")


def claude_project_folders(root: Path, home: Path) -> list[Path]:
    """The folders whose ``.claude/agents`` Claude Code reads as project folders: ``root`` and
    its parents, closest first, up to the git root (the first folder holding ``.git``,
    included) or up to the home folder (not included: that is the user level), else up to
    ``/``."""
    folders = []
    for folder in (root, *root.parents):
        if folder == home:
            break
        folders.append(folder)
        if (folder / ".git").exists():
            break
    return folders


def claude_code_sources(env: Environment) -> list[Source]:
    """Claude Code 2.1.332 reads ``~/.claude/agents`` and every existing ``.claude/agents``
    from the project folder up to the git root (or the home folder); the closest folder is
    the most specific. Files and folders whose names start with ``.`` are read too; within
    one folder the last file in path order wins."""
    sources = [
        _folder(
            "user",
            "user ~/.claude/agents",
            "user",
            2,
            "claude-code",
            env.home / ".claude/agents",
            True,
        )
    ]
    sources += [
        _folder(
            "plugin" if i == 0 else f"plugin:{i}",
            f"plugin {p}",
            "plugin",
            1,
            "claude-code",
            p,
            True,
        )
        for i, p in enumerate(env.extra_dirs)
    ]
    for index, root in enumerate(env.roots):
        suffix = "" if len(env.roots) == 1 else f":{index}"
        chain = claude_project_folders(root, env.home)
        for depth, folder in enumerate(chain):
            path = folder / ".claude" / "agents"
            if depth > 0 and not path.is_dir():
                continue
            tail = "" if depth == 0 else f"@{depth}"
            sources.append(
                _folder(
                    f"project{tail}{suffix}",
                    f"project {path}",
                    "project",
                    3 + len(chain) - 1 - depth,
                    "claude-code",
                    path,
                    True,
                )
            )
    return [replace(source, hidden=True) for source in sources]


def switched_on(environ: Mapping[str, str], name: str) -> bool:
    """An environment switch that is on unless set to `false`, `0`, `no` or `off` (any case)."""
    return environ.get(name, "").strip().lower() not in ("false", "0", "no", "off")


SYNAPSE_BUILTINS = {"researcher": "", "tester": "", "reviewer": ""}
"""Synapse's built-in subagents; its document gives no description of them."""


def synapse_sources(env: Environment) -> list[Source]:
    """User < (the executable's folder, whose path the document does not give) < project <
    ``AGENT_CUSTOM_AGENTS_DIRS`` < ``extraDirs``; no folder at all when
    ``AGENT_ENABLE_SUBAGENTS`` or ``AGENT_ENABLE_CUSTOM_SUBAGENTS`` is off."""
    environ = env.environ
    if not all(switched_on(environ, f"AGENT_ENABLE_{s}SUBAGENTS") for s in ("", "CUSTOM_")):
        return []
    sources = [
        _folder(
            "user", "user ~/.synapse/agents", "user", 1, "synapse", env.home / ".synapse/agents"
        )
    ]
    sources += _per_root(env, ".synapse/agents", "project", "project", 3, "synapse")
    custom = [Path(p) for p in json_list(environ, "AGENT_CUSTOM_AGENTS_DIRS")]
    custom += list(env.extra_dirs)
    sources += [
        _folder(f"custom:{i}", f"custom {path}", "custom", 4 + i, "synapse", path)
        for i, path in enumerate(custom)
    ]
    return sources


def synapse_removes(env: Environment) -> set[str]:
    """Every built-in when ``AGENT_ENABLE_SUBAGENTS`` is off; else the names of
    ``AGENT_DISABLE_BUILTIN_SUBAGENTS``, which Synapse removes after merging, files too."""
    if not switched_on(env.environ, "AGENT_ENABLE_SUBAGENTS"):
        return set(SYNAPSE_BUILTINS)
    return set(json_list(env.environ, "AGENT_DISABLE_BUILTIN_SUBAGENTS"))


def agent_core_sources(env: Environment) -> list[Source]:
    """The synced ``.claude/agents`` folder of each project (the document's example) and the
    extra folders (package ``agents/`` folders, other synced folders), all at one level: the
    document does not say which source discovery walks later."""
    sources = _per_root(env, ".claude/agents", "synced-claude", "project", 1, "agent-core")
    return sources + _extra(env, 1, "agent-core", step=0)


def zut_sources(env: Environment) -> list[Source]:
    """The ``~/.pi/agent/agents`` compatibility fallback < the default ``~/.agents/agents``, the
    ``ZUT_AGENT_PROFILES`` folders and the extra folders, which share one level: the document
    does not say which of them wins. No project folder is scanned."""
    home = env.home
    sources = [
        _folder(
            "pi", "user ~/.pi/agent/agents (fallback)", "user", 1, "zut", home / ".pi/agent/agents"
        ),
        _folder("user", "user ~/.agents/agents", "user", 2, "zut", home / ".agents/agents"),
    ]
    profiles = [Path(p) for p in env.environ.get("ZUT_AGENT_PROFILES", "").split(os.pathsep) if p]
    sources += [
        _folder(f"profiles:{i}", f"ZUT_AGENT_PROFILES {path}", "custom", 2, "zut", path)
        for i, path in enumerate(profiles)
    ]
    return sources + _extra(env, 2, "zut", step=0)


def gemini_sources(env: Environment) -> list[Source]:
    """Gemini CLI registers the project's ``.gemini/agents`` before ``~/.gemini/agents`` and
    keeps the first registration of a name, so the project is the more specific; neither
    folder is read recursively, and files whose names start with ``.`` are read."""
    sources = [
        _folder("user", "user ~/.gemini/agents", "user", 1, "gemini", env.home / ".gemini/agents")
    ]
    sources += _per_root(env, ".gemini/agents", "project", "project", 2, "gemini")
    return [replace(source, hidden=True) for source in sources]


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


def repository_folders(root: Path) -> list[Path]:
    """The folders Copilot CLI looks in from ``root``: ``root`` and its parents up to the
    repository's top folder (the one holding ``.git``), or up to ``/`` outside a repository."""
    chain = [root, *root.parents]
    for index, folder in enumerate(chain):
        if (folder / ".git").exists():
            return chain[: index + 1]
    return chain


def copilot_sources(env: Environment) -> list[Source]:
    """Copilot CLI takes the first definition of an id it finds, reading
    ``$COPILOT_HOME/agents`` (``~/.copilot/agents``) first, then every ``.github/agents`` from
    the project folder up to the repository's top, then every ``.claude/agents`` the same way;
    so the user level is the most specific. All are read with their subfolders."""
    folders: list[tuple[str, str, Path]] = []
    for index, root in enumerate(env.roots):
        suffix = "" if len(env.roots) == 1 else f":{index}"
        for kind, source_id in ((".github", "project"), (".claude", "project-claude")):
            for depth, folder in enumerate(repository_folders(root)):
                path = folder / kind / "agents"
                if depth == 0 or path.is_dir():
                    where = f"{kind}/agents" if depth == 0 else str(path)
                    tail = "" if depth == 0 else f"@{depth}"
                    folders.append((f"{source_id}{tail}{suffix}", f"project {where}", path))
    copilot_home = env.environ.get("COPILOT_HOME")
    user = Path(copilot_home) if copilot_home else env.home / ".copilot"
    top = len(folders) + 1
    sources = [_folder("user", "user ~/.copilot/agents", "user", top, "copilot", user / "agents")]
    sources += [
        _folder(source_id, label, "project", top - 1 - rank, "copilot", path)
        for rank, (source_id, label, path) in enumerate(folders)
    ]
    return [replace(source, recursive=True) for source in sources]


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


def opencode_folders(env: Environment) -> list[tuple[str, str, Level, Path]]:
    """OpenCode's configuration folders in the order it merges them (a later one wins):
    ``$XDG_CONFIG_HOME/opencode``, every ``.opencode`` from each project folder up to ``/``
    (the closest first), ``~/.opencode``, then ``OPENCODE_CONFIG_DIR``; each folder once."""
    config_home = env.environ.get("XDG_CONFIG_HOME")
    config = Path(config_home) if config_home else env.home / ".config"
    folders: list[tuple[str, str, Level, Path]] = [
        ("user", "user ~/.config/opencode", "user", config / "opencode")
    ]
    for index, root in enumerate(env.roots):
        suffix = "" if len(env.roots) == 1 else f":{index}"
        for depth, folder in enumerate((root, *root.parents)):
            if depth == 0 or (folder / ".opencode").is_dir():
                where = ".opencode" if depth == 0 else str(folder / ".opencode")
                tail = "" if depth == 0 else f"@{depth}"
                path = folder / ".opencode"
                folders.append((f"project{tail}{suffix}", f"project {where}", "project", path))
    folders.append(("home", "user ~/.opencode", "user", env.home / ".opencode"))
    if custom := env.environ.get("OPENCODE_CONFIG_DIR"):
        folders.append(("custom", f"OPENCODE_CONFIG_DIR {custom}", "custom", Path(custom)))
    seen: set[Path] = set()
    kept = []
    for folder in folders:
        if folder[3] not in seen:
            seen.add(folder[3])
            kept.append(folder)
    return kept


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
