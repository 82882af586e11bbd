"""A plugin's agent file read as Claude Code 2.1.332's plugin loader reads it: every file loads,
under ``<plugin>:<folders>:<name>``, with the generic description where it has none; the
fields it ignores are warnings; a rejected manifest keeps the file from loading."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from subagent_ls.analysis.dialect_choice import choose_dialect
from subagent_ls.analysis.lint import lint
from subagent_ls.analysis.results import LintResult
from subagent_ls.core.document import AgentDocument
from subagent_ls.core.findings import Severity
from subagent_ls.core.settings import Settings
from subagent_ls.harnesses.claude_code.plugin_loader import js_string
from subagent_ls.harnesses.registry import DIALECTS

PLUGIN = DIALECTS["claude-code-plugin"]


@pytest.fixture
def plugin(tmp_path: Path) -> Path:
    manifest = tmp_path / "tools/.claude-plugin/plugin.json"
    manifest.parent.mkdir(parents=True)
    manifest.write_text(json.dumps({"name": "tools"}))
    return tmp_path / "tools/agents"


def judge(path: Path, text: str) -> LintResult:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return lint(AgentDocument(str(path), text), PLUGIN, Settings())


def codes(result: LintResult) -> dict[str, list]:
    found: dict[str, list] = {}
    for finding in result.findings:
        found.setdefault(finding.code, []).append(finding)
    return found


@pytest.mark.parametrize(
    ("fields", "name"),
    [
        ("name: reviewer", "tools:reviewer"),
        ("name: Code Reviewer", "tools:Code Reviewer"),
        ("name: 123", "tools:123"),
        ("name: [a, b]", "tools:a,b"),
        ("name: a:b", "tools:a:b"),
        ("name: -dash", "tools:-dash"),
        ("name: ''", "tools:file"),
        ("name:", "tools:file"),
        ("", "tools:file"),
        ("name: " + "n" * 257, "tools:file"),
        ("name: 1.5", "tools:1.5"),
        ("name: true", "tools:true"),
    ],
)
def test_the_name_is_namespaced_and_falls_back_to_the_file_name(plugin, fields, name):
    result = judge(plugin / "file.md", f"---\n{fields}\ndescription: d\n---\nBody.\n")
    assert result.verdict.loads and result.verdict.name == name
    assert "name-mismatch" not in codes(result) and "name-charset" not in codes(result)


def test_subfolders_are_part_of_the_name(plugin):
    result = judge(plugin / "sub/deeper/deep.md", "---\ndescription: d\n---\n")
    assert result.verdict.name == "tools:sub:deeper:deep"


@pytest.mark.parametrize(
    ("fields", "description"),
    [
        ("description: '  padded  '", "padded"),
        ("description: 42", "42"),
        ("description: ''", "Agent from tools plugin"),
        ("description: [a, b]", "Agent from tools plugin"),
        ("when_to_use: when to use text", "when to use text"),
        ("", "Agent from tools plugin"),
        ("description: a\\nb", "a\\nb"),
    ],
)
def test_the_description_the_model_is_given(plugin, fields, description):
    result = judge(plugin / "x.md", f"---\nname: x\n{fields}\n---\n")
    assert result.verdict.loads and result.verdict.description == description


@pytest.mark.parametrize(
    "text",
    [
        "# No frontmatter\n",
        "---\nname: r\ndescription: Use this when: X\n  <example>more</example>\n---\n",
        "---\n- a\n- b\n---\n",
    ],
    ids=["no-frontmatter", "unrepairable", "list"],
)
def test_a_file_it_cannot_read_fields_from_still_loads(plugin, text):
    result = judge(plugin / "broken.md", text)
    verdict = result.verdict
    assert verdict.loads and verdict.outcome == "degraded" and verdict.name == "tools:broken"
    assert verdict.description == "Agent from tools plugin"
    assert "every other field is dropped" in (verdict.note or "")
    assert all(f.severity is not Severity.ERROR for f in result.findings), result.findings


def test_a_repaired_yaml_loads_with_the_first_line(plugin):
    result = judge(plugin / "r.md", "---\nname: r\ndescription: Use when: tests fail\n---\n")
    assert result.verdict.outcome == "repaired"
    assert result.verdict.description == "Use when: tests fail"


def test_fields_it_ignores_are_warnings(plugin):
    text = (
        "---\nname: h\ndescription: d\npermissionMode: plan\ninitialPrompt: go\nhooks:\n"
        "  PreToolUse: x\nmcpServers: [a]\nobserver: o\n---\n"
    )
    result = judge(plugin / "h.md", text)
    assert result.verdict.loads  # hooks that would reject a project agent are not even read
    ignored = codes(result)["field-no-effect"]
    assert len(ignored) == 5 and all(f.severity is Severity.WARNING for f in ignored)
    assert any("`permissionMode`" in f.message for f in ignored)


def test_a_rejected_manifest_points_at_the_manifest(tmp_path):
    manifest = tmp_path / "p/.claude-plugin/plugin.json"
    manifest.parent.mkdir(parents=True)
    manifest.write_text(json.dumps({"name": "p", "agents": ["./agents"]}))
    result = judge(tmp_path / "p/agents/a.md", "---\nname: a\ndescription: d\n---\n")
    assert not result.verdict.loads and result.verdict.outcome == "rejected"
    (skip,) = codes(result)["harness-skip"]
    assert skip.severity is Severity.ERROR
    assert 'agents.0: Invalid string: must end with ".md"' in skip.message
    assert skip.related[0].path == str(manifest)


def test_the_dialect_is_chosen_by_the_plugin_wherever_it_lies(plugin):
    path = plugin / "x.md"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("---\nname: x\ndescription: d\n---\n")
    choice = choose_dialect(AgentDocument(str(path), path.read_text()), Settings())
    assert choice.dialect.id == "claude-code-plugin"
    assert choice.reason == f"the Claude Code plugin `tools` ({plugin.parent})"


@pytest.mark.parametrize(
    ("value", "text"),
    [(1.0, "1"), (1e21, "1e+21"), (1.5e-7, "1.5e-7"), (float("nan"), "NaN"), (-0.0, "0"),
     ([1, None, "a"], "1,,a"), ({"a": 1}, "[object Object]"), (False, "false")],
)  # fmt: skip
def test_js_string(value, text):
    assert js_string(value) == text
