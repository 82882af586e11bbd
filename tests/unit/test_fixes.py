"""Fixes are minimal text edits: after a fix the file parses, the diagnostic is gone, and every
byte outside the edit (comments, quoting, key order, body) is unchanged."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import AGENT_PATH, GOOD_DESCRIPTION, agent
from subagent_ls.analysis.fixes import fix_document
from subagent_ls.analysis.lint import lint
from subagent_ls.core.document import AgentDocument
from subagent_ls.core.findings import Edit, Finding, Fix
from subagent_ls.core.frontmatter import Span
from subagent_ls.core.settings import Settings
from subagent_ls.core.source import MAX_FILE_BYTES
from subagent_ls.harnesses.registry import BASE, DIALECTS
from subagent_ls.rules.identity import name_problem

D = f"description: {GOOD_DESCRIPTION}  # what it does"
BODY = "# Role\n\nKeep this body: exactly as it is.\n"


def fixed(text: str, path: str = AGENT_PATH, unsafe: bool = False) -> tuple[str, list[str]]:
    doc = AgentDocument(path, text)
    outcome = fix_document(doc, lambda d: lint(d, BASE, Settings()), unsafe=unsafe)
    return outcome.doc.text, [f.code for f in outcome.result.findings]


CASES = [
    # (id, frontmatter lines before, frontmatter lines expected after, safe)
    ("name-to-stem", "name: other  # old name", "name: code-helper  # old name", False),
    ("name-normalise", "name: 'Code_Helper'", "name: 'code-helper'", False),
    ("name-hyphens", 'name: "-code--helper-"', 'name: "code-helper"', False),
    (
        "complexity",
        "name: code-helper\ncomplexity: judgement # tier",
        "name: code-helper\ncomplexity: judgment # tier",
        False,
    ),
    ("tools-empty", "name: code-helper\ntools: []", "name: code-helper\ntools: false", True),
    (
        "tools-string",
        "name: code-helper\ntools: Read, Bash(git log:*)",
        'name: code-helper\ntools: [Read, "Bash(git log:*)"]',
        True,
    ),
    (
        "metadata-quote",
        "name: code-helper\nmetadata:\n  version: 1.0 # semver\n  n: 3",
        'name: code-helper\nmetadata:\n  version: "1.0" # semver\n  n: "3"',
        True,
    ),
]


@pytest.mark.parametrize(
    ("before", "after", "safe"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
@pytest.mark.parametrize("nl", ["\n", "\r\n"], ids=["lf", "crlf"])
def test_fix_is_minimal_and_clears_the_finding(before, after, safe, nl):
    """Safe fixes apply by default; unsafe ones (identity, guesses) only when asked."""
    text = agent(f"{before}\n{D}", BODY, nl=nl)
    result, remaining = fixed(text)
    if not safe:
        assert result == text and remaining
        result, remaining = fixed(text, unsafe=True)
    assert result == agent(f"{after}\n{D}", BODY, nl=nl)
    assert remaining == []


def test_quote_fix_keeps_the_value_and_the_comment():
    text = agent(
        "name: code-helper\ndescription: Use this when: it's late # note\nmetadata: {a: b}", BODY
    )
    result, remaining = fixed(text)
    assert "description: 'Use this when: it''s late' # note\n" in result
    assert result.endswith(BODY) and remaining == ["description-vague"]
    doc = AgentDocument(AGENT_PATH, result)
    assert doc.field_value("description").value == "Use this when: it's late"


def test_quote_fix_covers_continuation_lines():
    text = agent(
        "name: code-helper\ndescription: Finds bugs. Use when: tests fail\n  and nobody knows why.",
        BODY,
    )
    result, remaining = fixed(text)
    doc = AgentDocument(AGENT_PATH, result)
    assert (
        doc.field_value("description").value
        == "Finds bugs. Use when: tests fail and nobody knows why."
    )
    assert remaining == []


def test_quote_fix_repairs_every_broken_line():
    text = agent("name: code-helper\ndescription: A: b. Use when: c\nmetadata:\n  note: x: y", BODY)
    result, _ = fixed(text)
    doc = AgentDocument(AGENT_PATH, result)
    assert doc.yaml.error is None
    assert doc.field_value("metadata").items[0].value.value == "x: y"


def test_value_starting_with_indicator_is_quoted():
    text = agent("name: code-helper\ndescription: [draft] Reviews code. Use when: ready", BODY)
    result, remaining = fixed(text)
    assert "yaml-syntax" not in remaining
    assert "description: '[draft] Reviews code. Use when: ready'" in result


def test_unfixable_yaml_is_left_untouched():
    text = agent("name: code-helper\ndescription: ok\n\tbad: tab", BODY)
    result, remaining = fixed(text)
    assert result == text and "yaml-syntax" in remaining


def test_rename_key_near_miss_is_unsafe():
    text = agent(f"name: code-helper\n{D}\ncomplexty: routine", BODY)
    assert fixed(text)[0] == text
    result, remaining = fixed(text, unsafe=True)
    assert "\ncomplexity: routine\n" in result and remaining == []


_PLAIN = st.text(
    st.characters(
        codec="utf-8", exclude_categories=["Cs", "Cc", "Zl", "Zp"], exclude_characters="#'\"\\"
    ),
    min_size=1,
    max_size=40,
)


@settings(max_examples=150, deadline=None)
@given(left=_PLAIN, right=_PLAIN)
def test_quoting_any_broken_value_preserves_its_text(left, right):
    """For any value that breaks YAML with ': ', the fix yields a file whose value is the text."""
    value = f"{left.strip()}: {right.strip()}".strip()
    text = agent(f"name: code-helper\ndescription: {value}", BODY)
    doc = AgentDocument(AGENT_PATH, text)
    if doc.yaml.error is None:
        return
    result, _ = fixed(text)
    after = AgentDocument(AGENT_PATH, result)
    assert result.endswith(BODY)
    if after.yaml.error is None and result != text:
        assert after.field_value("description").value == value


def _with_fix(text: str, fix: Fix, code: str = "tools-format", dialect: str = "claude-code"):
    """Lint (by default in Claude Code, where any name loads) that also offers ``fix`` (as a
    finding of ``code``) while ``text`` is unchanged."""

    def run(doc: AgentDocument):
        result = lint(doc, DIALECTS[dialect], Settings())
        if doc.text == text:
            extra = Finding(code, "injected", fix.edits[0].span, fix=fix)
            result = result._replace(findings=[extra, *result.findings])
        return result

    return run


GUARDED = agent(f"name: code-helper\n{D}\ntools: [Read]", BODY)


def _edit(old: str, new: str) -> Edit:
    start = GUARDED.index(old)
    return Edit(Span(start, start + len(old)), new)


@pytest.mark.parametrize(
    ("edit", "safe", "reason"),
    [
        (_edit("tools: [Read]", "tools: [Read"), True, "would not parse as far as before"),
        (_edit("[Read]\n", "[Read] "), True, "join, split or remove lines"),
        (_edit("", "\ncolor: red")._replace(span=Span(4, 4)), False, "add a line inside"),
        (_edit("Keep this body", "Lose this body"), True, "change the body"),
        (_edit("name: code-helper", "name: other"), True, "change the agent's name"),
        (_edit("tools: [Read]", "tool: [Read]"), True, "add, remove or rename fields"),
        (_edit("defects", "bugs"), True, "lose text"),
        (_edit(GOOD_DESCRIPTION, '""' + " " * (len(GOOD_DESCRIPTION) - 2)), False, "get worse"),
    ],
)
def test_a_fix_that_fails_a_guard_is_not_applied_and_says_why(edit, safe, reason):
    fix = Fix("injected", (edit,), safe=safe)
    run = _with_fix(GUARDED, fix)
    outcome = fix_document(AgentDocument(AGENT_PATH, GUARDED), run, unsafe=True)
    assert outcome.doc.text == GUARDED and not outcome.applied
    (skipped,) = outcome.skipped
    assert reason in skipped.reason


def test_a_safe_fix_keeps_the_name_of_a_file_its_harness_reads_elsewhere():
    """A file the harness would load but does not read where it lies (``elsewhere``) keeps its
    name through a safe fix, as a file it loads does: moved into the harness's folder, it
    loads under that name."""
    from subagent_ls.analysis.targets import not_read_here

    fix = Fix("injected", (_edit("name: code-helper", "name: other"),), safe=True)
    injected = _with_fix(GUARDED, fix)

    def elsewhere(doc: AgentDocument):
        result = injected(doc)
        return result._replace(verdict=not_read_here(result.verdict, "it reads another folder"))

    outcome = fix_document(AgentDocument(AGENT_PATH, GUARDED), elsewhere)
    assert outcome.doc.text == GUARDED and not outcome.applied
    assert "change the agent's name" in outcome.skipped[0].reason


def test_a_fix_may_add_a_field_on_a_line_of_its_own_at_the_end_of_the_frontmatter():
    """The one line a fix may add: a new field after the frontmatter's last line."""
    end = GUARDED.index("tools: [Read]") + len("tools: [Read]")
    fix = Fix("injected", (Edit(Span(end, end), "\ncolor: red"),))
    outcome = fix_document(AgentDocument(AGENT_PATH, GUARDED), _with_fix(GUARDED, fix), unsafe=True)
    assert outcome.doc.text == GUARDED.replace("[Read]\n", "[Read]\ncolor: red\n")
    assert not outcome.skipped


def test_the_other_fixes_of_a_refused_pass_are_still_applied():
    text = GUARDED.replace("tools: [Read]", "tools: Read, Grep")
    bad = Fix("injected", (Edit(Span(0, 3), "--"),), safe=True)  # breaks the opening fence
    outcome = fix_document(
        AgentDocument(AGENT_PATH, text), _with_fix(text, bad, "body-empty", BASE.id)
    )
    assert [s.code for s in outcome.skipped] == ["body-empty"]
    assert outcome.doc.text == GUARDED.replace("tools: [Read]", "tools: [Read, Grep]")


def test_a_value_a_yaml_1_2_parser_reads_is_not_quoted_by_a_safe_fix():
    """libyaml refuses ``[Read, x:, Grep]``; Claude Code's YAML 1.2 parser reads a list (with
    the mapping ``x:``), so quoting it would turn the tools into one string: unsafe."""
    text = agent(f"name: code-helper\n{D}\ntools: [Read, x:, Grep]", BODY)
    doc = AgentDocument(AGENT_PATH.replace(".agents/", ".claude/"), text)
    outcome = fix_document(doc, lambda d: lint(d, DIALECTS["claude-code"], Settings()))
    assert outcome.doc.text == text
    (finding,) = [f for f in outcome.result.findings if f.code == "yaml-syntax"]
    assert finding.fix is not None and not finding.fix.safe
    assert "reads it as YAML 1.2 and loads the file" in finding.message
    assert "Likely cause: a `:` inside `[...]` or `{...}` that libyaml refuses" in finding.message
    tools = [f for f in outcome.result.findings if f.code == "tools-unknown"]
    assert [f.message.split("`")[1] for f in tools] == ["x:"]  # Read and Grep are tools


def _many_numbers(count: int, after: str = "") -> str:
    """An agent whose metadata holds ``count`` numbers, each fixed by quoting it."""
    values = "".join(f"\n  k{i}: {i}" for i in range(count))
    return agent(f"name: code-helper\n{D}\nmetadata:{values}{after}", BODY)


def _counting(run):
    calls = []

    def counted(doc: AgentDocument):
        calls.append(doc)
        return run(doc)

    return counted, calls


def test_fixes_beyond_the_caps_on_findings_are_applied_in_one_pass():
    """1,000 fixable values (more than are shown: 100 of one rule, 300 in all) are fixed by
    one pass and one re-lint, not a pass for every hundred."""
    text = _many_numbers(1000)
    run, calls = _counting(lambda d: lint(d, BASE, Settings()))
    outcome = fix_document(AgentDocument(AGENT_PATH, text), run)
    assert len(outcome.applied) == 1000 and not outcome.skipped
    quoted = "".join(f'\n  k{i}: "{i}"' for i in range(1000))
    assert outcome.doc.text == agent(f"name: code-helper\n{D}\nmetadata:{quoted}", BODY)
    assert len(calls) == 2  # the document as it is, and as fixed


def test_one_fix_refused_among_many_costs_a_few_re_lints_and_keeps_the_others():
    """A fix that fails a guard after 1,000 that pass is found by halving: every other fix is
    applied in the same pass, with about twice the logarithm of the count in re-lints."""
    text = _many_numbers(1000, after="\nnote: keep these words")

    def run(doc: AgentDocument):
        result = lint(doc, BASE, Settings())
        start = doc.text.find("keep these words")
        if start < 0:
            return result
        bad = Fix("injected", (Edit(Span(start, start + 4), "lose"),), safe=True)
        extra = Finding("metadata-value", "injected", bad.edits[0].span, fix=bad)
        return result._replace(findings=[*result.findings, extra])

    counted, calls = _counting(run)
    outcome = fix_document(AgentDocument(AGENT_PATH, text), counted)
    assert len(outcome.applied) == 1000
    (skipped,) = outcome.skipped
    assert "lose text" in skipped.reason
    assert "note: keep these words" in outcome.doc.text and '  k999: "999"' in outcome.doc.text
    assert len(calls) <= 2 * 10 + 3  # 2 log2(1000) + the first lint and the whole pass


def test_fixes_never_take_the_file_past_the_size_harnesses_read():
    """Quoting thousands of numbers in a file just under 1 MiB would take it past the limit,
    and the harness would no longer read it: fixes stop where the file is full, and the
    others are refused with the reason."""
    padding = "x" * (MAX_FILE_BYTES - len(_many_numbers(2000).encode()) - 100)
    text = _many_numbers(2000).replace(BODY, BODY + padding)
    outcome = fix_document(AgentDocument(AGENT_PATH, text), lambda d: lint(d, BASE, Settings()))
    assert len(outcome.doc.text.encode()) <= MAX_FILE_BYTES
    assert len(outcome.applied) == 50  # two bytes each: 100 bytes of room
    assert {s.reason for s in outcome.skipped} == {
        "the file would grow past 1 MiB, which harnesses do not read"
    }
    assert outcome.result.verdict.loads


def test_no_fix_writes_a_name_the_name_rules_refuse():
    """The base format: "Lowercase letters, numbers, and hyphens only. Must not start or end
    with a hyphen." Renaming the key `nmae` to `name` would write `Repo-Explorer`, which the
    name rules refuse: the fix is left out with the reason; with a valid value it is applied."""
    refused = agent(f"nmae: Repo-Explorer\n{D}", BODY)
    lint_base = lambda d: lint(d, BASE, Settings())  # noqa: E731
    outcome = fix_document(AgentDocument(AGENT_PATH, refused), lint_base, unsafe=True)
    assert outcome.doc.text == refused and not outcome.applied
    (skipped,) = outcome.skipped
    assert skipped.code == "field-unknown"
    assert skipped.reason.startswith("it would write the name `Repo-Explorer`, which the name")
    text = agent(f"nmae: code-helper\n{D}", BODY)
    outcome = fix_document(AgentDocument(AGENT_PATH, text), lint_base, unsafe=True)
    assert outcome.doc.text == text.replace("nmae:", "name:") and not outcome.skipped


@pytest.mark.parametrize(
    ("name", "stem"),
    [
        ("Repo-Explorer", "repo-explorer"),
        ("-explorer", "explorer"),
        ("repo--explorer", "Repo-Explorer"),
        ("Repo-Explorer", "-explorer"),
    ],
)
def test_the_name_fixes_offer_only_valid_names(name, stem):
    """The fixes of the name rules and of `name-mismatch` write a name only where the rules
    accept it: "Set the name to the file name" only where the file name is a valid name."""
    text = agent(f"name: {name}\n{D}", BODY)
    result = lint(AgentDocument(f"/p/.agents/agents/{stem}.md", text), BASE, Settings())
    titles = [f.fix.title for f in result.findings if f.fix is not None]
    written = [title.split("`")[1] for title in titles]
    assert written and all(name_problem(BASE, w) is None for w in written), titles
    valid_stem = name_problem(BASE, stem) is None
    assert (f"Set the name to the file name `{stem}`" in titles) == valid_stem
