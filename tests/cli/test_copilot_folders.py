"""What GitHub Copilot CLI 1.0.102 reads, said by ``check`` and ``catalog`` through the real
console script (the oracle matrix, ``tests/harness/oracle_copilot.py``, proves the same against
the binary): an agent folder shared by a symbolic link, and two agents of one name."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import run_cli

AGENT = "---\nname: reviewer\ndescription: Reviews code. Use when a change is ready.\n---\nBody.\n"


def run(tmp_path: Path, *args: str):
    return run_cli(*args, cwd=tmp_path, env={"HOME": str(tmp_path / "home")})


def linked_project(tmp_path: Path) -> None:
    """``.github/agents -> ../.claude/agents``: one folder for Claude Code and Copilot."""
    (tmp_path / ".git").mkdir()
    (tmp_path / ".claude/agents").mkdir(parents=True)
    (tmp_path / ".claude/agents/reviewer.md").write_text(AGENT, encoding="utf-8")
    (tmp_path / ".github").mkdir()
    (tmp_path / ".github/agents").symlink_to("../.claude/agents")


def copilot_of(entry: dict) -> dict:
    (found,) = [h for h in entry["harnesses"] if h["id"] == "copilot"]
    return found


def test_copilot_reads_an_agent_folder_that_is_a_link(tmp_path):
    """Copilot reads `.github/agents` first, through the link, and keeps the first definition
    of an id: the agent is the one of `.github/agents`, listed once."""
    linked_project(tmp_path)
    for path in (".github/agents/reviewer.md", ".claude/agents/reviewer.md"):
        checked = run(tmp_path, "check", "--format", "json", path)
        copilot = copilot_of(checked.json["files"][0])
        assert (copilot["outcome"], copilot["name"]) == ("loads", "reviewer"), path
        assert copilot["why"] == "reads `project .github/agents`"
    catalog = run(tmp_path, "catalog", "--harness", "copilot", "--format", "json").json
    files = [e for e in catalog["entries"] if e["source"] != "builtin"]
    assert [(e["name"], e["source"], e["effective"]) for e in files] == [
        ("reviewer", "project", True)
    ]
    assert files[0]["uri"].endswith("/.github/agents/reviewer.md")
    text = run(tmp_path, "catalog", "--harness", "copilot").out
    assert "project .github/agents" in text and ".github/agents/reviewer.md" in text


def test_claude_code_keeps_its_own_folder_when_copilots_links_to_it(tmp_path):
    linked_project(tmp_path)
    checked = run(tmp_path, "check", "--format", "json", ".claude/agents/reviewer.md")
    claude = checked.json["files"][0]["harnesses"][0]
    assert (claude["id"], claude["why"]) == ("claude-code", "reads `project .claude/agents`")


def named(name: str, description: str) -> str:
    return f"---\nname: {name}\ndescription: {description} Use when a change is ready.\n---\nB\n"


def clash(tmp_path: Path, files: dict[str, str]) -> dict[str, list[dict]]:
    """The cross-file findings ``check`` gives each file of ``files`` (paths to names)."""
    (tmp_path / ".git").mkdir()
    for index, (where, name) in enumerate(files.items()):
        path = tmp_path / where
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(named(name, f"Agent {index}."), encoding="utf-8")
    paths = [str(tmp_path / where) for where in files]
    checked = run(tmp_path, "check", "--targets", "copilot", "--format", "json", *paths)
    codes = ("duplicate-name", "shadowed", "overrides")
    return {
        entry["path"]: [d for d in entry["diagnostics"] if d["code"] in codes]
        for entry in checked.json["files"]
    }


@pytest.mark.parametrize(
    ("first", "second"),
    [
        (".github/agents/one.md", ".github/agents/two.md"),
        ("home/.copilot/agents/b.md", ".github/agents/a.md"),
        (".github/agents/b.md", ".claude/agents/a.md"),
    ],
)
def test_copilot_runs_the_first_found_of_two_agents_of_one_name(tmp_path, first, second):
    """Copilot CLI lists both to the model, but the model's `twin` and `--agent twin` run the
    first found: the user's folder, then `.github/agents`, then `.claude/agents`; in one folder
    the first path (a run of 1.0.102 with a model that calls the name)."""
    found = clash(tmp_path, {first: "twin", second: "twin"})
    winner, loser = (found[str(tmp_path / where)] for where in (first, second))
    if first.startswith(".github/agents/") and second.startswith(".github/agents/"):
        assert [d["code"] for d in winner + loser] == ["duplicate-name"] * 2
        assert "runs the first found, this one" in winner[0]["message"]
        assert "runs the first found, the one in " in loser[0]["message"]
        assert winner[0]["severity"] == 1
    else:
        assert [d["code"] for d in winner] == ["overrides"]
        assert [d["code"] for d in loser] == ["shadowed"]
        assert "the model is still given this description" in loser[0]["message"]


def test_a_copilot_agent_named_like_a_built_in_is_run_only_with_agent(tmp_path):
    """The model's `explore` runs the built-in; `--agent explore` runs the file (built-ins
    cannot be chosen with `--agent`)."""
    found = clash(tmp_path, {".github/agents/mine.md": "explore"})
    (finding,) = found[str(tmp_path / ".github/agents/mine.md")]
    assert finding["code"] == "duplicate-name" and finding["severity"] == 2
    assert (
        "runs the built-in, never this file; `--agent explore` runs this file"
        in (finding["message"])
    )
    catalog = run(tmp_path, "catalog", "--harness", "copilot", "--format", "json").json
    (mine,) = [e for e in catalog["entries"] if e["uri"] and e["uri"].endswith("mine.md")]
    assert mine["shadowedBy"]["source"] == "builtin" and mine["effective"]  # still listed
