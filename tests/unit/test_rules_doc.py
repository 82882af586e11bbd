"""docs/rules.md against the rule registry: the summary table lists every rule once, in the
registry's order, with its default severity, and every rule has a section of its own, which the
package's reader finds."""

from __future__ import annotations

import re
from pathlib import Path

from subagent_ls.rules.docs import rule_description, rule_section
from subagent_ls.rules.registry import RULES

PAGE = (Path(__file__).parents[2] / "docs/rules.md").read_text(encoding="utf-8")
SUMMARY = re.compile(r"^\| \[`([a-z-]+)`\]\(#\1\) \| ([a-z]+)", re.M)


def test_the_summary_lists_every_rule_in_the_registrys_order_with_its_default_severity():
    listed = SUMMARY.findall(PAGE)
    assert [code for code, _ in listed] == list(RULES)
    for code, severity in listed:
        assert severity == RULES[code].severity.name.lower(), code


def test_every_rule_has_a_section():
    sections = set(re.findall(r"^## ([a-z-]+)$", PAGE, re.M))
    assert set(RULES) <= sections, set(RULES) - sections


def test_the_reader_finds_each_rules_section_and_a_first_paragraph_that_describes_it():
    """What ``subagent-ls rule`` and SARIF's ``help`` and ``fullDescription`` show: the section
    below the rule's heading (no other heading in it) and a paragraph beyond its severity."""
    for code in RULES:
        section = rule_section(code)
        assert section and not re.search(r"^## ", section, re.M), code
        assert PAGE.split(f"\n## {code}\n", 1)[1].lstrip().startswith(section[:40]), code
        description = rule_description(code)
        assert description and description in section, code
        assert not re.fullmatch(r"Default: [^\n]*", description), code
