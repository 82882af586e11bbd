"""Where Claude Code 2.1.332 reads definitions, in precedence order, and what it ships built in:
``~/.claude/agents`` and every ``.claude/agents`` from the project folder up to the git root
(or the home folder), the closest the most specific, with the settings' extra folders as plugin
folders; within one folder the last file in path order wins."""

from __future__ import annotations

from pathlib import Path

from subagent_ls.harnesses.environment import Environment
from subagent_ls.harnesses.profile import Profile
from subagent_ls.harnesses.sources import Source, folder_source, root_suffix

BUILTINS = {
    "claude": "Claude Code's default agent for the main conversation.",
    "Explore": "Fast, read-only agent for searching and understanding a codebase.",
    "Plan": "Research agent used in plan mode to gather context before planning.",
    "general-purpose": "Agent for complex, multi-step tasks that need both exploration and action.",
    "statusline-setup": "Configures the user's Claude Code status line.",
}


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
        folder_source(
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
        folder_source(
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
        suffix = root_suffix(env, index)
        chain = claude_project_folders(root, env.home)
        for depth, folder in enumerate(chain):
            path = folder / ".claude" / "agents"
            if depth > 0 and not path.is_dir():
                continue
            tail = "" if depth == 0 else f"@{depth}"
            sources.append(
                folder_source(
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


PROFILE = Profile(
    "claude-code",
    "Claude Code",
    BUILTINS,
    claude_code_sources,
    same_source="last",
    path_order=True,
)
