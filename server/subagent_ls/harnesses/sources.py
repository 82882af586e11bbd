"""Where each harness looks for definitions: the folders of its sources, in precedence order,
for a home, the project roots, the process environment and the settings' extra folders (as
each seed document or harness loader says). The profiles in ``profiles.py`` name these."""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import NamedTuple

from subagent_ls.catalog.model import Level, Source
from subagent_ls.dialects.model import EMPTY_MAPPING

SOURCE_VARIABLES = (
    "AGENT_CUSTOM_AGENTS_DIRS",
    "AGENT_ENABLE_CUSTOM_SUBAGENTS",
    "AGENT_ENABLE_SUBAGENTS",
    "COPILOT_HOME",
    "OPENCODE_CONFIG_DIR",
    "XDG_CONFIG_HOME",
    "ZUT_AGENT_PROFILES",
)
"""The environment variables the sources below depend on (beside HOME)."""


class Environment(NamedTuple):
    """What discovery depends on: HOME, the project roots, extra folders from settings, the
    process environment (``ZUT_AGENT_PROFILES``, ``AGENT_CUSTOM_AGENTS_DIRS``, ...) and the
    names the user disabled."""

    home: Path
    roots: tuple[Path, ...]
    extra_dirs: tuple[Path, ...] = ()
    environ: Mapping[str, str] = EMPTY_MAPPING
    disabled: frozenset[str] = frozenset()


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
    return [source._replace(hidden=True) for source in sources]


def switched_on(environ: Mapping[str, str], name: str) -> bool:
    """An environment switch that is on unless set to `false`, `0`, `no` or `off` (any case)."""
    return environ.get(name, "").strip().lower() not in ("false", "0", "no", "off")


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
    return [source._replace(hidden=True) for source in sources]


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
    return [source._replace(recursive=True) for source in sources]


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
