"""What GitHub Copilot CLI 1.0.102 reads, said by ``check`` and ``catalog`` through the real
console script (the oracle matrix, ``tests/harness/oracle_copilot.py``, proves the same against
the binary): an agent folder shared by a symbolic link."""

from __future__ import annotations

from pathlib import Path

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
