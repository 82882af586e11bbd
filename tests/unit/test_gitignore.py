"""gitignore(5) patterns as the walks read them, and their cost on hostile patterns."""

from __future__ import annotations

import pytest

from subagent_ls.workspace.gitignore import from_lines, parse_pattern


def ignored(patterns: list[str], path: str, folder: bool = False) -> bool:
    found = from_lines("/r", patterns, "test").decides("/r/" + path, folder)
    return found is not None and not found.negated


@pytest.mark.parametrize(
    ("patterns", "path", "folder", "expected"),
    [
        (["*.log"], "a/b/c.log", False, True),
        (["/build"], "build", True, True),
        (["/build"], "src/build", True, False),
        (["build/"], "src/build", True, True),
        (["build/"], "build", False, False),  # folders only
        (["docs/*.md"], "docs/a.md", False, True),
        (["docs/*.md"], "docs/x/a.md", False, False),  # `*` does not cross `/`
        (["a/**/b"], "a/b", False, True),
        (["a/**/b"], "a/x/y/b", False, True),
        (["**/generated"], "x/y/generated", True, True),
        (["gen/**"], "gen/x/y.md", False, True),
        (["[ab]gent.md"], "agent.md", False, True),
        (["[!a]gent.md"], "agent.md", False, False),
        (["?.md"], "x/a.md", False, True),
        (["\\#literal.md"], "#literal.md", False, True),
        (["# a comment"], "# a comment", False, False),
        (["*.md", "!keep.md"], "keep.md", False, False),  # the last match decides
        (["!keep.md", "*.md"], "keep.md", False, True),
        (["trailing.md   "], "trailing.md", False, True),
        ([".opencode/"], ".opencode", True, True),
    ],
)
def test_patterns(patterns, path, folder, expected):
    assert ignored(patterns, path, folder) is expected


def test_a_path_outside_the_patterns_folder_is_not_decided():
    assert from_lines("/r/sub", ["*.md"], "test").decides("/r/a.md", False) is None


def test_blank_lines_and_comments_are_not_patterns():
    assert parse_pattern("") is None
    assert parse_pattern("# x") is None
    assert parse_pattern("\r") is None


def test_a_long_pattern_is_a_pattern():
    assert ignored(["x" * 5000], "x" * 5000)


def test_hostile_patterns_match_in_bounded_steps():
    """Many `*` against a long name, many `**` against a deep path, and both in one: each star
    but a segment's last is tried at one place only (a backtracking matcher would not
    finish)."""
    assert not ignored(["*a" * 40 + "b"], "a" * 250)
    deep = "/".join(["d"] * 60) + "/x.md"
    assert not ignored(["/".join(["**", "a"] * 30) + "/y.md"], deep)
    assert not ignored(["/".join(["**", "*d*d*d*d*e"] * 20)], "/".join(["d" * 40] * 40))
    assert ignored(["/".join(["**", "*d*d*d*d*e"] * 2)], "/".join(["d" * 40] * 3 + ["dddde"] * 2))
