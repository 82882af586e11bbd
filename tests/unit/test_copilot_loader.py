"""What GitHub Copilot CLI 1.0.102 does with a file, as the copilot verdict predicts it (each
expectation observed on the binary; the oracle matrix checks them against it)."""

from __future__ import annotations

import pytest

from subagent_ls.analysis.lint import lint
from subagent_ls.core.document import AgentDocument
from subagent_ls.core.settings import Settings
from subagent_ls.core.verdict import Verdict
from subagent_ls.harnesses.copilot.loader import agent_id
from subagent_ls.harnesses.registry import DIALECTS

PATH = "/p/.github/agents/team/reviewer.agent.md"


def verdict(text: str, path: str = PATH) -> Verdict:
    return lint(AgentDocument(path, text), DIALECTS["copilot"], Settings()).verdict


@pytest.mark.parametrize(
    "text",
    [
        "---\n\ndescription: x\n---\n",
        "--- \ndescription: x\n---\t\n",
        "---\r\ndescription: x\r\n---\r\n",
        "\ufeff---\ndescription: x\n---\n",
        "---\ndescription: x\n---",
        "---\ndescription: x\n---\n---\nname: y\n---\n",
    ],
)
def test_frontmatter_that_loads(text):
    assert verdict(text).loads and verdict(text).description == "x"


@pytest.mark.parametrize(
    "text",
    [
        "---\ndescription: x\n-----\n",
        "---\ndescription: x\n...\n",
        "  ---\ndescription: x\n---\n",
        "\n---\ndescription: x\n---\n",
        "---\ndescription: x\n",
        "no frontmatter\n",
    ],
)
def test_frontmatter_that_is_not_found(text):
    found = verdict(text)
    assert found.outcome == "rejected" and "missing or malformed YAML frontmatter" in found.reason


@pytest.mark.parametrize(
    ("value", "loads"),
    [
        ("yes", True),
        ("012", True),
        ("1_000", True),
        ("2024-01-01", True),
        ("!custom text", True),
        ("42", False),
        ("1e3", False),
        ("0x1F", False),
        (".inf", False),
        ("True", False),
        ("NULL", False),
        ("", False),
    ],
)
def test_plain_scalars_are_read_as_serde_yaml_reads_them(value, loads):
    found = verdict(f"---\ndescription: {value}\n---\n")
    assert found.loads is loads
    if loads:
        assert found.description == value.removeprefix("!custom ")


def test_nothing_is_repaired_and_a_repeated_key_is_an_error():
    assert not verdict("---\ndescription: Use when: x\n---\n").loads
    repeated = verdict("---\ndescription: a\ndescription: b\n---\n")
    assert not repeated.loads and "duplicate entry" in repeated.reason


def test_the_name_is_free_and_an_empty_one_falls_back_to_the_id():
    assert verdict('---\nname: "  Code Reviewer 🚀"\ndescription: x\n---\n').name == (
        "  Code Reviewer 🚀"
    )
    assert verdict('---\nname: ""\ndescription: x\n---\n').name == "team--reviewer"
    assert not verdict("---\nname:\ndescription: x\n---\n").loads
    assert not verdict("---\nname: general-purpose\ndescription: x\n---\n").loads


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("/p/.github/agents/a.md", "a"),
        ("/p/.github/agents/a.agent.md", "a"),
        ("/p/.github/agents/x/y/a.md", "x--y--a"),
        ("/p/.claude/agents/sub/a.md", "sub--a"),
        ("/home/me/.copilot/agents/a.md", "a"),
        ("/elsewhere/a.md", "a"),
    ],
)
def test_the_id_is_the_path_below_the_folder(path, expected):
    assert agent_id(path) == expected


@pytest.mark.parametrize(
    ("field", "loads"),
    [
        ("tools: Read, Grep", True),
        ('tools: ""', True),
        ("tools: []", True),
        ("tools:", False),
        ("tools: [1]", False),
        ("model: []", False),
        ("model: [a, b]", True),
        ("infer: 'no'", False),
        ("target: vscode", True),
        ("hooks:\n  preToolUse: []", True),
        ("hooks:\n  AgentStop: []", False),
        ("mcp-servers:", True),
        ("mcp-servers:\n  s:\n    command: x\n    args: []", False),
        ("mcp-servers:\n  s:\n    command: x\n    args: []\n    tools: []", True),
        ("mcp-servers:\n  s:\n    type: http\n    url: u\n    tools: []", True),
    ],
)
def test_fields(field, loads):
    assert verdict(f"---\ndescription: x\n{field}\n---\n").loads is loads


def test_type_findings_read_scalars_as_copilot_does():
    def codes(text: str) -> list[str]:
        doc = AgentDocument(PATH, text)
        return [f.code for f in lint(doc, DIALECTS["copilot"], Settings()).findings]

    assert "field-type" not in codes("---\ndescription: 012\nname: 1_000\n---\nBody\n")
    assert "field-type" in codes("---\ndescription: x\ntools: [read, 5]\n---\nBody\n")
