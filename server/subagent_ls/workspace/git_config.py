"""Where git keeps the ignore files beside the ``.gitignore`` files: the repository's own folder
(``.git``, or the folder a ``.git`` file names, as in a worktree or a submodule) and the file
``core.excludesFile`` names, read from git's configuration files as git reads them: the system's
(unless ``GIT_CONFIG_NOSYSTEM``), the user's (``GIT_CONFIG_GLOBAL``, else
``$XDG_CONFIG_HOME/git/config`` then ``~/.gitconfig``) and the repository's, the last one saying
it winning; ``~/`` is the home folder, a relative path is relative to the repository's top.
Unset, it is ``$XDG_CONFIG_HOME/git/ignore`` (``~/.config/git/ignore``). ``include`` sections
are not followed."""

from __future__ import annotations

import os

from subagent_ls.core.source import read_head

MAX_CONFIG_BYTES = 1 << 20
"""A larger configuration file is read up to this size."""


def git_folder(top: str) -> str | None:
    """The repository's git folder: ``top/.git``, or the folder its ``.git`` file names."""
    dot_git = os.path.join(top, ".git")
    if os.path.isdir(dot_git):
        return dot_git
    data = read_head(dot_git, 4096)
    if data is None or not data.startswith(b"gitdir:"):
        return None
    named = os.fsdecode(data[len(b"gitdir:") :].strip())
    return os.path.normpath(os.path.join(top, named))


def _value(raw: str) -> str:
    """A configuration value without its quotes, escapes and trailing comment."""
    out: list[str] = []
    quoted = False
    index = 0
    while index < len(raw):
        char = raw[index]
        if char == '"':
            quoted = not quoted
        elif char == "\\" and index + 1 < len(raw):
            index += 1
            out.append({"n": "\n", "t": "\t", "b": "\b"}.get(raw[index], raw[index]))
        elif char in "#;" and not quoted:
            break
        else:
            out.append(char)
        index += 1
    return "".join(out).strip()


def _excludes_file_in(path: str) -> str | None:
    """The last ``core.excludesFile`` the configuration file at ``path`` sets (None: none)."""
    data = read_head(path, MAX_CONFIG_BYTES)
    if data is None:
        return None
    found: str | None = None
    section = ""
    for line in data.decode("utf-8", "replace").splitlines():
        line = line.strip()
        if line.startswith("["):
            header = line[1 : line.find("]")] if "]" in line else ""
            section = header.strip().lower()
            continue
        key, equals, value = line.partition("=")
        if section == "core" and equals and key.strip().lower() == "excludesfile":
            found = _value(value)
    return found


def _configuration_files(folder: str | None) -> list[str]:
    """git's configuration files, the one read last (the strongest) last."""
    files: list[str] = []
    if not os.environ.get("GIT_CONFIG_NOSYSTEM"):
        files.append(os.environ.get("GIT_CONFIG_SYSTEM") or "/etc/gitconfig")
    if global_file := os.environ.get("GIT_CONFIG_GLOBAL"):
        files.append(global_file)
    else:
        files += [os.path.join(_user_config(), "git", "config"), os.path.expanduser("~/.gitconfig")]
    if folder is not None:
        files.append(os.path.join(folder, "config"))
    return files


def _user_config() -> str:
    return os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")


def excludes_file(top: str | None) -> str:
    """The file of ignore patterns git reads for the repository at ``top`` (or outside any
    repository, with ``top`` None) beside its ``.gitignore`` files."""
    named: str | None = None
    for path in _configuration_files(git_folder(top) if top is not None else None):
        named = _excludes_file_in(path) or named
    if not named:
        return os.path.join(_user_config(), "git", "ignore")
    if named.startswith("~/") or named == "~":
        named = os.path.expanduser(named)
    return os.path.join(top or os.getcwd(), named)
