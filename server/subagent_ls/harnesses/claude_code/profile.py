"""Where Claude Code 2.1.332 reads definitions, in precedence order, and what it ships built in:
its plugins (``--plugin-dir`` folders, which the ``extraDirs`` setting stands for, and
``CLAUDE_CODE_PLUGIN_DIRS``; the plugins found in the project; the plugins the user's settings
enable), ``~/.claude/agents`` (``$CLAUDE_CONFIG_DIR/agents`` when that is set) and every
``.claude/agents`` from the project folder up to the git root (or the home folder), the closest
the most specific; within one folder the last file in path order wins. ``T8`` fills one map
group by group: built-in < plugin < user < project."""

from __future__ import annotations

from pathlib import Path

from subagent_ls.core.paths import up_to_repository_top
from subagent_ls.harnesses.claude_code.config_home import CONFIG_DIR, config_home, config_label
from subagent_ls.harnesses.claude_code.mcp import claude_mcp_servers
from subagent_ls.harnesses.claude_code.plugin_dirs import (
    PROJECT_MANIFESTS,
    manifest_plugins,
    plugin_dir_plugins,
)
from subagent_ls.harnesses.claude_code.plugins import holding_plugin, plugin_source
from subagent_ls.harnesses.claude_code.user_plugins import user_plugins
from subagent_ls.harnesses.environment import Environment
from subagent_ls.harnesses.profile import Profile, PromptBudget, Signs
from subagent_ls.harnesses.sources import Source, folder_source, project_label, root_suffix

BUILTINS = {
    "claude": "Claude Code's default agent for the main conversation.",
    "Explore": "Fast, read-only agent for searching and understanding a codebase.",
    "Plan": "Research agent used in plan mode to gather context before planning.",
    "general-purpose": "Agent for complex, multi-step tasks that need both exploration and action.",
    "statusline-setup": "Configures the user's Claude Code status line.",
}
PLUGIN_DIRS = "CLAUDE_CODE_PLUGIN_DIRS"


def claude_project_folders(root: Path, home: Path) -> list[Path]:
    """The folders whose ``.claude/agents`` Claude Code reads as project folders: ``root`` and
    its parents, closest first, up to the git root (the first folder holding ``.git``,
    included) or up to the home folder (not included: that is the user level), else up to
    ``/``."""
    return up_to_repository_top(root, home)


def plugin_sources(env: Environment) -> list[Source]:
    """One source per plugin, each at the ``plugin`` level: the ``--plugin-dir`` folders
    (``extraDirs``, then ``CLAUDE_CODE_PLUGIN_DIRS``), the plugins of the project's manifests,
    then those the user's settings enable; a plugin found twice is listed once."""
    folders = [*env.extra_dirs]
    folders += [Path(p) for p in env.environ.get(PLUGIN_DIRS, "").split(":") if p]
    plugins = [plugin for folder in folders for plugin in plugin_dir_plugins(str(folder))]
    plugins += manifest_plugins(env.plugin_manifests) + user_plugins(env)
    sources: list[Source] = []
    seen: dict[str, int] = {}
    for plugin in dict.fromkeys(plugins):
        source = plugin_source(plugin)
        count = seen[plugin.name] = seen.get(plugin.name, 0) + 1
        sources.append(source if count == 1 else source._replace(id=f"{source.id}@{count}"))
    return sources


def claude_code_sources(env: Environment) -> list[Source]:
    """Claude Code 2.1.332 reads its plugins' agents, ``~/.claude/agents`` and every existing
    ``.claude/agents`` from the project folder up to the git root (or the home folder); the
    closest folder is the most specific. Files and folders whose names start with ``.`` are
    read too; within one folder the last file in path order wins."""
    sources = [
        folder_source(
            "user",
            f"user {config_label(env, 'agents')}",
            "user",
            2,
            "claude-code",
            config_home(env) / "agents",
            True,
        )
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
                    project_label(root, path),
                    "project",
                    3 + len(chain) - 1 - depth,
                    "claude-code",
                    path,
                    True,
                )
            )
    return plugin_sources(env) + [source._replace(hidden=True) for source in sources]


def claude_plugin_source(path: str) -> Source | None:
    """The source of the plugin that holds the file at ``path``, wherever it lies."""
    plugin = holding_plugin(path)
    return plugin_source(plugin) if plugin is not None else None


def listing_tokens(name: str, description: str) -> int:
    """Claude Code's count of one agent: ``Math.round`` of the UTF-16 length of
    ``name: description`` over 4 (``Bu``, ``Wl``)."""
    units = len(f"{name}: {description}".encode("utf-16-le")) // 2
    return (units * 2 + 4) // 8  # round half up, as Math.round does for positive numbers


BUDGET = PromptBudget(
    15000,
    listing_tokens,
    "⚠ Agent descriptions are over the {limit}-token limit (~{total} tokens) · ask Claude to "
    "trim agent descriptions in .claude/agents/",
)
"""Claude Code 2.1.332 shows this among the notices of an interactive start (not in ``-p``)
when the agents other than the built-ins come to more than 15,000 tokens (``Ou``)."""


PROFILE = Profile(
    "claude-code",
    "Claude Code",
    BUILTINS,
    claude_code_sources,
    same_source="last",
    path_order=True,
    variables=(PLUGIN_DIRS, CONFIG_DIR),
    plugin_source=claude_plugin_source,
    project_manifests=PROJECT_MANIFESTS,
    mcp_servers=claude_mcp_servers,
    budget=BUDGET,
    signs=Signs((".claude", ".mcp.json", "CLAUDE.md"), (".claude", ".claude.json"), (CONFIG_DIR,)),
)
