"""The pre-commit hooks of ``.pre-commit-hooks.yaml``, run by the real ``pre-commit`` with
``try-repo`` in a temporary git repository. The hook repository is a snapshot of this working
tree (tracked and new files) committed in a temporary repository, so the hooks run the code as
it is; pre-commit installs it from there and its dependencies from the package index."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from helpers import require

REPO = Path(__file__).resolve().parents[2]
PRE_COMMIT = Path(sys.executable).with_name("pre-commit")
GOOD = (
    "---\nname: reviewer\ndescription: Reviews code and reports defects. Use when a change is "
    "ready.\n---\nReview the change.\n"
)
BROKEN = "---\nname: reviewer\ndescription: Use this when: a change is ready\n---\nReview.\n"


def _git(project: Path, *args: str) -> None:
    subprocess.run(["git", *args], cwd=project, check=True, capture_output=True)


@pytest.fixture(scope="module")
def hook_repo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """This working tree committed in a repository of its own."""
    if not PRE_COMMIT.exists():
        require([f"pre-commit ({PRE_COMMIT}; pip install -e '.[test]')"])
    if shutil.which("git") is None:
        require(["git"])
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=REPO,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    snapshot = tmp_path_factory.mktemp("hook-repo")
    for relative in filter(None, listed.split("\0")):
        source = REPO / relative
        if source.is_file():
            (snapshot / relative).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, snapshot / relative)
    _git(snapshot, "init", "-q")
    _git(snapshot, "add", "-A")
    _git(snapshot, "-c", "user.name=t", "-c", "user.email=t@example.com", "commit", "-qm", "s")
    return snapshot


@pytest.fixture(scope="module")
def pre_commit_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One pre-commit cache for the module: the hook's environment is installed once."""
    return tmp_path_factory.mktemp("pre-commit-home")


@pytest.fixture
def project(tmp_path: Path) -> Path:
    _git(tmp_path, "init", "-q")
    (tmp_path / "README.md").write_text("# A project\n\nNot an agent.\n")
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "guide.md").write_text("---\ntitle: Guide\n---\nHow to.\n")
    (tmp_path / ".agents" / "agents").mkdir(parents=True)
    return tmp_path


def _try(project: Path, repo: Path, home: Path, hook: str) -> subprocess.CompletedProcess[str]:
    _git(project, "add", "-A")
    env = {**os.environ, "PRE_COMMIT_HOME": str(home), "NO_COLOR": "1"}
    return subprocess.run(
        [str(PRE_COMMIT), "try-repo", str(repo), hook, "--all-files", "--color", "never"],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )


def test_the_hook_fails_on_a_broken_agent_and_passes_once_it_is_fixed(
    project, hook_repo, pre_commit_home
):
    agent = project / ".agents" / "agents" / "reviewer.md"
    agent.write_text(BROKEN)
    run = _try(project, hook_repo, pre_commit_home, "subagent-ls")
    assert run.returncode == 1, run.stdout + run.stderr
    assert "subagent-ls" in run.stdout and "Failed" in run.stdout
    assert ".agents/agents/reviewer.md:3:27: error yaml-syntax" in run.stdout
    assert "README.md" not in run.stdout and "guide.md" not in run.stdout
    agent.write_text(GOOD)
    run = _try(project, hook_repo, pre_commit_home, "subagent-ls")
    assert run.returncode == 0, run.stdout + run.stderr
    assert "Passed" in run.stdout


def test_the_fix_hook_fixes_the_file(project, hook_repo, pre_commit_home):
    agent = project / ".agents" / "agents" / "reviewer.md"
    agent.write_text(BROKEN)
    run = _try(project, hook_repo, pre_commit_home, "subagent-ls-fix")
    assert run.returncode == 1, run.stdout + run.stderr  # pre-commit fails a hook that edits
    assert "fixed yaml-syntax" in run.stdout
    assert agent.read_text() != BROKEN
    assert _try(project, hook_repo, pre_commit_home, "subagent-ls-fix").returncode == 0


def test_with_the_staged_files_named_only_agent_files_are_checked(
    project, hook_repo, pre_commit_home
):
    """A configuration that hands the hook the staged files (``pass_filenames: true``, as
    pre-commit does by default): ``--force-exclude`` leaves out the Markdown files that are
    not agent files (a CLAUDE.md, a SKILL.md, a README), and a commit of only such files
    passes."""
    (project / "CLAUDE.md").write_text("# Project notes\n\nUse the style guide.\n")
    skill = project / ".claude" / "skills" / "review" / "SKILL.md"
    skill.parent.mkdir(parents=True)
    skill.write_text("---\nname: review\ndescription: Reviews code.\n---\nSteps.\n")
    (project / ".pre-commit-config.yaml").write_text(
        f"repos:\n  - repo: {hook_repo}\n    rev: HEAD\n    hooks:\n"
        "      - id: subagent-ls\n        pass_filenames: true\n"
    )
    env = {**os.environ, "PRE_COMMIT_HOME": str(pre_commit_home), "NO_COLOR": "1"}

    def run() -> subprocess.CompletedProcess[str]:
        _git(project, "add", "-A")
        return subprocess.run(
            [str(PRE_COMMIT), "run", "--all-files", "--color", "never"],
            cwd=project, env=env, capture_output=True, text=True, timeout=900,
        )  # fmt: skip

    passed = run()
    assert passed.returncode == 0, passed.stdout + passed.stderr
    assert "CLAUDE.md" not in passed.stdout and "SKILL.md" not in passed.stdout
    (project / ".agents" / "agents" / "reviewer.md").write_text(BROKEN)
    failed = run()
    assert failed.returncode == 1, failed.stdout + failed.stderr
    assert ".agents/agents/reviewer.md:3:27: error yaml-syntax" in failed.stdout
    assert "CLAUDE.md" not in failed.stdout and "README.md" not in failed.stdout
