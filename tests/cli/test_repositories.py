"""``check .`` from the root of repositories shaped like public agent repositories (see
``repo_shapes``): every agent file is found and judged for the harness it is written for, and
no other Markdown file is taken."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import run_cli

from repo_shapes import AGENTS, TREES, harness_of


def build(root: Path, files: dict[str, str]) -> Path:
    for relative, text in files.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


@pytest.mark.parametrize("shape", sorted(TREES))
def test_every_agent_file_is_found_and_judged_for_its_harness(tmp_path, shape):
    root = build(tmp_path / "repo", TREES[shape])
    run = run_cli("check", "--format", "json", ".", cwd=root)
    assert run.code in (0, 1), run.err
    files = {f["path"]: f for f in run.json["files"]}
    assert set(files) == set(AGENTS[shape])
    for path, harness in AGENTS[shape].items():
        found = files[path]
        if harness is None:
            assert found["dialect"] == "harness-subagents", found["dialectReason"]
            assert found["harness"]["loads"], "a guess gives no verdict of not loading"
        else:
            assert harness_of(found["dialect"]) == harness, (path, found["dialectReason"])


@pytest.mark.parametrize("shape", sorted(TREES))
def test_show_files_names_what_every_markdown_file_is(tmp_path, shape):
    root = build(tmp_path / "repo", TREES[shape])
    run = run_cli("check", "--show-files", "--format", "json", ".", cwd=root)
    assert run.code == 0, run.err
    rows = {row["path"]: row for row in run.json["files"]}
    markdown = {p for p in TREES[shape] if p.endswith(".md")}
    assert markdown <= set(rows)
    assert {p for p, row in rows.items() if row["checked"]} == set(AGENTS[shape])
    assert all(row["reason"] for row in rows.values())
