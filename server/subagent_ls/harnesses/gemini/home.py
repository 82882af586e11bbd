"""Gemini CLI 0.61.0's home: ``$GEMINI_CLI_HOME`` when set, else the user's home (its
``homedir()``, which every path of the user level goes through). Its ``.gemini`` folder holds
the user's agents, settings, extensions and trusted folders."""

from __future__ import annotations

from pathlib import Path

from subagent_ls.harnesses.environment import Environment

HOME_VARIABLE = "GEMINI_CLI_HOME"


def gemini_dir(env: Environment) -> Path:
    """The user's ``.gemini`` folder (a relative ``GEMINI_CLI_HOME`` is taken from the folder
    Gemini CLI is started in)."""
    moved = env.environ.get(HOME_VARIABLE, "")
    started = env.roots[0] if env.roots else Path.cwd()
    return (started / moved if moved else env.home) / ".gemini"


def gemini_label(env: Environment, *parts: str) -> str:
    """How a path of the user's ``.gemini`` folder is named to the user."""
    head = f"${HOME_VARIABLE}/.gemini" if env.environ.get(HOME_VARIABLE) else "~/.gemini"
    return "/".join((head, *parts))
