"""``subagent-ls port`` to and from the seed formats (the Harness Subagents format, Synapse, zut,
agent-core), as a user runs it: each ported file is judged afterwards by ``check`` in the
format's own dialect, the verdict a user sees."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from cli_helpers import git_project as project
from cli_helpers import run_cli

CLAUDE_AGENT = """\
---
name: code-reviewer
description: Reviews code for quality. Use after edits.
tools: Read, Grep, Glob, Edit, Write, Bash, WebFetch, Agent, mcp__github__create_issue
model: claude-sonnet-4-5
---
You are a code reviewer.

Be *thorough*:  keep  spacing\tand tabs.
"""
BODY = CLAUDE_AGENT.split("---\n", 2)[2]
HEAD = "description: Reviews code for quality. Use after edits.\n"

PORTED = {  # the file written, its frontmatter, and the tools the format grants
    "harness-subagents": (
        ".agents/agents/code-reviewer.md",
        f"---\nname: code-reviewer\n{HEAD}tools: [Read, Grep, Glob, Edit, Write, Bash, "
        "WebFetch, Agent, mcp__github__create_issue]\n---\n",
        ["Read", "Grep", "Glob", "Edit", "Write", "Bash", "WebFetch", "Agent"],
    ),
    "synapse": (
        ".synapse/agents/code-reviewer.md",
        f"---\nname: code-reviewer\n{HEAD}tools: [read_file, search_files, find_files, "
        "edit_file, write_file, execute]\n---\n",
        ["read_file", "search_files", "find_files", "edit_file", "write_file", "execute"],
    ),
    "zut": (
        "profiles/code-reviewer.md",
        f"---\nname: code-reviewer\n{HEAD}tools: read, edit, write, bash\n---\n",
        ["read", "edit", "write", "bash"],
    ),
    "agent-core": (
        "profiles/code-reviewer.md",
        f"---\nid: code-reviewer\n{HEAD}allowed-tools: [fs_write, execute, delegate]\n---\n",
        ["fs_write", "execute", "delegate"],
    ),
}
OUT = {"zut": "profiles", "agent-core": "profiles"}
"""zut scans no project folder, and agent-core's is `.claude/agents/`, where the source lies."""


def verdict_of(root: Path, path: Path, harness: str) -> dict:
    """The verdict ``check`` gives the file, read in the format's own dialect."""
    home = root.parent / "home"
    home.mkdir(exist_ok=True)
    done = run_cli(
        "check", "--format", "json", "--dialect", harness, "--targets", harness, str(path),
        cwd=root, env={"HOME": str(home)},
    )  # fmt: skip
    assert done.code in (0, 1), done.err
    (entry,) = done.json["files"]
    (verdict,) = [h for h in entry["harnesses"] if h["id"] == harness]
    return verdict


def _lines(out: str) -> list[str]:
    return [" ".join(line.split()) for line in out.splitlines()]


@pytest.mark.parametrize("harness", sorted(PORTED))
def test_a_claude_code_agent_ported_to_a_seed_format_loads_there_with_the_mapped_tools(
    tmp_path, harness
):
    root = project(tmp_path, {".claude/agents/code-reviewer.md": CLAUDE_AGENT})
    out = ("--out", OUT[harness]) if harness in OUT else ()
    done = run_cli("port", "--to", harness, *out, ".claude/agents/code-reviewer.md", cwd=root)
    assert done.code == 0, done.out + done.err
    assert "written, loads as `code-reviewer`" in done.out
    relative, frontmatter, tools = PORTED[harness]
    written = root / relative
    assert written.read_bytes() == (frontmatter + BODY).encode()
    verdict = verdict_of(root, written, harness)
    assert (verdict["loads"], verdict["name"]) == (True, "code-reviewer")
    fields = yaml.safe_load(frontmatter.strip("-\n"))
    listed = fields.get("tools") or fields.get("allowed-tools")
    listed = [t.strip() for t in listed.split(",")] if isinstance(listed, str) else listed
    granted = verdict.get("tools") if verdict.get("tools") is not None else listed
    assert [t for t in granted if "github" not in t] == tools


SOURCE = (
    "---\nname: helper\ndescription: 'Helps: with files.'\n"
    "tools: Read, Grep, Glob, Edit, Write, Bash, Agent\n---\nHelp with files.\r\n\n  Indented.\n"
)
KEPT = {  # the tools of SOURCE the format has a tool for, by its document
    "harness-subagents": {"Read", "Grep", "Glob", "Edit", "Write", "Bash", "Agent"},
    "synapse": {"Read", "Grep", "Glob", "Edit", "Write", "Bash"},
    "zut": {"Read", "Edit", "Write", "Bash"},
    "agent-core": {"Write", "Bash", "Agent"},
}


@pytest.mark.parametrize("harness", sorted(KEPT))
def test_a_round_trip_through_a_seed_format_keeps_name_description_body_and_shared_tools(
    tmp_path, harness
):
    root = project(tmp_path, {".claude/agents/helper.md": SOURCE})
    there, back = tmp_path / "there", tmp_path / "back"
    done = run_cli(
        "port", "--to", harness, "--out", str(there), ".claude/agents/helper.md", cwd=root
    )
    assert done.code == 0, done.out
    (middle,) = there.iterdir()
    done = run_cli(
        "port", "--dialect", harness, "--to", "claude-code", "--out", str(back), str(middle),
        cwd=root,
    )  # fmt: skip
    assert done.code == 0, done.out
    (final,) = back.iterdir()
    assert final.name == "helper.md"
    after = yaml.safe_load(final.read_text().split("---\n", 2)[1])
    assert after["name"] == "helper"
    assert after["description"] == "Helps: with files."
    assert final.read_bytes().split(b"---\n", 2)[2] == b"Help with files.\r\n\n  Indented.\n"
    assert {t.strip() for t in after["tools"].split(",")} == KEPT[harness]


def test_all_ports_to_every_real_harness_and_a_seed_format_only_by_its_name(tmp_path):
    root = project(tmp_path, {".claude/agents/code-reviewer.md": CLAUDE_AGENT})
    done = run_cli("port", "--to", "all", "--check", ".claude/agents/code-reviewer.md", cwd=root)
    heads = [line.split("(")[-1] for line in done.out.splitlines() if not line.startswith(" ")]
    assert heads == [
        "Gemini CLI): missing, loads as `code-reviewer`",
        "GitHub Copilot CLI): missing, loads as `code-reviewer`",
        "OpenCode): missing, loads as `code-reviewer`",
    ]


def test_a_format_with_no_project_folder_or_the_sources_own_folder_needs_out(tmp_path):
    root = project(tmp_path, {".claude/agents/code-reviewer.md": CLAUDE_AGENT})
    zut = run_cli("port", "--to", "zut", ".claude/agents/code-reviewer.md", cwd=root)
    assert zut.code == 1
    assert "zut reads no agent folder in a project; give --out" in zut.out
    core = run_cli("port", "--to", "agent-core", ".claude/agents/code-reviewer.md", cwd=root)
    assert core.code == 1
    assert "agent-core reads its agents from this file's own path; give --out" in core.out
    assert (root / ".claude/agents/code-reviewer.md").read_text() == CLAUDE_AGENT


def test_no_tools_is_written_as_each_format_says_none(tmp_path):
    text = '---\nname: thinker\ndescription: Thinks it over.\ntools: ""\n---\nThink.\n'
    root = project(tmp_path, {".claude/agents/thinker.md": text})
    written = {
        "synapse": "tools: []\ndisallowed_tools: [read_file, write_file, edit_file, execute]\n",
        "zut": "tools: []\n",
        "agent-core": "allowed-tools: []\n",
        "harness-subagents": "tools: false\n",
    }
    for harness, entry in written.items():
        out = tmp_path / harness
        done = run_cli(
            "port", "--to", harness, "--out", str(out), ".claude/agents/thinker.md", cwd=root
        )
        assert done.code == 0, done.out
        ported = out / "thinker.md"
        assert entry in ported.read_text()
        verdict = verdict_of(root, ported, harness)
        assert verdict["loads"] is True
        assert verdict.get("tools") in ([], None)


def test_a_model_id_is_left_out_with_the_reason_the_document_gives(tmp_path):
    root = project(tmp_path, {".claude/agents/code-reviewer.md": CLAUDE_AGENT})
    done = run_cli("port", "--to", "synapse", ".claude/agents/code-reviewer.md", cwd=root)
    assert (
        "model left-out claude-sonnet-4-5 (Synapse's model is `provider:model-name` (l. 78) and "
        "its document lists no provider ids, so the same model cannot be named there; the agent "
        "runs on the main agent's model)"
    ) in _lines(done.out)
    inherit = CLAUDE_AGENT.replace("claude-sonnet-4-5", "inherit")
    (root / ".claude/agents/code-reviewer.md").write_text(inherit)
    done = run_cli("port", "--to", "synapse", ".claude/agents/code-reviewer.md", cwd=root)
    assert "model kept inherit" in _lines(done.out)
    assert "model: inherit\n" in (root / ".synapse/agents/code-reviewer.md").read_text()


def test_a_synapse_file_is_ported_as_synapse_grants_its_tools(tmp_path):
    text = (
        "---\nname: auditor\ndescription: Audits the code.\ntools: [read_file, patch, execute]\n"
        "disallowed_tools: [execute]\n---\nAudit.\n"
    )
    root = project(tmp_path, {".synapse/agents/auditor.md": text})
    done = run_cli("port", "--to", "claude-code", ".synapse/agents/auditor.md", cwd=root)
    assert done.code == 0, done.out
    lines = _lines(done.out)
    assert "tools mapped read_file → Read (read)" in lines
    assert (
        "tools left-out patch (a main agent tool of Synapse (l. 80, 91) whose document does not "
        "say what it does, so it has no equivalent to be mapped to)"
    ) in lines
    assert not any(line.startswith(("disallowed_tools", "tools mapped execute")) for line in lines)
    written = (root / ".claude/agents/auditor.md").read_text()
    assert (
        written == "---\nname: auditor\ndescription: Audits the code.\ntools: Read\n---\nAudit.\n"
    )


def test_every_tool_is_written_as_each_format_says_every_tool(tmp_path):
    text = "---\nname: helper\ndescription: Helps with anything.\n---\nHelp.\n"
    root = project(tmp_path, {".claude/agents/helper.md": text})
    for harness in sorted(PORTED):
        out = tmp_path / harness
        done = run_cli(
            "port", "--to", harness, "--out", str(out), ".claude/agents/helper.md", cwd=root
        )
        assert done.code == 0, done.out
        assert "tools kept every tool" in _lines(done.out)
        ported = (out / "helper.md").read_text()
        assert "tools" not in ported  # left out: the agent inherits every tool
        assert verdict_of(root, out / "helper.md", harness)["loads"] is True


@pytest.mark.parametrize(
    ("effort", "row"),
    [
        ("high", "effort mapped high → reasoning_effort: high"),
        ("xhigh", "effort left-out xhigh (Synapse has no value for it that means the same)"),
    ],
)
def test_effort_is_carried_where_the_format_takes_its_level(tmp_path, effort, row):
    text = f"---\nname: thinker\ndescription: Thinks it over.\neffort: {effort}\n---\nThink.\n"
    root = project(tmp_path, {".claude/agents/thinker.md": text})
    done = run_cli("port", "--to", "synapse", ".claude/agents/thinker.md", cwd=root)
    assert done.code == 0, done.out
    assert row in _lines(done.out)
    written = (root / ".synapse/agents/thinker.md").read_text()
    assert ("reasoning_effort: high\n" in written) is (effort == "high")
    done = run_cli("port", "--to", "zut", "--out", "z", ".claude/agents/thinker.md", cwd=root)
    assert done.code == 0, done.out
    assert f"thinking: {effort}\n" in (root / "z/thinker.md").read_text()
    assert verdict_of(root, root / "z/thinker.md", "zut")["loads"] is True


def test_a_level_claude_code_does_not_take_is_not_carried_back(tmp_path):
    text = "---\nname: quick\ndescription: Answers fast.\nreasoning_effort: minimal\n---\nGo.\n"
    root = project(tmp_path, {".synapse/agents/quick.md": text})
    done = run_cli("port", "--to", "claude-code", ".synapse/agents/quick.md", cwd=root)
    assert done.code == 0, done.out
    assert (
        "reasoning_effort left-out minimal (Claude Code has no value for it that means the same)"
        in _lines(done.out)
    )
    assert "effort" not in (root / ".claude/agents/quick.md").read_text()
