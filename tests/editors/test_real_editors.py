"""Real editors, headless: Neovim 0.7 and Emacs 28 with eglot each open a broken agent file,
receive the server's diagnostic, apply its quick-fix and see the diagnostic clear."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent
SERVER = [sys.executable, "-m", "subagent_ls", "serve"]
BROKEN = (
    "---\nname: helper\n"
    "description: Reviews code and reports defects. Use when a change is ready.\n"
    "complexity: judgement\n---\nReview the change.\n"
)


def run_editor(command: list[str], tmp_path: Path) -> dict:
    root = tmp_path / "project"
    agent = root / ".agents" / "agents" / "helper.md"
    agent.parent.mkdir(parents=True)
    agent.write_text(BROKEN)
    out = tmp_path / "out.json"
    env = {
        **os.environ,
        "SUBAGENT_LS_CMD": json.dumps(SERVER),
        "SUBAGENT_LS_FILE": str(agent),
        "SUBAGENT_LS_ROOT": str(root),
        "SUBAGENT_LS_OUT": str(out),
        "HOME": str(tmp_path),
    }
    done = subprocess.run(
        command, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120
    )
    assert out.exists(), f"the editor wrote nothing: {done.stdout[-2000:]} {done.stderr[-2000:]}"
    return json.loads(out.read_text())


def assert_quick_fix_round_trip(seen: dict) -> None:
    assert "error" not in seen, seen.get("error")
    assert seen["arrived"] is True
    assert len(seen["diagnostics"]) == 1 and seen["diagnostics"][0]["line"] == 3
    assert "judgement" in seen["diagnostics"][0]["message"]
    assert seen["actions"][0] == "Change to `judgment`"
    assert seen["line_after"] == "complexity: judgment"
    assert seen["cleared"] is True


@pytest.mark.skipif(
    shutil.which("nvim") is None, reason="Neovim (Debian package neovim) is not installed"
)
def test_neovim_headless(tmp_path):
    script = HERE / "nvim_quickfix.lua"
    seen = run_editor(["nvim", "--headless", "-u", "NONE", "-c", f"luafile {script}"], tmp_path)
    assert_quick_fix_round_trip(seen)


@pytest.mark.skipif(
    shutil.which("emacs") is None, reason="Emacs (Debian emacs-nox, elpa-eglot) is not installed"
)
def test_emacs_eglot_batch(tmp_path):
    seen = run_editor(["emacs", "--batch", "-l", str(HERE / "eglot_quickfix.el")], tmp_path)
    assert_quick_fix_round_trip(seen)
