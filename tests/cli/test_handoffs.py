"""Copilot's ``handoffs``: GitHub Copilot CLI 1.0.102 does not implement them (a run with a
handoff to an agent that does not exist loads the file and logs only ``unknown field ignored:
handoffs``), so ``check`` says the field is ignored; an editor that offers handoffs switches to
the agent named (or to a built-in agent of its own, such as ``agent``), so a name of no agent
in Copilot's folders is an ``agent-unknown`` note too, with the nearest name as the fix."""

from __future__ import annotations

import pytest
from cli_helpers import run_cli

TEXT = (
    "---\nname: alpha\ndescription: Reviews code for defects. Use when a change is ready.\n"
    "handoffs:\n  - label: Fix it\n    agent: {agent}\n    prompt: Fix what you found.\n"
    "---\nBody.\n"
)
FIXER = (
    "---\nname: fixer\ndescription: Fixes what a review found, one defect at a time.\n---\nFix.\n"
)


def check(tmp_path, agent: str, *options: str) -> dict:
    agents = tmp_path / ".github/agents"
    agents.mkdir(parents=True, exist_ok=True)
    (agents / "alpha.agent.md").write_text(TEXT.format(agent=agent))
    (agents / "fixer.agent.md").write_text(FIXER)
    run = run_cli(
        "check", "--format", "json", *options, str(agents / "alpha.agent.md"),
        cwd=tmp_path, env={"HOME": str(tmp_path)},
    )  # fmt: skip
    (entry,) = run.json["files"]
    return entry


def test_a_handoff_to_a_missing_agent_is_ignored_with_the_field_and_named_as_missing(tmp_path):
    entry = check(tmp_path, "no-such-agent")
    assert entry["dialect"] == "copilot" and entry["harness"]["loads"]
    ignored, unknown = entry["diagnostics"]
    assert ignored["code"] == "field-unknown" and ignored["severity"] == 2
    assert (
        "Copilot ignores it" in ignored["message"] and "unknown field ignored" in ignored["message"]
    )
    assert unknown["code"] == "agent-unknown" and unknown["severity"] == 3  # a note
    assert (
        "`no-such-agent`" in unknown["message"]
        and "Copilot CLI ignores handoffs" in unknown["message"]
    )
    assert "its agents here:" in unknown["message"] and "`fixer`" in unknown["message"]
    assert "fix" not in unknown.get("data", {})  # no agent's name is near


@pytest.mark.parametrize("agent", ["fixer", "agent", "Ask", "plan"])
def test_a_handoff_to_an_agent_that_is_there_is_only_the_ignored_field(tmp_path, agent):
    entry = check(tmp_path, agent)
    assert [d["code"] for d in entry["diagnostics"]] == ["field-unknown"]


def test_a_misspelt_handoff_is_fixed_to_the_nearest_agent_only_when_asked(tmp_path):
    entry = check(tmp_path, "fixr")
    (unknown,) = [d for d in entry["diagnostics"] if d["code"] == "agent-unknown"]
    assert unknown["data"] == {
        "rule": "agent-unknown",
        "fix": "Name `fixer`",
        "fixKind": "unsafe",
        "machine": True,  # Copilot reads ~/.copilot/agents too: the answer is this machine's
    }
    path = tmp_path / ".github/agents/alpha.agent.md"
    check(tmp_path, "fixr", "--fix")
    assert "agent: fixr\n" in path.read_text()  # a safe fix run leaves it
    entry = check(tmp_path, "fixr", "--fix", "--unsafe-fixes")
    assert path.read_text() == TEXT.format(agent="fixer")
    assert [d["code"] for d in entry["diagnostics"]] == ["field-unknown"]
