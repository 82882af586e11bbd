"""OpenCode's reading of a file (gray-matter, js-yaml 3, its YAML repair and cache) and the
verdict built on it."""

from __future__ import annotations

import pytest

from helpers import agent
from subagent_ls.analysis.lint import lint
from subagent_ls.core.document import AgentDocument
from subagent_ls.core.settings import Settings
from subagent_ls.harnesses.opencode.dialect import UNDESCRIBED
from subagent_ls.harnesses.opencode.loader import js_value, load, sanitize
from subagent_ls.harnesses.registry import DIALECTS

PATH = "/p/.opencode/agent/team/helper.md"


def verdict(text: str, path: str = PATH):
    return lint(AgentDocument(path, text), DIALECTS["opencode"], Settings()).verdict


def test_the_repair_rewrites_values_holding_a_colon_as_block_scalars():
    text = "---\ndescription: Use when: x\n  indented: a: b\nmode: 'q: r'\n---\nBody\n"
    assert sanitize(text) == (
        "---\ndescription: |-\n  Use when: x\n  indented: a: b\nmode: 'q: r'\n---\nBody\n"
    )


@pytest.mark.parametrize(
    ("text", "reading"),
    [
        ("---\ndescription: Use when: x\n---\nB\n", "repaired"),
        ("---\ndescription: [x\n---\nB\n", "bare"),
        ("---\ndescription: a: b\ntools: [x\n---\nB\n", "skipped"),
        ("---\ndescription: a\ndescription: b\n---\nB\n", "bare"),
        ("----\ndescription: a\n---\nB\n", "bare"),
        ("---\ndescription: a\n", "parsed"),
    ],
)
def test_how_the_frontmatter_is_read(text, reading):
    assert load(text).reading == reading


def test_an_unclosed_frontmatter_runs_to_the_end_and_the_prompt_is_empty():
    loaded = load("---\ndescription: Open.\nmode: subagent\n")
    assert loaded.reading == "parsed" and loaded.content == ""


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("010", ("number", 8)),
        ("0x1F", ("number", 31)),
        ("1:30", ("number", 90)),
        ("yes", ("string", "yes")),
        ("2024-01-01", ("date", "2024-01-01")),
        ("~", ("null", None)),
        ("True", ("boolean", True)),
        ("'010'", ("string", "010")),
    ],
)
def test_plain_values_are_resolved_as_js_yaml_3_does(value, expected):
    loaded = load(f"---\nkey: {value}\n---\n")
    assert loaded.root is not None
    assert js_value(loaded.root.items[0].value, loaded.source) == expected


def test_the_name_is_any_value_as_text():
    assert verdict(agent("name: 123\ndescription: d")).name == "123"
    assert verdict(agent("name:\ndescription: d")).name == "null"
    assert verdict(agent("description: d")).name == "team/helper"


@pytest.mark.parametrize(
    "field",
    ["description: 2024-01-01", "description:", "temperature: .inf", "steps: 2.5", "options: [a]"],
)
def test_values_js_yaml_gives_another_type_break_the_configuration(field):
    assert verdict(agent(field)).outcome == "breaks-configuration"


def test_the_model_is_given_a_stand_in_without_a_description():
    assert verdict(agent("mode: subagent")).description == UNDESCRIBED
    assert verdict(agent("mode: primary")).description is None


def test_a_mode_file_the_schema_refuses_is_left_out_without_breaking_anything():
    result = verdict(agent("color: blue"), "/p/.opencode/mode/m.md")
    assert result.outcome == "ignored" and not result.loads


@pytest.mark.parametrize(("field", "typed"), [("steps: 1:30", True), ("steps: 0o17", False)])
def test_type_findings_read_values_as_js_yaml_does(field, typed):
    result = lint(AgentDocument(PATH, agent(field)), DIALECTS["opencode"], Settings())
    assert ("field-type" not in {f.code for f in result.findings}) is typed
    assert result.verdict.loads is typed
