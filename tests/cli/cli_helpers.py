"""Run the real console script, the way users and CI do."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

SCRIPT = Path(sys.executable).with_name("subagent-ls")


@dataclass
class Run:
    code: int
    out: str
    err: str

    @property
    def json(self) -> dict:
        return json.loads(self.out)


def run_cli(
    *args: str, cwd: Path | None = None, env: dict[str, str] | None = None, timeout: float = 120
) -> Run:
    """Run the console script; its output must be UTF-8 and its stderr free of tracebacks."""
    if not SCRIPT.exists():
        pytest.fail(f"the console script {SCRIPT} is not installed (pip install -e .)")
    full_env = {**os.environ, **(env or {})}
    done = subprocess.run(
        [str(SCRIPT), *args],
        cwd=cwd,
        env=full_env,
        capture_output=True,
        encoding="utf-8",
        timeout=timeout,
    )
    assert "Traceback" not in done.stderr, done.stderr
    return Run(done.returncode, done.stdout, done.stderr)


def git_project(tmp_path: Path, files: dict[str, str]) -> Path:
    """A git project (``tmp_path/project``) holding ``files`` (relative path: text)."""
    root = tmp_path / "project"
    (root / ".git").mkdir(parents=True)
    for relative, text in files.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root
