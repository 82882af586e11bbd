"""GitHub Copilot CLI 1.0.102's user folder: ``$COPILOT_HOME`` when set, else ``~/.copilot``
(with ``COPILOT_HOME`` set, ``~/.copilot`` is not read). Its ``agents/``, ``mcp-config.json``,
``config.json`` and ``settings.json`` are the user level."""

from __future__ import annotations

from pathlib import Path

from subagent_ls.harnesses.environment import Environment

HOME_VARIABLE = "COPILOT_HOME"


def copilot_home(env: Environment) -> Path:
    moved = env.environ.get(HOME_VARIABLE)
    return Path(moved) if moved else env.home / ".copilot"


def copilot_home_label(env: Environment) -> str:
    """How the user folder is named to the user."""
    return "$COPILOT_HOME" if env.environ.get(HOME_VARIABLE) else "~/.copilot"
