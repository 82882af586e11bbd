"""Findings behind a YAML error: a frontmatter that does not parse is read entry by entry, and
the field rules run on what was read, each finding saying so."""

from __future__ import annotations

from helpers import agent
from subagent_ls.analysis.lint import REPAIRED as MARK
from subagent_ls.analysis.lint import lint
from subagent_ls.core.document import AgentDocument
from subagent_ls.core.settings import Settings
from subagent_ls.harnesses.registry import DIALECTS

BASE_PATH = "/p/.agents/agents/reviewer.md"
CLAUDE_PATH = "/p/.claude/agents/reviewer.md"
BROKEN = "description: Reviews code: use when a change is ready."
"""An unquoted `: ` in a plain value: not YAML."""


def linted(text: str, path: str = BASE_PATH, dialect: str = "harness-subagents"):
    doc = AgentDocument(path, text)
    return doc, lint(doc, DIALECTS[dialect], Settings())


def after_repair(findings) -> dict[str, list]:
    found: dict[str, list] = {}
    for finding in findings:
        if finding.message.endswith(MARK):
            found.setdefault(finding.code, []).append(finding)
    return found


def test_the_other_fields_are_still_checked():
    text = agent(f"name: reviewer\n{BROKEN}\ntools: Read, Grep\ncomplexity: huge\nmodle: x")
    doc, result = linted(text)
    codes = {f.code for f in result.findings}
    assert "yaml-syntax" in codes  # the YAML error itself stays
    recovered = after_repair(result.findings)
    assert set(recovered) == {"tools-format", "complexity-unknown", "field-unknown"}
    assert doc.source(recovered["complexity-unknown"][0].span) == "huge"
    assert doc.source(recovered["tools-format"][0].span) == "Read, Grep"
    assert all(f.fix is None for group in recovered.values() for f in group)


def test_the_broken_line_is_read_as_its_harness_repairs_it():
    repaired = AgentDocument(BASE_PATH, agent(f"name: reviewer\n{BROKEN}")).repaired
    values = {name: item.value.value for name, item in repaired.view.fields.items()}
    assert values == {"name": "reviewer", "description": BROKEN.partition(": ")[2]}
    assert repaired.lost is False


def test_the_entries_are_read_once_for_every_target(monkeypatch):
    """A file in `.claude/agents/` is linted in three dialects; its broken frontmatter is read
    entry by entry once."""
    from subagent_ls.analysis.dialect_choice import choose_dialect
    from subagent_ls.analysis.targets import lint_for_targets
    from subagent_ls.core import recovery

    calls = []
    real = recovery.recover
    monkeypatch.setattr(recovery, "recover", lambda doc: calls.append(doc) or real(doc))
    doc = AgentDocument(CLAUDE_PATH, agent(f"name: reviewer\n{BROKEN}\ncomplexity: huge"))
    result = lint_for_targets(doc, choose_dialect(doc, Settings()), Settings(), roots=["/p"])
    assert len(result.harnesses) == 3
    assert len(calls) == 1


def test_what_is_missing_is_not_reported_where_an_entry_was_lost():
    """A block that does not parse even alone may hold the missing field."""
    text = agent("name: reviewer\ndescription: [Reviews,\n  code: x: y\ncomplexity: huge")
    _, result = linted(text)
    recovered = after_repair(result.findings)
    assert "complexity-unknown" in recovered
    assert "field-required" not in recovered


def test_a_field_truly_missing_is_reported_when_every_entry_was_read():
    _, result = linted(agent("name: reviewer\ncomplexity: huge: yes"))
    assert "field-required" in after_repair(result.findings)


def test_the_harness_verdict_is_its_loaders_own():
    text = agent(f"name: reviewer\n{BROKEN}\ntools: Read, Grep")
    doc = AgentDocument(CLAUDE_PATH, text)
    result = lint(doc, DIALECTS["claude-code"], Settings())
    assert result.verdict.outcome == "repaired" and result.verdict.name == "reviewer"


def test_spans_hold_with_crlf_and_wide_characters():
    text = agent("name: 审查者\ndescription: 审查代码: 用于 😀\ncomplexity: huge", nl="\r\n")
    doc, result = linted(text)
    (unknown,) = after_repair(result.findings)["complexity-unknown"]
    assert doc.source(unknown.span) == "huge"


def test_a_frontmatter_with_no_readable_entry_adds_nothing():
    _, result = linted(agent("- a: [\n- b"))
    assert after_repair(result.findings) == {}
