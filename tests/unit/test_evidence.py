"""Which harness a file outside every agent folder is written for: each clue, what a weak or
mixed reading gives (the base format as a guess: no error, no verdict of not loading), and the
reasons the user reads."""

from __future__ import annotations

from pathlib import Path

import pytest

from subagent_ls.analysis.dialect_choice import choose_dialect
from subagent_ls.analysis.lint import lint
from subagent_ls.core.document import AgentDocument
from subagent_ls.core.findings import Severity
from subagent_ls.core.settings import Settings

DESC = "description: Reviews code. Use when a change is ready."


def chosen(path: Path, fields: str) -> tuple[str, str]:
    text = f"---\nname: {path.stem}\n{DESC}\n{fields}\n---\nBody\n"
    choice = choose_dialect(AgentDocument(str(path), text), Settings())
    return choice.dialect.id, choice.reason


@pytest.mark.parametrize(
    ("fields", "dialect", "said"),
    [
        ("tools: Read, Grep, Bash(git log:*)", "claude-code", "the tools `Read`, `Grep`, `Bash`"),
        ("tools: [mcp__github__create_issue]", "claude-code", "`mcp__github__create_issue`"),
        ("model: sonnet", "claude-code", "`model: sonnet`"),
        ("model: claude-opus-4-1-20250805", "claude-code", "`model: claude-opus-4-1-20250805`"),
        ("tools: ['search/codebase', 'github/*']", "copilot", "`search/codebase`"),
        ("model: Claude Sonnet 4.5 (copilot)", "copilot", "`model: Claude Sonnet 4.5"),
        ("tools:\n  write: false\n  bash: true", "opencode", "`tools` is a map of names"),
        ("tools: [read_file, run_shell_command]", "gemini", "`run_shell_command`"),
        ("model: gemini-2.5-pro", "gemini", "`model: gemini-2.5-pro`"),
        ("permissionMode: plan", "claude-code", "the field `permissionMode`, which only"),
    ],
)
def test_a_clue_of_one_harness(tmp_path, fields, dialect, said):
    found, reason = chosen(tmp_path / "collection" / "reviewer.md", fields)
    assert found == dialect, reason
    assert said in reason


def test_keys_alone_keep_their_reason(tmp_path):
    assert chosen(tmp_path / "x" / "a.md", "mode: subagent") == (
        "opencode",
        "the field `mode`, which only opencode defines",
    )


def test_keys_of_a_frontmatter_that_does_not_parse_count(tmp_path):
    path = tmp_path / "x" / "a.md"
    text = "---\nname: a\ndescription: Use when: x\npermissionMode: plan\n---\nBody\n"
    assert choose_dialect(AgentDocument(str(path), text), Settings()).dialect.id == "claude-code"


def test_files_of_a_harness_above_the_file(tmp_path):
    (tmp_path / ".claude-plugin").mkdir()
    (tmp_path / ".claude-plugin" / "marketplace.json").write_text("{}")
    (tmp_path / "CLAUDE.md").write_text("# x\n")
    (tmp_path / ".git").mkdir()
    dialect, reason = chosen(tmp_path / "agents" / "core" / "a.md", "")
    assert dialect == "claude-code"
    assert "CLAUDE.md" in reason and "marketplace.json" in reason


def test_one_file_above_is_weak_evidence(tmp_path):
    (tmp_path / "CLAUDE.md").write_text("# x\n")
    (tmp_path / ".git").mkdir()
    dialect, reason = chosen(tmp_path / "agents" / "a.md", "")
    assert dialect == "harness-subagents"
    assert reason.startswith("the evidence of a harness is weak (Claude Code: ")
    assert "name the harness in the `dialects` setting" in reason


def test_mixed_evidence_is_a_guess_that_reports_no_error(tmp_path):
    path = tmp_path / "agents" / "a.md"
    text = f"---\nname: Not A Slug\n{DESC}\ntools: Read, Grep\nmodel: GPT-4.1\n---\nBody\n"
    doc = AgentDocument(str(path), text)
    choice = choose_dialect(doc, Settings())
    assert choice.dialect.id == "harness-subagents"
    assert choice.reason.startswith("the evidence of a harness is mixed (")
    result = lint(doc, choice.dialect, Settings())
    assert result.findings, "the base format's findings are still told"
    assert all(f.severity >= Severity.WARNING for f in result.findings)
    assert result.verdict.loads and "No harness is evident" in (result.verdict.note or "")


def test_a_clue_two_dialects_claim_counts_for_neither(tmp_path):
    """`provider/model` is OpenCode's and zut's model form."""
    dialect, reason = chosen(tmp_path / "x" / "a.md", "model: openai/gpt-5")
    assert (dialect, reason) == (
        "harness-subagents",
        "no setting, folder or field names a dialect, so the base format applies",
    )


def test_the_dialects_setting_still_decides(tmp_path):
    path = tmp_path / "agents" / "a.md"
    doc = AgentDocument(str(path), f"---\nname: a\n{DESC}\ntools: Read\n---\nB\n")
    settings = Settings(dialects={"agents/**": "gemini"})
    assert choose_dialect(doc, settings).dialect.id == "gemini"


def test_the_files_above_a_worktree_or_submodule_top_are_not_read(tmp_path):
    (tmp_path / "CLAUDE.md").write_text("# x\n")
    (tmp_path / ".claude-plugin").mkdir()
    (tmp_path / ".claude-plugin" / "marketplace.json").write_text("{}")
    (tmp_path / "lib").mkdir()
    (tmp_path / "lib" / ".git").write_text("gitdir: ../.git/modules/lib\n")
    dialect, reason = chosen(tmp_path / "lib" / "agents" / "a.md", "")
    assert dialect == "harness-subagents"
    assert "CLAUDE.md" not in reason and "marketplace.json" not in reason


@pytest.mark.parametrize(
    "tools", ["['codebase', 'grep_search', 'editFiles']", "[todos, usages]", "'#codebase'"]
)
def test_an_editor_s_tool_names_show_no_harness(tmp_path, tools):
    """VS Code's names, some of which Gemini CLI (`grep_search`) or Synapse (`todos`) has too."""
    dialect, reason = chosen(tmp_path / "x" / "a.md", f"tools: {tools}")
    assert dialect == "harness-subagents"
    assert "are an editor's (VS Code's), which name no harness" in reason


def test_one_field_does_not_settle_mixed_evidence(tmp_path):
    """`model: sonnet` is Claude Code's, but `ls` is Synapse's tool and `bash` OpenCode's."""
    dialect, reason = chosen(tmp_path / "x" / "a.md", "model: sonnet\ntools: read, bash, ls")
    assert dialect == "harness-subagents"
    assert reason.startswith("the evidence of a harness is mixed (")
    assert "Claude Code: `model: sonnet`" in reason and "Synapse: the tools `ls`" in reason


@pytest.mark.parametrize("tools", ["Read, Grepp, Bash", "Read, Grepp"])
def test_a_typo_of_a_harness_s_own_tool_tells_nothing_against_it(tmp_path, tools):
    """`Grepp` is no harness's tool but a near miss of Claude Code's `Grep`: the file is still
    judged as Claude Code (so `tools-unknown` can name the typo), not mixed."""
    dialect, reason = chosen(tmp_path / "x" / "a.md", f"tools: {tools}")
    assert dialect == "claude-code" and reason.startswith("judged as Claude Code: the tools `Read`")


def test_a_tool_name_no_harness_knows_still_weighs_against_one_that_lists_its_tools(tmp_path):
    """pi's `find` is not a near miss of any of Synapse's tools: `ls` alone does not make the
    file Synapse's."""
    dialect, reason = chosen(tmp_path / "x" / "a.md", "tools: read, find, ls")
    assert dialect == "harness-subagents" and "mixed" in reason
