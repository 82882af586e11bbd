"""References between agents through the real console script, on a project large enough for
``check`` to spread its files over worker processes: the agents are read once for the run and
every file's references are checked against them, with the same findings as one file alone."""

from __future__ import annotations

from cli_helpers import run_cli

COUNT = 450
"""Above ``workspace.parallel.PARALLEL_FROM``: the files are checked by several processes."""
DESCRIPTION = "Reviews one area of the code. Use when a change touches that area."
MISSPELT = {7: "agnet-00008", 200: "nobody-at-all", 449: "Agent-00448"}
"""Files whose reference names no agent, with what they name."""


def write_project(root) -> None:
    agents = root / ".claude/agents"
    agents.mkdir(parents=True)
    for index in range(COUNT):
        named = MISSPELT.get(index, f"agent-{(index + 1) % COUNT:05d}")
        (agents / f"agent-{index:05d}.md").write_text(
            f"---\nname: agent-{index:05d}\ndescription: {DESCRIPTION}\n"
            f"tools: Read, Agent({named})\n---\nBody.\n"
        )


def unknown_references(root, *paths: str) -> dict[str, tuple[str, str | None]]:
    run = run_cli("check", "--format", "json", *paths, cwd=root, env={"HOME": str(root)})
    return {
        entry["path"]: (d["message"].split(":")[0], d.get("data", {}).get("fix"))
        for entry in run.json["files"]
        for d in entry["diagnostics"]
        if d["code"] == "agent-unknown"
    }


def test_every_unknown_reference_of_a_large_project_and_only_those(tmp_path):
    write_project(tmp_path)
    found = unknown_references(tmp_path)
    said = "Claude Code loads no agent `{}` here"  # the first clause
    assert found == {
        ".claude/agents/agent-00007.md": (said.format("agnet-00008"), "Name `agent-00008`"),
        ".claude/agents/agent-00200.md": (said.format("nobody-at-all"), None),
        ".claude/agents/agent-00449.md": (said.format("Agent-00448"), "Name `agent-00448`"),
    }
    alone = unknown_references(tmp_path, ".claude/agents/agent-00449.md")
    assert alone == {".claude/agents/agent-00449.md": found[".claude/agents/agent-00449.md"]}
