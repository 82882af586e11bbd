"""docs/ci.md as written: its pre-commit configuration names hooks that exist in this
repository's ``.pre-commit-hooks.yaml`` at its address, and each ``subagent-ls`` step of its
GitHub Actions workflows, run verbatim in bash, does what the page says."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from ruamel.yaml import YAML

REPO = Path(__file__).resolve().parents[2]
PAGE = REPO / "docs" / "ci.md"
BROKEN = "---\nname: reviewer\ndescription: Use this when: a change is ready\n---\nReview.\n"


def _yaml_blocks() -> list[object]:
    blocks = re.findall(r"```yaml\n(.*?)```", PAGE.read_text("utf-8"), re.DOTALL)
    return [YAML(typ="safe").load(block) for block in blocks]


def _steps() -> dict[str, str]:
    """The ``subagent-ls`` run steps of the workflows, by output format."""
    steps = {}
    for block in _yaml_blocks():
        if isinstance(block, dict) and "jobs" in block:
            for job in block["jobs"].values():
                for step in job["steps"]:
                    command = step.get("run", "")
                    if command.startswith("subagent-ls "):
                        steps[command.split("--format ")[1].split()[0]] = command
    return steps


def _bash(command: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    path = f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"
    return subprocess.run(
        ["bash", "-c", command],
        cwd=cwd,
        env={**os.environ, "PATH": path},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_pre_commit_configuration_names_this_repository_and_its_hooks():
    (config,) = [b for b in _yaml_blocks() if isinstance(b, dict) and "repos" in b]
    hooks = {hook["id"] for hook in YAML(typ="safe").load(REPO / ".pre-commit-hooks.yaml")}
    urls = tomllib.loads((REPO / "pyproject.toml").read_text("utf-8"))["project"]["urls"]
    (repo,) = config["repos"]
    assert repo["repo"] == urls["Repository"]
    assert {hook["id"] for hook in repo["hooks"]} <= hooks
    assert {"subagent-ls", "subagent-ls-fix"} <= hooks


def test_the_workflow_steps_annotate_and_upload(tmp_path):
    steps = _steps()
    assert set(steps) == {"github", "sarif"}
    folder = tmp_path / ".agents" / "agents"
    folder.mkdir(parents=True)
    (folder / "reviewer.md").write_text(BROKEN)
    annotations = _bash(steps["github"], tmp_path)
    assert annotations.returncode == 1, annotations.stderr
    assert annotations.stdout.startswith("::error file=.agents/agents/reviewer.md,line=3,col=27,")
    upload = _bash(steps["sarif"], tmp_path)
    assert upload.returncode == 0, upload.stderr
    log = json.loads((tmp_path / "subagent-ls.sarif").read_text("utf-8"))
    assert log["version"] == "2.1.0"
    assert log["runs"][0]["results"][0]["ruleId"] == "yaml-syntax"


@pytest.mark.parametrize("output", ["github", "sarif"])
def test_a_workflow_step_that_checks_no_file_fails(tmp_path, output):
    (tmp_path / "README.md").write_text("# Not an agent\n")
    run = _bash(_steps()[output], tmp_path)
    assert run.returncode != 0  # the step fails
    assert "no agent file found" in run.stderr
