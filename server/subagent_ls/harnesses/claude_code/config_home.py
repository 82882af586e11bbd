"""Claude Code 2.1.332's user folder: ``$CLAUDE_CONFIG_DIR`` when set, else ``~/.claude``. Its
``agents/``, ``settings.json`` and ``plugins/`` are the user level (a run with
``CLAUDE_CONFIG_DIR`` set loads ``$CLAUDE_CONFIG_DIR/agents`` and not ``~/.claude/agents``)."""

from __future__ import annotations

from pathlib import Path

from subagent_ls.harnesses.environment import Environment

CONFIG_DIR = "CLAUDE_CONFIG_DIR"


def config_home(env: Environment) -> Path:
    moved = env.environ.get(CONFIG_DIR, "")
    return Path(moved).expanduser() if moved else env.home / ".claude"


def config_label(env: Environment, *parts: str) -> str:
    """How a path of the user folder is named to the user (``~/.claude/agents``)."""
    head = "$CLAUDE_CONFIG_DIR" if env.environ.get(CONFIG_DIR) else "~/.claude"
    return "/".join((head, *parts))
