"""The ``model`` field through ``check``: the values each harness knows pass, any other is a
warning that says what the harness does with it (each sends it on as is; OpenCode cannot split
a value without ``/``), and none of them stops the file from loading (runs of Claude Code
2.1.332, Gemini CLI 0.61.0 and OpenCode 1.18.33 load them all)."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import run_cli

DESCRIPTION = "Reviews code for defects and reports them. Use when a change is ready."
CASES = [
    (".claude/agents", "Sonnet", None),
    (".claude/agents", "opus[1m]", None),
    (".claude/agents", "claude-opus-4-1", None),
    (".claude/agents", "INHERIT", None),
    (".claude/agents", "gpt-4o", "sends it to the API as is"),
    (".gemini/agents", "flash-lite", None),
    (".gemini/agents", "gemini-2.5-pro", None),
    (".gemini/agents", "totally-made-up-model", "retry until `timeout_mins`"),
    (".opencode/agent", "anthropic/claude-sonnet-4-5", None),
    (".opencode/agent", "nosuchprovider/some-model", None),
    (".opencode/agent", "gpt-4o", "allowed: `provider/model`"),
]


@pytest.mark.parametrize(("folder", "model", "says"), CASES)
def test_a_model_loads_and_an_unknown_one_is_a_warning(tmp_path: Path, folder, model, says):
    path = tmp_path / folder / "rev.md"
    path.parent.mkdir(parents=True)
    path.write_text(f"---\nname: rev\ndescription: {DESCRIPTION}\nmodel: {model}\n---\nBody.\n")
    run = run_cli("check", "--format", "json", str(path), cwd=tmp_path, env={"HOME": str(tmp_path)})
    (entry,) = run.json["files"]
    assert entry["harness"]["loads"], entry
    found = [d for d in entry["diagnostics"] if d["code"] == "value-unknown"]
    if says is None:
        assert not found, found
    else:
        (warning,) = found
        assert warning["severity"] == 2 and says in warning["message"]
