"""``catalog --targets``: the catalogs of several harnesses side by side, and the files that play
a different role in two of them."""

from __future__ import annotations

from pathlib import Path

from cli_helpers import run_cli


def write(path: Path, frontmatter: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"---\n{frontmatter}\n---\nBody.\n", encoding="utf-8")
    return path


def across(root: Path, home: Path, targets: str, *extra: str):
    args = ["catalog", "--targets", targets, "--home", str(home), "--root", str(root), *extra]
    return run_cli(*args, cwd=root, env={"HOME": str(home)})


def test_roles_side_by_side(tmp_path):
    root, home = tmp_path / "project", tmp_path / "home"
    (root / ".git").mkdir(parents=True)
    repaired = write(
        root / ".claude/agents/a.md", "name: a\ndescription: Reviews code: use when ready."
    )
    github = write(root / ".github/agents/b.md", "name: b\ndescription: Writes docs.")
    same = write(root / ".claude/agents/c.md", "name: c\ndescription: Plans work.")
    run = across(root, home, "claude-code,copilot", "--format", "json")
    assert run.code == 0, run.err
    assert [c["harness"] for c in run.json["harnesses"]] == ["claude-code", "copilot"]
    roles = {Path(f["path"]).name: f["roles"] for f in run.json["files"]}
    assert roles[repaired.name] == {"claude-code": "offered", "copilot": "rejected"}
    assert roles[github.name] == {"claude-code": "not read", "copilot": "offered"}
    assert roles[same.name] == {"claude-code": "offered", "copilot": "offered"}

    text = across(root, home, "claude-code,copilot").out
    assert "Catalog for claude-code:" in text and "Catalog for copilot:" in text
    differing = text.split("Files that play a different role in two of these harnesses:")[1]
    assert ".claude/agents/a.md  claude-code: offered as `a` · copilot: rejected" in differing
    assert "c.md" not in differing


def test_one_name_shadowed_in_one_harness_only(tmp_path):
    """Claude Code's project level overrides its user level; Copilot reads only the project."""
    root, home = tmp_path / "project", tmp_path / "home"
    (root / ".git").mkdir(parents=True)
    write(home / ".claude/agents/r.md", "name: r\ndescription: User level.")
    project = write(root / ".claude/agents/r.md", "name: r\ndescription: Project level.")
    run = across(root, home, "claude-code,copilot", "--format", "json")
    roles = {f["path"]: f["roles"] for f in run.json["files"]}
    user = str(home / ".claude/agents/r.md")
    assert roles[user] == {"claude-code": "shadowed", "copilot": "not read"}
    assert roles[str(project)] == {"claude-code": "offered", "copilot": "offered"}


def test_unknown_target(tmp_path):
    run = across(tmp_path, tmp_path, "claude-code,nano")
    assert run.code == 2 and "unknown harness(es): nano" in run.err
