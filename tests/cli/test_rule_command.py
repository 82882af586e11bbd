"""``subagent-ls rule`` through the console script: one rule explained from docs/rules.md, an
unknown code refused with the nearest one, every rule listed as text and JSON; and the links to
the rules page in ``check``'s SARIF (``helpUri``, ``ruleIndex``) and JSON (``codeDescription``)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from cli_helpers import run_cli

from subagent_ls.rules.registry import RULES

REPO = Path(__file__).resolve().parents[2]
PAGE = (REPO / "docs" / "rules.md").read_text(encoding="utf-8")
REPOSITORY = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"][
    "urls"
]["Repository"]


def url_of(code: str) -> str:
    """The rule's section on GitHub, from the repository's address in pyproject.toml."""
    return f"{REPOSITORY}/blob/main/docs/rules.md#{code}"


def plain_lines_of(code: str) -> list[str]:
    """The lines of the rule's section in docs/rules.md that hold no link (the command makes
    links absolute), read here without the package's reader."""
    section = re.search(rf"^## {re.escape(code)}\n(.*?)(?=^## |\Z)", PAGE, re.M | re.S)
    assert section is not None, code
    return [line for line in section[1].splitlines() if line.strip() and "](" not in line]


@pytest.mark.parametrize("code", ["name-mismatch", "yaml-syntax", "shadowed", "metadata-value"])
def test_a_rule_is_shown_with_its_severity_summary_url_and_documentation(code):
    rule = RULES[code]
    run = run_cli("rule", code)
    assert (run.code, run.err) == (0, "")
    head = run.out.split("\n\n", 1)[0].splitlines()
    assert head == [
        f"{code}: {rule.summary}",
        f"default severity: {rule.severity.label}",
        f"fixable: {'yes' if rule.fixable else 'no'}",
        url_of(code),
    ]
    lines = plain_lines_of(code)
    assert len(lines) >= 2
    for line in lines:
        assert line in run.out


def test_a_relative_link_of_the_section_is_shown_absolute():
    """yaml-syntax links to format.md: away from the page the link points into the repository."""
    run = run_cli("rule", "yaml-syntax")
    assert f"]({REPOSITORY}/blob/main/docs/format.md#safety-limits)" in run.out
    assert "](format.md" not in run.out


def test_an_unknown_code_is_a_usage_error_naming_the_nearest_code():
    run = run_cli("rule", "name-mismach")
    assert (run.code, run.out) == (2, "")
    assert run.err == "subagent-ls: unknown rule code: name-mismach (did you mean name-mismatch?)\n"


def test_an_unknown_code_close_to_none_gets_no_suggestion():
    run = run_cli("rule", "zzzz")
    assert (run.code, run.out, run.err) == (2, "", "subagent-ls: unknown rule code: zzzz\n")


@pytest.mark.parametrize("args", [[], ["name-mismatch", "--all"]], ids=["neither", "both"])
def test_a_code_or_all_and_not_both_is_required(args):
    run = run_cli("rule", *args)
    assert (run.code, run.out) == (2, "")
    assert run.err.startswith("usage: subagent-ls rule [-h] [--format {json,text}] (CODE | --all)")


def test_all_as_json_lists_every_rule_once_in_registry_order_with_its_url_and_section():
    run = run_cli("rule", "--all", "--format", "json")
    assert (run.code, run.err) == (0, "")
    rules = run.json
    assert [rule["code"] for rule in rules] == list(RULES)
    for rule in rules:
        registered = RULES[rule["code"]]
        assert rule == {
            "code": registered.code,
            "severity": registered.severity.label,
            "summary": registered.summary,
            "fixable": registered.fixable,
            "url": url_of(registered.code),
            "explanation": rule["explanation"],
        }
        assert rule["url"].endswith(f"#{rule['code']}")
        assert rule["explanation"], rule["code"]
        assert plain_lines_of(rule["code"])[0] in rule["explanation"]


def test_one_rule_as_json_is_the_object_all_lists_for_it():
    every = {rule["code"]: rule for rule in run_cli("rule", "--all", "--format", "json").json}
    run = run_cli("rule", "tools-unknown", "--format", "json")
    assert (run.code, run.err) == (0, "")
    assert run.json == every["tools-unknown"]


def test_all_as_text_is_one_line_per_rule_with_its_severity_and_summary():
    run = run_cli("rule", "--all")
    assert (run.code, run.err) == (0, "")
    lines = run.out.splitlines()
    assert len(lines) == len(RULES)
    for line, rule in zip(lines, RULES.values(), strict=True):
        assert line.split()[:2] == [rule.code, rule.severity.label]
        assert line.endswith(f"  {rule.summary}")


def test_help_has_examples():
    run = run_cli("rule", "--help")
    assert run.code == 0
    assert "  subagent-ls rule name-mismatch" in run.out.split("examples:\n", 1)[1]


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """One good file and one with findings of five rules (name-charset, name-mismatch,
    description-vague, field-unknown, body-empty)."""
    folder = tmp_path / ".agents" / "agents"
    folder.mkdir(parents=True)
    (folder / "good.md").write_text(
        "---\nname: good\ndescription: Reviews code and reports defects. Use when a change is "
        "ready.\n---\nReview the change.\n"
    )
    (folder / "helper.md").write_text("---\nname: Bad_Name\ndescription: Short.\nbogus: 1\n---\n")
    return tmp_path


def test_sarif_rules_link_to_their_section_and_each_result_indexes_its_rule(project):
    run = run_cli("check", "--format", "sarif", cwd=project)
    assert run.code == 1, run.err
    driver = run.json["runs"][0]["tool"]["driver"]
    rules = driver["rules"]
    assert [rule["id"] for rule in rules] == list(RULES)
    for rule in rules:
        assert rule["helpUri"] == url_of(rule["id"])
        assert rule["fullDescription"]["text"], rule["id"]
        assert plain_lines_of(rule["id"])[0] in rule["help"]["markdown"]
    results = run.json["runs"][0]["results"]
    assert len({result["ruleId"] for result in results}) >= 4
    for result in results:
        assert rules[result["ruleIndex"]]["id"] == result["ruleId"]


def test_json_diagnostics_carry_the_url_of_their_rule(project):
    run = run_cli("check", "--format", "json", cwd=project)
    diagnostics = [d for file in run.json["files"] for d in file["diagnostics"]]
    assert len(diagnostics) >= 4
    for diagnostic in diagnostics:
        assert diagnostic["codeDescription"] == {"href": url_of(diagnostic["code"])}
