"""Folder walks as users expect them: what git ignores and the ``exclude`` settings are left
out (a file named on the command line is still checked), hidden files are read where a harness
reads them, and ``--show-files`` tells every decision."""

from __future__ import annotations

from pathlib import Path

from cli_helpers import run_cli

AGENT = "---\nname: {name}\ndescription: Reviews code. Use when a change is ready.\n---\nBody\n"


def tree(root: Path, *names: str) -> Path:
    for relative in names:
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(AGENT.format(name=path.stem.lstrip(".")), encoding="utf-8")
    return root


def checked(root: Path, *args: str) -> set[str]:
    run = run_cli("check", "--format", "json", *args, cwd=root)
    assert run.code in (0, 1), run.err
    return {f["path"] for f in run.json["files"]}


def test_what_git_ignores_is_left_out_unless_no_ignore(tmp_path):
    root = tree(tmp_path, ".claude/agents/kept.md", ".claude/agents/generated/made.md")
    (root / ".gitignore").write_text("# generated copies\n.claude/agents/generated/\n")
    assert checked(root) == {".claude/agents/kept.md"}
    assert checked(root, "--no-ignore") == {
        ".claude/agents/kept.md",
        ".claude/agents/generated/made.md",
    }
    assert checked(root, ".claude/agents/generated/made.md") == {".claude/agents/generated/made.md"}


def test_nested_gitignore_and_git_info_exclude(tmp_path):
    root = tree(tmp_path, "agents/a.md", "agents/b.md", "agents/sub/c.md")
    (root / ".git" / "info").mkdir(parents=True)
    (root / ".git" / "info" / "exclude").write_text("a.md\n")
    (root / "agents" / "sub" / ".gitignore").write_text("*.md\n")
    assert checked(root) == {"agents/b.md"}


def test_exclude_settings_and_options(tmp_path):
    a, b, c = ".claude/agents/a.md", ".claude/agents/drafts/b.md", "vendor/agents/c.md"
    root = tree(tmp_path, a, b, c)
    assert checked(root) == {a, b, c}
    (root / ".subagent-ls.toml").write_text('extendExclude = ["drafts/"]\n')
    assert checked(root) == {a, c}
    assert checked(root, "--extend-exclude", "vendor") == {a}
    (root / ".subagent-ls.toml").write_text('extend-exclude = ["drafts/"]\n')  # ruff's spelling
    assert checked(root) == {a, c}
    assert checked(root, "--exclude", "vendor,*.txt") == {a}


def test_the_default_exclude_can_be_replaced(tmp_path):
    root = tree(tmp_path, "node_modules/pkg/agents/x.md", "agents/y.md")
    assert checked(root) == {"agents/y.md"}
    assert checked(root, "--exclude", ".git") == {"agents/y.md", "node_modules/pkg/agents/x.md"}


def test_hidden_files_are_walked_where_a_harness_reads_them(tmp_path):
    root = tree(
        tmp_path,
        ".claude/agents/.hidden.md",
        ".gemini/agents/.hidden.md",
        ".github/agents/.skipped.md",
        ".agents/agents/.skipped.md",
    )
    (root / ".claude/agents/.#lock.md").symlink_to("nobody@host.1234")
    assert checked(root) == {".claude/agents/.hidden.md", ".gemini/agents/.hidden.md"}


def test_a_walk_of_the_agents_folder_itself_takes_the_dot_files_gemini_reads(tmp_path):
    """Gemini CLI 0.61.0 reads `.x.md` in `.gemini/agents/` (``loadAgentsFromDirectory`` skips
    only `_x.md`, folders and links), whatever folder the walk starts from; not in a subfolder
    or a dot folder below it (it does not recurse)."""
    root = tree(
        tmp_path,
        ".gemini/agents/.hidden.md",
        ".gemini/agents/shown.md",
        ".gemini/agents/sub/.deeper.md",
        ".gemini/agents/.dir/inside.md",
    )
    taken = {".gemini/agents/.hidden.md", ".gemini/agents/shown.md"}
    assert checked(root) - {".gemini/agents/.dir/inside.md"} == taken
    assert checked(root, ".gemini/agents") - {".gemini/agents/.dir/inside.md"} == taken
    assert checked(root, ".gemini") - {".gemini/agents/.dir/inside.md"} == taken
    assert checked(root / ".gemini/agents", ".") - {".dir/inside.md"} == {".hidden.md", "shown.md"}
    run = run_cli("check", "--format", "json", ".gemini/agents", cwd=root)
    loads = {f["path"]: f["harness"]["loads"] for f in run.json["files"]}
    assert loads.pop(".gemini/agents/.dir/inside.md", False) is False
    assert loads == {".gemini/agents/.hidden.md": True, ".gemini/agents/shown.md": True}


def test_show_files_tells_every_decision(tmp_path):
    root = tree(tmp_path, ".claude/agents/a.md", "generated/agents/b.md")
    (root / "README.md").write_text("---\nname: readme\ndescription: About\n---\n")
    (root / "skills/pdf").mkdir(parents=True)
    (root / "skills/pdf/SKILL.md").write_text("---\nname: pdf\ndescription: PDFs\n---\n")
    (root / ".gitignore").write_text("generated/\n")
    run = run_cli("check", "--show-files", cwd=root)
    assert run.code == 0, run.err
    assert run.out.splitlines() == [
        ".claude/agents/a.md: checked, read as claude-code (the folder `.claude/agents/`)",
        "README.md: not checked, README: the file name `README.md`",
        "generated/: not walked: ignored by git (`generated/` in .gitignore)",
        "skills/pdf/SKILL.md: not checked, skill: the file name `SKILL.md`",
        "1 file(s) to check, 2 Markdown file(s) left alone, 1 path(s) not walked.",
    ]
