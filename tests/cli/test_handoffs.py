"""Copilot's ``handoffs``: GitHub Copilot CLI 1.0.102 does not implement them (a run with a
handoff to an agent that does not exist loads the file and logs only ``unknown field ignored:
handoffs``), so ``check`` says the field is ignored and checks none of its agent names."""

from __future__ import annotations

from cli_helpers import run_cli

TEXT = (
    "---\nname: alpha\ndescription: Reviews code for defects. Use when a change is ready.\n"
    "handoffs:\n  - label: Fix it\n    agent: no-such-agent\n    prompt: Fix what you found.\n"
    "---\nBody.\n"
)


def test_a_handoff_to_a_missing_agent_is_ignored_with_the_field(tmp_path):
    path = tmp_path / ".github/agents/alpha.agent.md"
    path.parent.mkdir(parents=True)
    path.write_text(TEXT)
    run = run_cli("check", "--format", "json", str(path), cwd=tmp_path, env={"HOME": str(tmp_path)})
    (entry,) = run.json["files"]
    assert entry["dialect"] == "copilot" and entry["harness"]["loads"]
    (finding,) = entry["diagnostics"]
    assert finding["code"] == "field-unknown" and finding["severity"] == 2
    assert (
        "Copilot ignores it" in finding["message"] and "unknown field ignored" in finding["message"]
    )
