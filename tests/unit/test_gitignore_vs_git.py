"""The walks leave out exactly what git leaves out: thousands of generated ignore patterns (every
form gitignore(5) documents, and malformed ones) over generated trees, compared with what
``git ls-files --others --exclude-standard`` lists; and git's other ignore files
(``.git/info/exclude``, ``core.excludesFile``) in their order."""

from __future__ import annotations

import os
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from helpers import require
from subagent_ls.workspace.ignore import Ignore

NAMES = ["a", "b", "ab", "ba", "a1", "1", ".a", "a.b", "a b", "é", "aé", "[a]", "#a", "!a", "a*"]
"""Path names: ASCII, a multi-byte character, and names holding the patterns' special bytes."""
PIECES = [
    "a", "b", "1", ".", " ", "é", "a", "b", "*", "*", "**", "***", "?",
    "/", "/", "/", "[ab]", "[!a]", "[^b]", "[a-b]", "[b-a]", "[[:digit:]]", "[[:alpha:]]",
    "[[:lower:][:digit:]]", "[[:bogus:]]", "[]a]", "[\\]]", "[a-]", "[", "\\*", "\\a", "\\ ",
    "[[:digit:]", "[!]", "[é]",
]  # fmt: skip
"""What generated patterns are made of: literals, every wildcard, classes (POSIX, reversed,
unterminated), escapes."""
PREFIXES = ["", "", "", "", "!", "/", "\\!", "**/", "/**/", "#"]
SUFFIXES = ["", "", "", "", "/", " ", "  ", "\\ ", "\\", "/**", "/**/"]


def _pattern(rng: random.Random) -> str:
    body = "".join(rng.choice(PIECES) for _ in range(rng.randint(1, 5)))
    return rng.choice(PREFIXES) + body + rng.choice(SUFFIXES)


def _path(rng: random.Random) -> str:
    return "/".join(rng.choice(NAMES) for _ in range(rng.randint(1, 4)))


def _write_case(folder: Path, rng: random.Random) -> list[str]:
    """One case: a folder with an ignore file of one to three patterns (sometimes a second one
    below it) and a few files; its patterns, for the message."""
    patterns = [_pattern(rng) for _ in range(rng.randint(1, 3))]
    for path in {_path(rng) for _ in range(6)}:
        target = folder / path / "f"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.touch()
    (folder / ".gitignore").write_text("\n".join(patterns) + "\n", encoding="utf-8")
    nested = folder / rng.choice(NAMES)
    if rng.random() < 0.3 and nested.is_dir():
        lines = [_pattern(rng) for _ in range(rng.randint(1, 2))]
        (nested / ".gitignore").write_text("\n".join(lines) + "\n", encoding="utf-8")
        patterns += [f"{nested.name}/.gitignore: {line}" for line in lines]
    return patterns


def _walked(top: Path, ignore: Ignore) -> set[str]:
    """The files a walk keeps: a folder left out is not entered (as in every walk)."""
    kept: set[str] = set()
    for folder, folders, files in os.walk(top):
        folders[:] = [
            name
            for name in folders
            if name != ".git" and ignore.reason(os.path.join(folder, name), True) is None
        ]
        for name in files:
            if ignore.reason(os.path.join(folder, name), False) is None:
                kept.add(os.path.relpath(os.path.join(folder, name), top))
    return kept


def _git(top: Path, *args: str) -> str:
    env = {**os.environ, "GIT_CONFIG_NOSYSTEM": "1", "HOME": str(top.parent / "home")}
    env.pop("XDG_CONFIG_HOME", None)
    env.pop("GIT_CONFIG_GLOBAL", None)
    done = subprocess.run(["git", *args], cwd=top, env=env, capture_output=True, check=True)
    return done.stdout.decode("utf-8", "surrogateescape")


def _git_keeps(top: Path) -> set[str]:
    listed = _git(top, "ls-files", "--others", "--exclude-standard", "-z").split("\0")
    return {path for path in listed if path}


@pytest.fixture
def repository(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    if shutil.which("git") is None:
        require(["git"])
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    monkeypatch.delenv("GIT_CONFIG_GLOBAL", raising=False)
    top = tmp_path / "repo"
    top.mkdir()
    _git(top, "init", "-q")
    return top


@pytest.mark.parametrize("seed", range(6))
def test_generated_patterns_leave_out_what_git_leaves_out(repository: Path, seed: int) -> None:
    """500 cases per seed, each in its own folder (its patterns apply there only)."""
    rng = random.Random(seed)
    cases = {f"c{n}": _write_case(repository / f"c{n}", rng) for n in range(500)}
    ours = _walked(repository, Ignore(str(repository), [".git"]))
    git = _git_keeps(repository)
    wrong = sorted(ours ^ git)
    said = [
        f"{path}: {'kept' if path in ours else 'left out'} here, not by git; "
        f"patterns {cases[path.split('/')[0]]!r}"
        for path in wrong[:15]
    ]
    assert not wrong, f"{len(wrong)} paths differ from git:\n" + "\n".join(said)


def test_a_folder_matched_by_dir_slash_stars_is_left_out_with_all_below_it(
    repository: Path,
) -> None:
    """``dir/**`` matches what is below ``dir``, not ``dir`` itself; a re-inclusion under a
    folder it left out brings nothing back (git does not enter the folder)."""
    for path in (".claude/agents/a.md", ".claude/c.md", "keep/x/a.md"):
        (repository / path).parent.mkdir(parents=True, exist_ok=True)
        (repository / path).touch()
    (repository / ".gitignore").write_text(".claude/**\n!.claude/agents/**\nkeep/*\n!keep/x\n")
    ignore = Ignore(str(repository), [".git"])
    assert ignore.reason(str(repository / ".claude"), True) is None
    assert _walked(repository, ignore) == _git_keeps(repository)
    assert _walked(repository, ignore) == {".gitignore", "keep/x/a.md"}


def test_git_info_exclude_and_core_excludes_file_in_gits_order(repository: Path) -> None:
    """A ``.gitignore`` overrides ``.git/info/exclude``, which overrides the file
    ``core.excludesFile`` names (in the repository's configuration, ``~`` expanded)."""
    for name in ("a.md", "b.md", "c.md", "d.md"):
        (repository / name).touch()
    (repository / "ignored-by-user").write_text("a.md\nb.md\nc.md\n")
    _git(repository, "config", "core.excludesFile", "~/../repo/ignored-by-user")
    (repository / ".git" / "info").mkdir(exist_ok=True)
    (repository / ".git" / "info" / "exclude").write_text("!b.md\nd.md\n")
    (repository / ".gitignore").write_text("!c.md\n")
    ignore = Ignore(str(repository), [".git"])
    assert _walked(repository, ignore) == _git_keeps(repository)
    assert _walked(repository, ignore) == {".gitignore", "b.md", "c.md", "ignored-by-user"}
    reason = ignore.reason(str(repository / "a.md"), False)
    assert reason is not None and "ignored-by-user" in reason


def test_the_user_ignore_file_is_read_when_core_excludes_file_is_unset(
    repository: Path,
) -> None:
    user = Path(os.environ["HOME"]) / ".config" / "git" / "ignore"
    user.parent.mkdir(parents=True)
    user.write_text("*.log\n")
    (repository / "x.log").touch()
    (repository / "x.md").touch()
    ignore = Ignore(str(repository), [".git"])
    assert _walked(repository, ignore) == _git_keeps(repository) == {"x.md"}
