"""The GitHub Action (``action.yml``, composite): actionlint checks its steps (as the job of a
reusable workflow with the same inputs), and its steps' commands run here in bash as the runner
runs them (``bash --noprofile --norc -eo pipefail``), with its inputs, ``GITHUB_OUTPUT`` and the
console script on PATH (``install: false``; installing needs the package index)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from ruamel.yaml import YAML
from test_release import actionlint

ROOT = Path(__file__).parents[2]
ACTION = YAML(typ="safe").load((ROOT / "action.yml").read_text(encoding="utf-8"))
SCRIPTS = Path(sys.executable).parent
DESCRIPTION = "Reviews code for defects and reports them. Use when a change is ready."
BROKEN = f"---\nname: reviewer\ndescription: {DESCRIPTION}\ntools: Read, Grep\n---\nReview.\n"
WARNED = f"---\nname: meta\ndescription: {DESCRIPTION}\nmetadata:\n  v: 1.0\n---\nReview.\n"
_EXPRESSION = re.compile(r"\$\{\{\s*([^}]*?)\s*\}\}")


def test_actionlint_finds_nothing_in_the_action_steps(tmp_path):
    inputs = {
        name: {"type": "string", "default": spec.get("default", "")}
        for name, spec in ACTION["inputs"].items()
    }
    workflow = {
        "on": {"workflow_call": {"inputs": inputs}},
        "jobs": {"action": {"runs-on": "ubuntu-latest", "steps": ACTION["runs"]["steps"]}},
    }
    path = tmp_path / "action-as-workflow.yml"
    path.write_text(json.dumps(workflow), encoding="utf-8")
    assert actionlint(path) == []


def run_action(
    project: Path, tmp_path: Path, **given: str
) -> tuple[subprocess.CompletedProcess[str], str]:
    """Run the action's steps in ``project`` as the runner would; the last step's result and
    what the steps wrote to ``GITHUB_OUTPUT``."""
    inputs = {name: spec.get("default", "") for name, spec in ACTION["inputs"].items()}
    inputs.update({"install": "false", **{k.replace("_", "-"): v for k, v in given.items()}})
    output = tmp_path / "github_output"
    output.write_text("")
    context = {"github.action_path": str(ROOT)}

    def value(expression: str) -> str:
        if expression.startswith("inputs."):
            return inputs[expression.removeprefix("inputs.")]
        return context[expression]

    done = None
    for step in ACTION["runs"]["steps"]:
        condition = step.get("if", "")
        if condition == "inputs.install != 'false'" and inputs["install"] == "false":
            continue
        if condition == "inputs.sarif-file != ''" and not inputs["sarif-file"]:
            continue
        env = {k: _EXPRESSION.sub(lambda m: value(m[1]), str(v)) for k, v in step["env"].items()}
        done = subprocess.run(
            ["bash", "--noprofile", "--norc", "-eo", "pipefail", "-c", step["run"]],
            cwd=project,
            env={
                **os.environ,
                **env,
                "PATH": f"{SCRIPTS}{os.pathsep}{os.environ['PATH']}",
                "GITHUB_OUTPUT": str(output),
                "RUNNER_TEMP": str(tmp_path),
                "NO_COLOR": "1",
            },
            capture_output=True,
            text=True,
            timeout=120,
        )
        if done.returncode != 0:
            break
    assert done is not None
    return done, output.read_text()


@pytest.fixture
def project(tmp_path: Path) -> Path:
    folder = tmp_path / "repo" / ".agents" / "agents"
    folder.mkdir(parents=True)
    (folder / "reviewer.md").write_text(BROKEN)
    (folder / "meta.md").write_text(WARNED)
    return tmp_path / "repo"


def test_the_action_annotates_and_fails_on_errors(project, tmp_path):
    run, _ = run_action(project, tmp_path)
    assert run.returncode == 1
    assert "::error file=.agents/agents/reviewer.md,line=4,col=8" in run.stdout
    assert "::warning file=.agents/agents/meta.md" in run.stdout


@pytest.mark.parametrize(("fail_on", "code"), [("error", 0), ("warning", 1), ("never", 0)])
def test_fail_on_decides_what_fails_the_step(project, tmp_path, fail_on, code):
    (project / ".agents/agents/reviewer.md").write_text(BROKEN.replace("Read, Grep", "[Read]"))
    run, _ = run_action(project, tmp_path, fail_on=fail_on)  # one warning left
    assert run.returncode == code, run.stdout + run.stderr


def test_a_bad_fail_on_is_an_error_annotation(project, tmp_path):
    run, _ = run_action(project, tmp_path, fail_on="sometimes")
    assert run.returncode == 2
    assert "::error title=subagent-ls::fail-on must be error, warning or never" in run.stdout


def test_sarif_is_written_for_upload_and_named_as_the_output(project, tmp_path):
    run, outputs = run_action(project, tmp_path, sarif_file="results.sarif", fail_on="never")
    assert run.returncode == 0
    assert "sarif-file=results.sarif\n" in outputs
    log = json.loads((project / "results.sarif").read_text())
    assert log["version"] == "2.1.0"
    assert {r["ruleId"] for r in log["runs"][0]["results"]} >= {"tools-format"}


def test_paths_one_per_line_may_hold_spaces_and_targets_apply(project, tmp_path):
    spaced = project / "team agents" / "agents"
    spaced.mkdir(parents=True)
    (spaced / "reviewer.md").write_text(BROKEN.replace(f"description: {DESCRIPTION}\n", ""))
    run, _ = run_action(
        project, tmp_path, paths="team agents/agents/reviewer.md\n\n", targets="claude-code"
    )
    assert "file=team agents/agents/reviewer.md" in run.stdout
    assert ".agents/agents/meta.md" not in run.stdout
