"""What a one-file ``check`` imports: only what that run needs (a pre-commit hook or an editor
linting through the command line pays the start-up on every call), and the cross-file rules
still apply wherever they can."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from cli_helpers import run_cli

AGENT = (
    "---\nname: {name}\ndescription: Reviews code and reports defects. Use when a change is "
    "ready.\n---\nReview the change.\n"
)
NOT_NEEDED = (
    "subagent_ls.cli.catalog",  # other commands
    "subagent_ls.cli.schema",
    # cross-file rules: one file, no built-in to compete with
    "subagent_ls.workspace.catalog.crosscheck",
    "subagent_ls.analysis.fixes",  # only --fix
    "tempfile",  # only a fixed file is written
    "tomllib",  # no settings file
    "pydantic",  # no settings to validate
    "pygls",  # the language server
    "lsprotocol",
    "dataclasses",  # ~4 ms to import, with inspect, ast, dis and tokenize
    "inspect",
)


@pytest.fixture
def project(tmp_path: Path) -> Path:
    folder = tmp_path / ".agents" / "agents"
    folder.mkdir(parents=True)
    for name in ("alpha", "beta", "gamma"):
        (folder / f"{name}.md").write_text(AGENT.format(name=name))
    return tmp_path


def _imported(project: Path, *args: str) -> set[str]:
    code = (
        "import io, json, sys, contextlib\n"
        "from subagent_ls.cli.main import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    main({list(args)!r})\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    unmeasured = {k: v for k, v in os.environ.items() if not k.startswith("COVERAGE")}
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=project, capture_output=True, text=True, timeout=60,
        env=unmeasured,  # under `coverage run`, coverage's own imports are not the command's
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return set(json.loads(done.stdout))


def test_a_one_file_check_imports_only_what_it_needs(project):
    modules = _imported(project, "check", "--format", "json", ".agents/agents/alpha.md")
    assert "subagent_ls.workspace.checking" in modules
    assert sorted(set(NOT_NEEDED) & modules) == []


def test_a_folder_check_imports_the_cross_file_rules(project):
    assert "subagent_ls.workspace.catalog.crosscheck" in _imported(
        project, "check", "--format", "json"
    )


def test_cross_file_findings_still_apply_to_two_files_and_to_one_beside_a_built_in(project):
    claude = project / ".claude" / "agents"
    claude.mkdir(parents=True)
    (claude / "alpha.md").write_text(AGENT.format(name="alpha"))
    run = run_cli("check", ".agents/agents/alpha.md", ".claude/agents/alpha.md", cwd=project)
    assert run.out.count(" warning duplicate-name `alpha` is defined twice at one level: ") == 2
    (claude / "general-purpose.md").write_text(AGENT.format(name="general-purpose"))
    (project / ".subagent-ls.toml").write_text('harness = "claude-code"\n')
    run = run_cli("check", ".claude/agents/general-purpose.md", cwd=project)
    assert "hint overrides `general-purpose` overrides the built-in definition." in run.out


HARNESS_PACKAGES = {
    f"subagent_ls.harnesses.{name}"
    for name in (
        "harness_subagents",
        "claude_code",
        "opencode",
        "copilot",
        "gemini",
        "synapse",
        "zut",
        "agent_core",
    )
}


def test_rule_imports_no_harness_package(project):
    """``rule`` shows documentation: neither its run nor building the command line (whose
    ``--version`` text names every dialect) imports a harness."""
    assert sorted(HARNESS_PACKAGES & _imported(project, "rule", "tools-empty")) == []


def test_version_imports_the_harness_packages_it_names(project):
    """The control of the test above: the record sees the packages a command does import."""
    code = (
        "import json, sys\n"
        "from subagent_ls.cli.main import version_text\n"
        "version_text()\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=project, capture_output=True, text=True, timeout=60
    )
    assert set(json.loads(done.stdout)) >= HARNESS_PACKAGES
