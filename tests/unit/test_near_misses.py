"""The value a typo of a closed set most likely meant (``near_miss``, ``meant_boolean``), and the
findings that say it: "Did you mean" and the unsafe fix, in each dialect's reading."""

from __future__ import annotations

import pytest

from helpers import GOOD_DESCRIPTION
from subagent_ls.analysis.lint import lint
from subagent_ls.core.document import AgentDocument
from subagent_ls.core.settings import Settings
from subagent_ls.harnesses.registry import DIALECTS
from subagent_ls.rules.fields import meant_boolean, near_miss

TOOLS = ["Bash", "Edit", "Glob", "Grep", "Read", "Task", "Write"]


@pytest.mark.parametrize(
    ("value", "meant"),
    [
        ("Reed", "Read"),  # compared case ignored: `reed` and `read`
        ("grpe", "Grep"),
        ("read", "Read"),  # the same letters in another case first
        ("  Write ", "Write"),
        ("Bask", None),  # `Bash` and `Task` are as near
        ("Frobnicate", None),
        ("", None),
    ],
)
def test_near_miss(value, meant):
    assert near_miss(value, TOOLS) == meant


def test_two_choices_of_the_same_letters_give_no_near_miss():
    assert near_miss("READ", ["Read", "read"]) is None


@pytest.mark.parametrize(
    ("value", "meant"),
    [
        ("ture", "true"),
        ("flase", "false"),
        ("Flase", "false"),
        ("TRUE ", "true"),
        ("yes", "true"),
        ("Off", "false"),
        ("maybe", None),
        ("1", None),
    ],
)
def test_meant_boolean(value, meant):
    assert meant_boolean(value) == meant


def findings(dialect: str, path: str, fields: str):
    text = f"---\n{fields}\n---\nBody\n"
    doc = AgentDocument(path, text)
    result = lint(doc, DIALECTS[dialect], Settings())
    return doc, result.findings


def test_a_claude_code_tool_typo_in_a_string_is_fixed_alone():
    doc, found = findings(
        "claude-code",
        "/p/.claude/agents/r.md",
        f"name: r\ndescription: {GOOD_DESCRIPTION}\ntools: Read, Grpe, Bash",
    )
    (finding,) = [f for f in found if f.code == "tools-unknown"]
    assert finding.message.endswith("Did you mean `Grep`?")
    assert doc.source(finding.span) == "Grpe"
    assert finding.fix is not None and not finding.fix.safe
    assert [(doc.source(e.span), e.text) for e in finding.fix.edits] == [("Grpe", "Grep")]


NEVER_GRANTED = {
    d.id: sorted(t.tool for t in d.traps if t.tool and not t.also and not t.unless_tool)
    for d in DIALECTS.values()
    if d.known_tools
}


@pytest.mark.parametrize("dialect", [d for d, never in NEVER_GRANTED.items() if never])
def test_no_tool_a_trap_says_is_never_granted_is_suggested(dialect):
    never = NEVER_GRANTED[dialect]
    typos = [tool[:-1] + ("x" if tool[-1] != "x" else "y") for tool in never]
    near = [t for t, tool in zip(typos, never, strict=True) if near_miss(t, [tool])]
    assert near  # each would be suggested, were it not left out
    folder = "/".join(DIALECTS[dialect].folders[0].segments)
    _, found = findings(
        dialect,
        f"/p/{folder}/r.md",
        f"name: r\ndescription: {GOOD_DESCRIPTION}\ntools: [{', '.join(near)}]",
    )
    said = [f.message for f in found if f.code == "tools-unknown"]
    assert len(said) == len(near)
    assert not [m for m in said for tool in never if f"Did you mean `{tool}`" in m]


@pytest.mark.parametrize(
    "key",
    ["wirte_file", "mcp_*", "github_create_issue", "Write", "frobnicate", "rea?"],
)
def test_opencode_switches_of_other_names_are_not_reported(key):
    _, found = findings(
        "opencode",
        "/p/.opencode/agent/r.md",
        f"description: {GOOD_DESCRIPTION}\ntools:\n  {key}: false",
    )
    assert "tools-unknown" not in {f.code for f in found}


def test_opencode_switch_typo_is_renamed_unless_the_tool_is_switched_too():
    doc, found = findings(
        "opencode",
        "/p/.opencode/agent/r.md",
        f'description: {GOOD_DESCRIPTION}\ntools:\n  wirte: false\n  "gerp": false\n  grep: true',
    )
    wirte, gerp = [f for f in found if f.code == "tools-unknown"]
    assert "Did you mean `write`?" in wirte.message and "Did you mean `grep`?" in gerp.message
    assert [(doc.source(e.span), e.text) for e in wirte.fix.edits] == [("wirte", "write")]
    assert gerp.fix is None  # `grep` is switched already: renaming would repeat the key


def test_opencode_refusal_for_a_tool_switch_is_said_at_the_switch():
    doc, found = findings(
        "opencode",
        "/p/.opencode/agent/r.md",
        f"description: {GOOD_DESCRIPTION}\ntools:\n  write: false\n  edit: flase",
    )
    (finding,) = [f for f in found if f.code in ("field-type", "harness-skip")]
    assert finding.code == "field-type" and doc.source(finding.span) == "flase"
    assert "OpenCode will not load this file" in finding.message
    assert finding.fix is not None and finding.fix.edits[0].text == "false"


def test_gemini_refusal_is_said_at_the_invalid_tool_name():
    doc, found = findings(
        "gemini",
        "/p/.gemini/agents/r.md",
        f"name: r\ndescription: {GOOD_DESCRIPTION}\ntools: [glob, 'read_fle', mcp_s_t, '*']",
    )
    (finding,) = found
    assert finding.code == "tools-unknown" and doc.source(finding.span) == "'read_fle'"
    assert "Did you mean `read_file`?" in finding.message
    assert "Gemini CLI will not load this file" in finding.message
    assert [e.text for e in finding.fix.edits] == ["'read_file'"]


def test_a_boolean_in_a_tag_or_block_is_not_rewritten():
    _, found = findings(
        "copilot",
        "/p/.github/agents/r.agent.md",
        f"name: r\ndescription: {GOOD_DESCRIPTION}\ninfer: !!str ture",
    )
    (finding,) = [f for f in found if f.code == "field-type"]
    assert finding.fix is None and "Did you mean" not in finding.message


def test_a_typo_before_a_pattern_keeps_the_pattern():
    doc, found = findings(
        "claude-code",
        "/p/.claude/agents/r.md",
        f"name: r\ndescription: {GOOD_DESCRIPTION}\ntools: Read, Bsh(git log:*)",
    )
    (finding,) = [f for f in found if f.code == "tools-unknown"]
    assert "Did you mean `Bash`?" in finding.message
    assert [(doc.source(e.span), e.text) for e in finding.fix.edits] == [
        ("Bsh(git log:*)", "Bash(git log:*)")
    ]
