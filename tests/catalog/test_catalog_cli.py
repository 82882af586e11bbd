"""Layered discovery and precedence per harness profile, through ``subagent-ls catalog`` and
``check`` (HOME is always a temporary folder)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_helpers import run_cli


def agent(folder: Path, file: str, name: str | None, extra: str = "") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    head = f"name: {name}\n" if name else ""
    path = folder / file
    description = f"Reviews the code of {file} for defects. Use when a change is ready."
    path.write_text(f"---\n{head}description: {description}\n{extra}---\nBody of {file}.\n")
    return path


def catalog(tmp_path: Path, harness: str, home: Path, root: Path, env: dict | None = None) -> dict:
    args = ["--harness", harness, "--home", str(home), "--root", str(root), "--format", "json"]
    run = run_cli("catalog", *args, cwd=tmp_path, env={"HOME": str(home), **(env or {})})
    assert run.code == 0, run.err
    return run.json


def by_name(result: dict) -> dict[str, list[dict]]:
    found: dict[str, list[dict]] = {}
    for entry in result["entries"]:
        found.setdefault(entry["name"], []).append(entry)
    return found


@pytest.fixture
def layout(tmp_path: Path) -> tuple[Path, Path]:
    return tmp_path / "home", tmp_path / "work" / "project"


def test_harness_subagents_project_overrides_user(tmp_path, layout):
    home, root = layout
    user = agent(home / ".agents/agents", "reviewer.md", "reviewer")
    project = agent(root / ".agents/agents", "reviewer.md", "reviewer")
    agent(home / ".agents/agents", "writer.md", "writer")
    result = catalog(tmp_path, "harness-subagents", home, root)
    assert [s["id"] for s in result["sources"]][:3] == ["user", "user-claude", "project"]
    winner, loser = sorted(by_name(result)["reviewer"], key=lambda e: not e["effective"])
    assert winner["uri"] == project.as_uri() and winner["source"] == "project"
    assert winner["shadows"] == [{"source": "user", "uri": user.as_uri()}]
    assert loser["shadowedBy"] == {"source": "project", "uri": project.as_uri()}
    assert by_name(result)["writer"][0]["effective"] is True


def test_two_project_sources_with_one_name_warn_on_both(tmp_path, layout):
    home, root = layout
    a = agent(root / ".agents/agents", "x.md", "x")
    b = agent(root / ".claude/agents", "x.md", "x")
    run = run_cli("check", "--format", "json", cwd=root, env={"HOME": str(home)})
    files = {f["path"]: f for f in run.json["files"]}
    for path in (a, b):
        entry = next(f for p, f in files.items() if Path(root, p).resolve() == path.resolve())
        (duplicate,) = [d for d in entry["diagnostics"] if d["code"] == "duplicate-name"]
        assert duplicate["severity"] == 2 and duplicate["relatedInformation"]


def test_same_folder_duplicate_is_an_error_naming_the_winner(tmp_path, layout):
    home, root = layout
    agent(root / ".claude/agents", "a.md", "same")
    agent(root / ".claude/agents/sub", "b.md", "same")
    run = run_cli("check", "--format", "json", cwd=root, env={"HOME": str(home)})
    messages = [
        d["message"]
        for f in run.json["files"]
        for d in f["diagnostics"]
        if d["code"] == "duplicate-name"
    ]
    # the file's own harness names the winner: Claude Code takes the last in path order
    assert len(messages) == 2 and all("Claude Code takes" in m for m in messages)
    assert sum("takes this one, the last found" in m for m in messages) == 1
    assert run.code == 1


def test_shadowed_and_overrides_in_check(tmp_path, layout):
    home, root = layout
    agent(home / ".agents/agents", "reviewer.md", "reviewer")
    agent(root / ".agents/agents", "reviewer.md", "reviewer")
    run = run_cli("check", "--include-user", "--format", "json", cwd=root, env={"HOME": str(home)})
    codes = {
        Path(f["path"]).parent.parent.parent.name or "x": [d["code"] for d in f["diagnostics"]]
        for f in run.json["files"]
    }
    flat = sorted(c for found in codes.values() for c in found)
    assert flat == ["overrides", "shadowed"]
    shadowed = next(
        d for f in run.json["files"] for d in f["diagnostics"] if d["code"] == "shadowed"
    )
    assert shadowed["severity"] == 3 and shadowed["relatedInformation"][0]["location"][
        "uri"
    ].endswith("project/.agents/agents/reviewer.md")


def test_claude_code_folders_up_to_the_git_root_recursive_and_builtins(tmp_path, layout):
    home, root = layout
    agent(root.parent / ".claude/agents", "far.md", "far")  # an ancestor: read too
    agent(root.parent / ".claude/agents", "twin.md", "twin")  # the closer folder wins
    agent(root.parent.parent / ".claude/agents", "above-git.md", "above-git")
    (root.parent / ".git").mkdir(parents=True)  # the walk stops at the git root
    agent(root / ".claude/agents/team", "nested.md", "Nested Name")
    agent(root / ".claude/agents/.hidden", "dot.md", "dot")  # hidden folders are read
    agent(root / ".claude/agents", "one.md", "twin")
    agent(root / ".claude/agents", "two.md", "twin")
    agent(home / ".claude/agents", "Explore.md", "Explore")
    result = catalog(tmp_path, "claude-code", home, root)
    names = by_name(result)
    assert names["far"][0]["effective"] and "above-git" not in names
    assert names["Nested Name"][0]["effective"] and names["dot"][0]["effective"]
    twins = names["twin"]
    assert [Path(e["uri"]).name for e in twins if e["effective"]] == ["two.md"]  # last path
    assert {e["source"] for e in twins} == {"project", "project@1"}
    explore = names["Explore"]
    assert {e["source"] for e in explore} == {"builtin", "user"}
    assert next(e for e in explore if e["effective"])["source"] == "user"


def test_synapse_later_source_wins_and_disabled(tmp_path, layout):
    home, root = layout
    custom = tmp_path / "custom"
    agent(root / ".synapse/agents", "tester.md", "tester")
    agent(custom, "tester.md", "tester")
    agent(root / ".synapse/agents", "off.md", "off", "enabled: false\n")
    env = {
        "AGENT_CUSTOM_AGENTS_DIRS": json.dumps([str(custom)]),
        "AGENT_DISABLE_BUILTIN_SUBAGENTS": '["reviewer"]',
    }
    result = catalog(tmp_path, "synapse", home, root, env)
    names = by_name(result)
    assert next(e for e in names["tester"] if e["effective"])["source"] == "custom:0"
    assert "reviewer" not in names and names["researcher"][0]["source"] == "builtin"
    assert names["off"][0]["disabled"] is True


def test_agent_core_suffixes_a_synced_builtin_name(tmp_path, layout):
    home, root = layout
    agent(root / ".claude/agents", "explore.md", "explore")
    agent(root / ".claude/agents", "notes.md", None, "title: Notes\n")
    result = catalog(tmp_path, "agent-core", home, root)
    names = by_name(result)
    assert names["explore"][0]["source"] == "builtin" and names["explore"][0]["effective"]
    assert names["explore@synced-claude"][0]["effective"]
    assert all(not e["loads"] for e in names.get("notes", []))


def test_zut_profiles_and_fallback(tmp_path, layout):
    home, root = layout
    extra = tmp_path / "profiles"
    agent(home / ".pi/agent/agents", "worker.md", None)
    agent(home / ".agents/agents", "worker.md", None, "thinking: high\n")
    agent(extra, "planner.md", "planner")
    agent(root / ".agents/agents", "project-only.md", "project-only")
    result = catalog(tmp_path, "zut", home, root, {"ZUT_AGENT_PROFILES": str(extra)})
    names = by_name(result)
    assert next(e for e in names["worker"] if e["effective"])["source"] == "user"
    assert names["planner"][0]["source"] == "profiles:0"
    assert "project-only" not in names


def test_text_tree_shows_winner_and_shadowed(tmp_path, layout):
    home, root = layout
    agent(home / ".agents/agents", "reviewer.md", "reviewer")
    agent(root / ".agents/agents", "reviewer.md", "reviewer")
    run = run_cli("catalog", "--home", str(home), "--root", str(root), cwd=tmp_path)
    lines = run.out.splitlines()
    index = next(i for i, line in enumerate(lines) if line.startswith("reviewer"))
    assert "project .agents/agents" in lines[index] and lines[index + 1].startswith(
        "  └ shadowed: reviewer"
    )


def test_bad_sources_are_skipped_never_fatal(tmp_path, layout):
    home, root = layout
    folder = root / ".claude/agents"
    agent(folder, "good.md", "good")
    (folder / "loop").symlink_to(folder, target_is_directory=True)
    (folder / "notes.txt").write_text("not an agent")
    (folder / "binary.md").write_bytes(b"\x00\x01")
    result = catalog(tmp_path, "claude-code", home, root)
    names = by_name(result)
    assert names["good"][0]["effective"] and len(names["good"]) == 1
    assert not names["binary"][0]["loads"]


def test_unreadable_source_folder_is_reported_and_skipped(tmp_path):
    """A source folder `catalog` may not read (mode 0; as root, run without the capabilities
    that bypass it) is skipped with a message, and the rest is listed."""
    import shutil
    import subprocess
    import sys
    import tempfile

    from helpers import unprivileged

    base = Path(tempfile.mkdtemp(prefix="subagent-ls-catalog-"))
    try:
        home, root = base / "home", base / "project"
        agent(root / ".claude/agents", "good.md", "good")
        locked = root / ".claude/agents/locked"
        agent(locked, "hidden.md", "hidden")
        locked.chmod(0)
        script = Path(sys.executable).with_name("subagent-ls")
        args = ["--harness", "claude-code", "--home", str(home), "--root", str(root)]
        done = subprocess.run(
            unprivileged([str(script), "catalog", *args, "--format", "json"]),
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert done.returncode == 0 and "Traceback" not in done.stderr
        assert "locked: skipped" in done.stderr
        assert [
            e["name"] for e in json.loads(done.stdout)["entries"] if e["source"] == "project"
        ] == ["good"]
    finally:
        locked.chmod(0o755)
        shutil.rmtree(base)


def test_suppression_comment_hides_cross_file_findings(tmp_path, layout):
    home, root = layout
    agent(home / ".agents/agents", "reviewer.md", "reviewer", "# subagent-ls: disable=all\n")
    agent(root / ".agents/agents", "reviewer.md", "reviewer")
    run = run_cli("check", "--include-user", "--format", "json", cwd=root, env={"HOME": str(home)})
    codes = sorted(d["code"] for f in run.json["files"] for d in f["diagnostics"])
    assert codes == ["overrides"]


def test_home_as_project_lists_each_file_once(tmp_path, layout):
    home, _ = layout
    agent(home / ".agents/agents", "solo.md", "solo")
    result = catalog(tmp_path, "harness-subagents", home, home)
    assert len(by_name(result)["solo"]) == 1


@pytest.mark.parametrize(
    ("made", "shown"),
    [
        ([".claude/agents"], ["Catalog for claude-code:"]),
        ([".opencode/agent"], ["Catalog for opencode:"]),
        ([".agents/agents", ".claude/agents"], ["Catalog for harness-subagents:"]),
        (
            [".claude/agents", ".github/agents"],
            ["Catalog for claude-code:", "Catalog for copilot:"],
        ),
        ([], ["Catalog for harness-subagents:"]),
    ],
)
def test_the_catalog_is_the_harness_the_project_uses(tmp_path, made, shown):
    """Without --harness and a `harness` setting, `catalog` shows the harness whose folders
    the project has (a project with only `.claude/` gets Claude Code's catalog, not the base
    format's); several side by side; `.agents/` or nothing, the base format's."""
    project = tmp_path / "projé"
    (project / ".git").mkdir(parents=True)
    for folder in made:
        (project / folder).mkdir(parents=True)
    run = run_cli("catalog", cwd=project, env={"HOME": str(tmp_path / "home")})
    assert run.code == 0, run.err
    assert [line for line in run.out.splitlines() if line.startswith("Catalog for ")] == [
        next(line for line in run.out.splitlines() if line.startswith(prefix)) for prefix in shown
    ]
