"""Claude Code's prompt budget through ``check`` and ``catalog``: it warns at an interactive
start when the agents other than the built-ins come to more than 15,000 tokens, counting
``Math.round(length / 4)`` of each ``name: description`` (runs of 2.1.332: 60,000 characters
in all gives no warning, 60,002 does, a user or plugin agent counts as a project one)."""

from __future__ import annotations

import json
from pathlib import Path

from cli_helpers import run_cli


def agent(folder: Path, name: str, description: str) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.md"
    path.write_text(f"---\nname: {name}\ndescription: '{description}'\n---\nBody.\n")
    return path


def sized(name: str, characters: int) -> str:
    """A description whose ``name: description`` is ``characters`` long."""
    return "x" * (characters - len(name) - 2)


def layout(tmp_path: Path) -> tuple[Path, Path]:
    home, project = tmp_path / "home", tmp_path / "my project"
    (project / ".git").mkdir(parents=True)
    home.mkdir()
    return home, project


def budget(home: Path, project: Path) -> dict:
    run = run_cli(
        "catalog",
        "--harness",
        "claude-code",
        "--format",
        "json",
        cwd=project,
        env={"HOME": str(home)},
    )
    assert run.code == 0, run.err
    return run.json["budget"]


def test_the_limit_is_15000_tokens_of_name_and_description(tmp_path):
    home, project = layout(tmp_path)
    agents = project / ".claude/agents"
    agent(agents, "big", sized("big", 40_000))
    agent(home / ".claude/agents", "mine", sized("mine", 20_000))
    at_limit = budget(home, project)
    assert at_limit == {
        "limit": 15000,
        "tokens": 15000,
        "over": False,
        "largest": [
            {"name": "big", "tokens": 10000, "uri": (agents / "big.md").as_uri()},
            {"name": "mine", "tokens": 5000, "uri": (home / ".claude/agents/mine.md").as_uri()},
        ],
    }
    agent(agents, "mine", sized("mine", 20_002))  # shadows the user's: counted once
    over = budget(home, project)
    assert over["tokens"] == 15001 and over["over"]
    assert [a["name"] for a in over["largest"]] == ["big", "mine"]


def test_check_names_the_largest_agents_when_over(tmp_path):
    home, project = layout(tmp_path)
    agents = project / ".claude/agents"
    paths = [agent(agents, name, sized(name, size)) for name, size in
             (("alpha", 30_000), ("beta", 20_000), ("gamma", 9_000), ("delta", 2_000))]  # fmt: skip
    run = run_cli("check", "--format", "json", ".", cwd=project, env={"HOME": str(home)})
    files = {Path(f["path"]).name: f for f in run.json["files"]}
    found = {
        name: [d for d in entry["diagnostics"] if d["code"] == "description-budget"]
        for name, entry in files.items()
    }
    assert [len(found[p.name]) for p in paths] == [1, 1, 1, 0]
    (first,) = found["alpha.md"]
    assert first["severity"] == 2
    assert "Agent descriptions are over the 15.0k-token limit (~15.2k tokens)" in first["message"]
    assert "~15,250 tokens" in first["message"] and "`alpha` (~7,500)" in first["message"]
    assert {r["location"]["uri"] for r in first["relatedInformation"]} == {
        (agents / "beta.md").as_uri(),
        (agents / "gamma.md").as_uri(),
    }
    text = run_cli("catalog", "--harness", "claude-code", cwd=project, env={"HOME": str(home)})
    assert (
        "Agent descriptions: ~15,250 tokens of the 15,000-token limit (over the limit: " in text.out
    )


def test_other_harnesses_and_small_projects_have_no_budget_finding(tmp_path):
    home, project = layout(tmp_path)
    agent(project / ".claude/agents", "small", "Reviews code. Use when a change is ready.")
    agent(project / ".gemini/agents", "gem", sized("gem", 70_000))
    run = run_cli("check", "--format", "json", ".", cwd=project, env={"HOME": str(home)})
    codes = {d["code"] for f in run.json["files"] for d in f["diagnostics"]}
    assert "description-budget" not in codes
    document = run_cli("catalog", "--harness", "gemini", "--format", "json", cwd=project,
                       env={"HOME": str(home)})  # fmt: skip
    assert "budget" not in json.loads(document.out)
