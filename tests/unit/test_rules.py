"""Every single-file rule of the base dialect: a failing example with its exact range, and a
passing one. Ranges are LSP ranges (0-based, UTF-16)."""

from __future__ import annotations

import pytest

from helpers import GOOD_DESCRIPTION, Shown, agent, codes, run_lint, shown

D = f"description: {GOOD_DESCRIPTION}"
N = "name: code-helper"

FAILING = [
    # (id, text, path or None, expected finding)
    ("missing", "# Just markdown\n", None, Shown("frontmatter-missing", "0:0-0:15")),
    ("missing-indented", "   ---\nname: x\n---\n", None, Shown("frontmatter-missing", "0:3-0:6")),
    ("unclosed", "---\nname: code-helper\n", None, Shown("frontmatter-unclosed", "0:0-0:3")),
    ("fence-dashes", f"---\n{N}\n{D}\n-----\nBody\n", None, Shown("frontmatter-fence", "3:0-3:5")),
    (
        "yaml-colon",
        f"---\n{N}\ndescription: Use it when: X\n---\nB\n",
        None,
        Shown("yaml-syntax", "2:24-2:25"),
    ),
    (
        "yaml-colon-emoji",
        f"---\n{N}\ndescription: 😀 Use when: X\n---\nB\n",
        None,
        Shown("yaml-syntax", "2:24-2:25"),
    ),
    ("not-mapping", "---\n- a\n- b\n---\nB\n", None, Shown("frontmatter-not-mapping", "1:0-3:0")),
    ("scalar", "---\njust text\n---\nB\n", None, Shown("frontmatter-not-mapping", "1:0-1:9")),
    (
        "duplicate-key",
        agent(f"{N}\n{D}\nname: code-helper"),
        None,
        Shown("duplicate-key", "3:0-3:4"),
    ),
    ("required-name", agent(D), None, Shown("field-required", "0:0-0:3")),
    ("required-description", agent(N), None, Shown("field-required", "0:0-0:3")),
    ("type-name", agent(f"name: 12\n{D}"), None, Shown("field-type", "1:6-1:8")),
    ("type-metadata", agent(f"{N}\n{D}\nmetadata: [a]"), None, Shown("field-type", "3:10-3:13")),
    (
        "type-tools-item",
        agent(f"{N}\n{D}\ntools: [Read, 3]"),
        None,
        Shown("field-type", "3:14-3:15"),
    ),
    (
        "charset",
        agent(f"name: Code_Helper\n{D}"),
        "/p/.agents/agents/Code_Helper.md",
        Shown("name-charset", "1:6-1:17"),
    ),
    (
        "charset-cjk",
        agent(f"name: 代码助手\n{D}"),
        "/p/.agents/agents/代码助手.md",
        Shown("name-charset", "1:6-1:10"),
    ),
    (
        "hyphen",
        agent(f"name: code--helper\n{D}"),
        "/p/.agents/agents/code--helper.md",
        Shown("name-hyphen", "1:6-1:18"),
    ),
    (
        "hyphen-trailing",
        agent(f"name: code-\n{D}"),
        "/p/.agents/agents/code-.md",
        Shown("name-hyphen", "1:6-1:11"),
    ),
    ("length-empty", agent(f"name: ''\n{D}"), None, Shown("name-length", "1:6-1:8")),
    (
        "length-long",
        agent(f"name: {'a' * 65}\n{D}"),
        f"/p/.agents/agents/{'a' * 65}.md",
        Shown("name-length", "1:6-1:71"),
    ),
    ("mismatch", agent(f"name: other-name\n{D}"), None, Shown("name-mismatch", "1:6-1:16")),
    (
        "description-empty",
        agent(f"{N}\ndescription:"),
        None,
        Shown("description-length", "2:12-2:12"),
    ),
    (
        "description-long",
        agent(f"{N}\ndescription: {'word ' * 210}when"),
        None,
        Shown("description-length", "2:13-2:1067"),
    ),
    (
        "vague-short",
        agent(f"{N}\ndescription: Helps with tests."),
        None,
        Shown("description-vague", "2:13-2:30"),
    ),
    (
        "vague-trigger",
        agent(f"{N}\ndescription: A careful and thorough reviewer of code quality."),
        None,
        Shown("description-vague", "2:13-2:61"),
    ),
    (
        "complexity",
        agent(f"{N}\n{D}\ncomplexity: judgement"),
        None,
        Shown("complexity-unknown", "3:12-3:21"),
    ),
    ("tools-empty", agent(f"{N}\n{D}\ntools: []"), None, Shown("tools-empty", "3:7-3:9")),
    (
        "tools-format",
        agent(f"{N}\n{D}\ntools: Read, Grep"),
        None,
        Shown("tools-format", "3:7-3:17"),
    ),
    (
        "tools-format-map",
        agent(f"{N}\n{D}\ntools:\n  read: true"),
        None,
        Shown("tools-format", "4:2-5:0"),
    ),
    (
        "metadata-value",
        agent(f"{N}\n{D}\nmetadata:\n  version: 1.0"),
        None,
        Shown("metadata-value", "4:11-4:14"),
    ),
    (
        "unknown-near",
        agent(f"{N}\n{D}\ncomplexty: routine"),
        None,
        Shown("field-unknown", "3:0-3:9"),
    ),
    ("unknown", agent(f"{N}\n{D}\nwhatever: 1"), None, Shown("field-unknown", "3:0-3:8")),
    ("body-empty", agent(f"{N}\n{D}", body="\n  \n"), None, Shown("body-empty", "3:0-3:3")),
    (
        "body-length",
        agent(f"{N}\n{D}", body="\n" + "line\n" * 501),
        None,
        Shown("body-length", "505:0-505:4"),
    ),
    (
        "crlf-yaml",
        agent(f"{N}\ndescription: Use it when: X", nl="\r\n"),
        None,
        Shown("yaml-syntax", "2:24-2:25"),
    ),
]


@pytest.mark.parametrize(
    ("text", "path", "expected"), [c[1:] for c in FAILING], ids=[c[0] for c in FAILING]
)
def test_failing_example_reports_code_at_exact_range(text, path, expected):
    found = shown(text, path) if path else shown(text)
    assert expected in found, sorted(found, key=str)


PASSING = [
    ("minimal", agent(f"{N}\n{D}")),
    (
        "all-fields",
        agent(f'{N}\n{D}\ncomplexity: judgment\ntools: [Read, Grep]\nmetadata:\n  version: "1.0"'),
    ),
    ("tools-bool", agent(f"{N}\n{D}\ntools: false")),
    ("crlf", agent(f"{N}\n{D}", nl="\r\n")),
    ("bom", "\ufeff" + agent(f"{N}\n{D}")),
    ("quoted-colon", agent(f"{N}\ndescription: 'Finds bugs: all of them. Use when tests fail.'")),
    (
        "block-description",
        agent(f"{N}\ndescription: |\n  Finds bugs in code.\n  Use when tests fail."),
    ),
    ("body-at-limit", agent(f"{N}\n{D}", body="\n" + "line\n" * 500)),
    (
        "cjk-description",
        agent(f"{N}\ndescription: 审查代码 review code, use when a change is ready 😀"),
    ),
]


@pytest.mark.parametrize("text", [c[1] for c in PASSING], ids=[c[0] for c in PASSING])
def test_passing_example_has_no_finding(text):
    assert shown(text) == set()


def test_utf16_range_after_astral_character():
    text = agent(f"{N}\ndescription: 😀😀 Helps.")
    assert Shown("description-vague", "2:13-2:24") in shown(text)


def test_bom_is_not_counted_in_positions():
    from subagent_ls.core.source import decode

    source = decode(("\ufeff" + agent(f"name: Bad_Name\n{D}")).encode())
    assert source.has_bom and not source.text.startswith("\ufeff")
    assert Shown("name-charset", "1:6-1:14") in shown(source.text, "/p/.agents/agents/Bad_Name.md")


def test_complexity_suggests_closest_tier_in_message():
    _, result = run_lint(agent(f"{N}\n{D}\ncomplexity: Critcal"))
    (finding,) = result.findings
    assert "Did you mean `critical`?" in finding.message


def test_field_unknown_suggests_near_miss():
    _, result = run_lint(agent(f"{N}\ndescriptoin: x"))
    messages = [f.message for f in result.findings if f.code == "field-unknown"]
    assert messages and "Did you mean `description`?" in messages[0]


def test_yaml_error_names_the_likely_cause():
    _, result = run_lint(agent(f"{N}\ndescription: Use this when: X happens"))
    (finding,) = [f for f in result.findings if f.code == "yaml-syntax"]
    assert "unquoted `: `" in finding.message


def test_tabs_in_indentation_are_explained():
    _, result = run_lint(agent(f"{N}\n{D}\nmetadata:\n\towner: me"))
    (finding,) = [f for f in result.findings if f.code == "yaml-syntax"]
    assert "tab" in finding.message


def test_body_length_limit_is_configurable():
    from subagent_ls.core.settings import Settings

    text = agent(f"{N}\n{D}", body="\n" + "line\n" * 30)
    assert "body-length" in codes(text, settings=Settings(body_max_lines=20))
    assert "body-length" not in codes(text)


def test_suppression_comment_silences_listed_codes():
    text = agent(
        f"{N}\ndescription: Helps.\n# subagent-ls: disable=description-vague, body-empty", body=""
    )
    assert codes(text) == set()
    assert codes(text.replace("description-vague, ", "")) == {"description-vague"}


def test_user_severity_and_off():
    from subagent_ls.core.findings import Severity
    from subagent_ls.core.settings import Settings

    text = agent(f"{N}\n{D}\ntools: []")
    _, result = run_lint(text, settings=Settings(rules={"tools-empty": Severity.ERROR}))
    assert [f.severity for f in result.findings] == [Severity.ERROR]
    assert codes(text, settings=Settings(rules={"tools-empty": None})) == set()


def test_verdict_is_not_changed_by_user_severities():
    from subagent_ls.core.settings import Settings

    text = agent(f"name: other\n{D}")
    _, result = run_lint(text, settings=Settings(rules={"name-mismatch": None}))
    assert result.findings == []
    assert result.verdict.loads is False


def test_verdict_names_the_agent_when_it_loads():
    _, result = run_lint(agent(f"{N}\n{D}\ntools: []"))
    assert (result.verdict.loads, result.verdict.name) == (True, "code-helper")


def test_suppression_comment_anywhere_in_the_frontmatter():
    text = agent(f"# subagent-ls: disable=description-vague\n{N}\ndescription: Helps.")
    assert codes(text) == set()


def test_duplicate_keys_inside_nested_maps():
    text = agent(f"{N}\n{D}\nmetadata:\n  a: '1'\n  a: '2'")
    assert Shown("duplicate-key", "5:2-5:3") in shown(text)


def test_messages_stay_on_one_line():
    _, result = run_lint(agent(f"{N}\n{D}\ncomplexity: |\n  judgment\n  more"))
    assert result.findings and all("\n" not in f.message for f in result.findings)
