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


def test_agents_for_a_harness_none_of_ours_is_say_the_evidence_is_mixed(tmp_path):
    """pi's agents (``~/.pi/agent/agents/``): `model: sonnet` is Claude Code's, `ls` Synapse's
    tool, `read` and `find` neither's. One field does not claim a harness: the reason says the
    evidence is mixed, and no error is told on the strength of it."""
    root = build(tmp_path / "repo", TREES["pi agents"])
    run = run_cli("check", "--format", "json", ".", cwd=root)
    files = {f["path"]: f for f in run.json["files"]}
    scout = files["agents/scout.md"]["dialectReason"]
    assert scout.startswith("the evidence of a harness is mixed (")
    assert "Claude Code: `model: sonnet`" in scout and "Synapse: the tools `ls`" in scout
    assert files["agents/planner.md"]["dialectReason"].startswith(
        "the evidence of a harness is mixed"
    )
    diagnostics = [d for f in files.values() for d in f["diagnostics"]]
    assert all(d["severity"] >= 2 for d in diagnostics), diagnostics
    assert all(d["code"] != "harness-skip" for d in diagnostics)
    assert run.code == 0, run.out


def test_a_template_or_an_editor_s_prompt_is_not_taken_for_an_agent(tmp_path):
    """`.github/templates/*.template.md`, a `templates/` folder, and a file whose only agent
    key is a `tools` of VS Code's names are the editor's: none is checked, and `check` of one
    named on the command line judges no harness by VS Code's `grep_search`."""
    root = build(tmp_path / "repo", TREES["prompt templates"])
    shown = run_cli("check", "--show-files", "--format", "json", ".", cwd=root).json["files"]
    kinds = {row["path"]: row["kind"] for row in shown}
    assert kinds[".github/templates/tester.template.md"] == "template"
    assert kinds["templates/planner.md"] == "template"
    assert kinds["library/explainer.md"] == "Markdown"
    named = run_cli("check", "--format", "json", ".github/templates/tester.template.md", cwd=root)
    (entry,) = named.json["files"]
    assert entry["dialect"] == "harness-subagents", entry["dialectReason"]
    assert "are an editor's (VS Code's)" in entry["dialectReason"]
    assert all(d["code"] != "harness-skip" for d in entry["diagnostics"])
    assert named.code == 0
