"""Where GitHub Copilot CLI 1.0.102 reads definitions, in precedence order, what it ships built
in, and the identity it keeps one definition of (the file's path below its folder, not the
name)."""

from __future__ import annotations

from pathlib import Path

from subagent_ls.core.paths import up_to_repository_top
from subagent_ls.harnesses.copilot.copilot_home import HOME_VARIABLE, copilot_home
from subagent_ls.harnesses.copilot.loader import agent_id
from subagent_ls.harnesses.copilot.mcp import TRUST_VARIABLES, copilot_mcp_servers
from subagent_ls.harnesses.copilot.plugins import copilot_plugin_source
from subagent_ls.harnesses.environment import Environment
from subagent_ls.harnesses.profile import Entry, Profile, Signs
from subagent_ls.harnesses.sources import Source, folder_source, project_label, root_suffix


def copilot_identity(entry: Entry) -> str:
    """Copilot keeps one agent per id (a built-in never clashes with a file); a plugin's agent
    is known by its plugin's name and its own (``plugin:agent``), its entry's name."""
    if entry.path is None:
        return f"builtin:{entry.name}"
    if entry.source.level == "plugin":
        return f"plugin:{entry.name}"
    return agent_id(str(entry.path))


BUILTINS = {
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


def repository_folders(root: Path) -> list[Path]:
    """The folders Copilot CLI looks in from ``root``: ``root`` and its parents up to the
    repository's top folder (the one holding ``.git``), or up to ``/`` outside a repository."""
    return up_to_repository_top(root)


def copilot_sources(env: Environment) -> list[Source]:
    """Copilot CLI takes the first definition of an id it finds, reading
    ``$COPILOT_HOME/agents`` (``~/.copilot/agents``) first, then every ``.github/agents`` from
    the project folder up to the repository's top, then every ``.claude/agents`` the same way;
    so the user level is the most specific. All are read with their subfolders."""
    folders: list[tuple[str, str, Path]] = []
    for index, root in enumerate(env.roots):
        suffix = root_suffix(env, index)
        for kind, source_id in ((".github", "project"), (".claude", "project-claude")):
            for depth, folder in enumerate(repository_folders(root)):
                path = folder / kind / "agents"
                if depth == 0 or path.is_dir():
                    tail = "" if depth == 0 else f"@{depth}"
                    label = project_label(root, path)
                    folders.append((f"{source_id}{tail}{suffix}", label, path))
    user = copilot_home(env)
    top = len(folders) + 1
    sources = [
        folder_source("user", "user ~/.copilot/agents", "user", top, "copilot", user / "agents")
    ]
    sources += [
        folder_source(source_id, label, "project", top - 1 - rank, "copilot", path)
        for rank, (source_id, label, path) in enumerate(folders)
    ]
    return [source._replace(recursive=True) for source in sources]


PROFILE = Profile(
    "copilot",
    "GitHub Copilot CLI",
    BUILTINS,
    copilot_sources,
    identity=copilot_identity,
    path_order=True,
    same_folder="most-specific",
    variables=(HOME_VARIABLE, *TRUST_VARIABLES),
    plugin_source=copilot_plugin_source,
    mcp_servers=copilot_mcp_servers,
    signs=Signs(
        (".github/agents", ".github/copilot-instructions.md", ".github/mcp.json"),
        (".copilot",),
        (HOME_VARIABLE,),
    ),
)
