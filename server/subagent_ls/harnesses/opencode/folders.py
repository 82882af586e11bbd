"""OpenCode 1.18.33's configuration folders, in the order it merges them: what its agents are
read from (``profile``) and its configuration files beside them (``mcp``)."""

from __future__ import annotations

from pathlib import Path

from subagent_ls.harnesses.environment import Environment
from subagent_ls.harnesses.sources import Level, project_label, root_suffix


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
        suffix = root_suffix(env, index)
        for depth, folder in enumerate((root, *root.parents)):
            if depth == 0 or (folder / ".opencode").is_dir():
                tail = "" if depth == 0 else f"@{depth}"
                path = folder / ".opencode"
                label = project_label(root, path)
                folders.append((f"project{tail}{suffix}", label, "project", path))
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
