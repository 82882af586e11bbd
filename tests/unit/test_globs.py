"""The globs of ``per-file-ignores`` (``core.globs``), as ruff users write them: each row is a
pattern, a path relative to the settings file's folder, and whether the pattern names it."""

from __future__ import annotations

import time

import pytest

from subagent_ls.core.globs import glob_matches


@pytest.mark.parametrize(
    ("pattern", "path", "named"),
    [
        ("*.md", "a/b/x.md", True),  # no `/`: a file name wherever it lies
        ("x.md", "a/x.md", True),
        ("x.md", "a/xx.md", False),
        ("legacy/*.md", "legacy/x.md", True),
        ("legacy/*.md", "legacy/sub/x.md", False),  # `*` stays in one folder
        ("legacy/**", "legacy/sub/x.md", True),
        ("legacy/", "legacy/sub/x.md", True),  # a folder: everything below it
        ("legacy/", "legacyx/y.md", False),
        ("a/**/x.md", "a/x.md", True),  # `**/` is zero folders too
        ("a/**/x.md", "a/b/c/x.md", True),
        ("/a/*.md", "a/x.md", True),  # a leading `/` is the settings folder
        ("./a/*.md", "a/x.md", True),
        ("?.md", "a.md", True),
        ("?.md", "ab.md", False),
        ("a?b.md", "a/b.md", False),  # `?` is not a `/`
        ("[ab].md", "b.md", True),
        ("[!ab].md", "a.md", False),
        ("[^ab].md", "c.md", True),
        ("[a-c].md", "b.md", True),
        ("[.md", "[.md", True),  # an unclosed class is a character
        ("x+(y).md", "x+(y).md", True),  # regular-expression characters are plain
        ("é*.md", "été.md", True),
        ("**", "any/depth/x.md", True),
    ],
)
def test_a_pattern_names_the_paths_a_ruff_user_expects(pattern, path, named):
    assert glob_matches(pattern, path) is named


def test_a_long_pattern_against_a_long_path_takes_linear_time():
    pattern, path = "*a" * 2_000 + "b", "a" * 20_000
    started = time.perf_counter()
    assert glob_matches(pattern, path) is False
    assert time.perf_counter() - started < 2.0
