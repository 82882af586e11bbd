"""Settings from raw values (an editor's ``subagents`` section, or ``[tool.subagent-ls]`` in
pyproject.toml / ``.subagent-ls.toml``), validated with pydantic. Each bad setting gives one
clear message (the command line stops on it; the editor shows it as an error and uses the
setting's default, the others still applying)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from subagent_ls.core.findings import Severity
from subagent_ls.core.settings import Settings
from subagent_ls.core.source import MAX_FILE_BYTES, read_bytes

CONFIG_FILE = ".subagent-ls.toml"


def find_config(start: Path) -> Path | None:
    """The closest ``.subagent-ls.toml``, or pyproject.toml with a ``[tool.subagent-ls]``."""
    for folder in (start, *start.parents):
        found = config_in(folder)
        if found is not None:
            return found
    return None


def config_in(folder: Path) -> Path | None:
    """The settings file of ``folder`` itself, if it has one."""
    own = folder / CONFIG_FILE
    if own.is_file():
        return own
    pyproject = folder / "pyproject.toml"
    if pyproject.is_file() and _has_tool_table(pyproject):
        return pyproject
    return None


class _Unreadable(Exception):
    """A TOML file that cannot be read: its text, its syntax, or nesting deeper than the
    reader goes (``tomllib`` reads nested arrays and tables by recursion)."""


def _read_toml(path: Path) -> dict[str, Any]:
    data = read_bytes(str(path), MAX_FILE_BYTES)
    if isinstance(data, int):
        raise _Unreadable(f"it is {data:,} bytes; settings files of at most 1 MiB are read")
    if isinstance(data, str):
        raise _Unreadable(data)
    try:
        return _parse_toml(data.decode("utf-8"))
    except UnicodeDecodeError as error:
        raise _Unreadable(str(error)) from None


def _parse_toml(text: str) -> dict[str, Any]:
    import tomllib  # only where there is a file to read

    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise _Unreadable(str(error)) from None
    except RecursionError:
        raise _Unreadable("its arrays or tables nest too deep to read") from None


def _has_tool_table(pyproject: Path) -> bool:
    """Read once; parsed only where the text names ``subagent-ls`` at all (a project's own
    pyproject.toml is not ours to parse on every run)."""
    data = read_bytes(str(pyproject), MAX_FILE_BYTES)
    if not isinstance(data, bytes):
        return False
    text = data.decode("utf-8", "replace")
    if "subagent-ls" not in text:
        return False
    try:
        data = _parse_toml(text)
    except _Unreadable:
        return "[tool.subagent-ls" in text
    tool = data.get("tool")
    return isinstance(tool, dict) and "subagent-ls" in tool


def load_config(path: Path) -> tuple[Settings, list[str]]:
    try:
        data = _read_toml(path)
    except _Unreadable as error:
        return Settings(), [f"{path}: cannot read the settings ({error})."]
    raw = data
    if path.name == "pyproject.toml":
        tool = data.get("tool")
        raw = tool.get("subagent-ls", {}) if isinstance(tool, dict) else {}
    return settings_from_raw(raw, str(path), str(path.parent.absolute()))


def settings_from_raw(raw: Any, origin: str, root: str | None = None) -> tuple[Settings, list[str]]:
    """Validate ``raw``; returns the settings and one message per rejected setting.
    ``root``: the folder relative paths of the settings start from (per-file-ignores, the
    baseline)."""
    from subagent_ls.workspace.config_model import RawSettings, validate_each

    if not isinstance(raw, dict):
        return Settings(), [f"{origin}: settings must be a table of keys."]
    model, messages = validate_each(RawSettings, raw, origin)
    rules: dict[str, Severity | None] = {}
    for code, level in (model.rules or {}).items():
        rules[code] = None if level == "off" else Severity.parse(level)
    given = {
        "harness": model.harness,
        "targets": tuple(dict.fromkeys(model.targets)) if model.targets is not None else None,
        "dialects": model.dialects,
        "extra_dirs": tuple(model.extraDirs) if model.extraDirs is not None else None,
        "body_max_lines": model.bodyMaxLines,
        "rules": rules,
        "disabled": tuple(model.disabled) if model.disabled is not None else None,
        "exclude": tuple(model.exclude) if model.exclude is not None else None,
        "extend_exclude": tuple(model.extendExclude) if model.extendExclude is not None else None,
        "respect_gitignore": model.respectGitignore,
        "per_file_ignores": tuple(
            (pattern, frozenset(codes)) for pattern, codes in model.perFileIgnores.items()
        )
        if model.perFileIgnores is not None
        else None,
        "baseline": _below(root, model.baseline) if model.baseline is not None else None,
        "root": root,
    }
    return Settings(**{k: v for k, v in given.items() if v is not None}), messages


def _below(root: str | None, path: str) -> str:
    """``path`` (a setting) as an absolute path: relative ones start from ``root``."""
    expanded = os.path.expanduser(path)
    return os.path.normpath(os.path.join(root, expanded)) if root else os.path.abspath(expanded)
