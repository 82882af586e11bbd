"""The document model: fences, line endings, positions in every encoding, safe YAML."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from helpers import AGENT_PATH, agent, codes
from subagent_ls.core.document import AgentDocument
from subagent_ls.core.source import MAX_FILE_BYTES, decode
from subagent_ls.core.text import LineIndex, Position
from subagent_ls.core.yamltree import parse_yaml


def test_positions_in_utf16_utf8_and_code_points():
    lines = LineIndex("a😀b\n漢字x\r\nlast")
    offset_b = 2
    assert lines.position(offset_b) == Position(0, 3)
    assert lines.position(offset_b, "utf-8") == Position(0, 5)
    assert lines.position(offset_b, "utf-32") == Position(0, 2)
    offset_x = lines.text.index("x")
    assert lines.position(offset_x) == Position(1, 2)
    assert lines.position(offset_x, "utf-8") == Position(1, 6)
    assert lines.position(len(lines.text)) == Position(2, 4)


def test_lone_carriage_return_and_crlf_end_lines():
    lines = LineIndex("a\rb\r\nc\nd")
    assert [lines.position(lines.text.index(c)).line for c in "abcd"] == [0, 1, 2, 3]
    assert lines.line_end(1) == 3


@given(st.text(st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=60))
def test_offset_and_position_round_trip(text):
    lines = LineIndex(text)
    for offset in range(len(text) + 1):
        if offset and text[offset - 1] == "\r" and text[offset : offset + 1] == "\n":
            continue  # between \r and \n is not a position
        for encoding in ("utf-16", "utf-8", "utf-32"):
            assert lines.offset(lines.position(offset, encoding), encoding) == offset


def test_layout_with_crlf_and_body():
    doc = AgentDocument(AGENT_PATH, "---\r\nname: a\r\n---\r\nbody\r\n")
    assert doc.yaml_text == "name: a\r\n"
    assert doc.text[doc.layout.body_start :] == "body\r\n"


def test_body_edit_reuses_the_parsed_yaml():
    first = AgentDocument(AGENT_PATH, agent("name: a\ndescription: b", "one\n"))
    _ = first.yaml
    second = AgentDocument(AGENT_PATH, agent("name: a\ndescription: b", "two\n"), previous=first)
    assert second.yaml is first.yaml
    third = AgentDocument(AGENT_PATH, agent("name: b\ndescription: b", "two\n"), previous=second)
    assert third.yaml is not first.yaml


def test_alias_bomb_is_not_expanded():
    rows = ["a: &a [x, x, x, x, x, x, x, x, x]"]
    rows += [
        f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join(['*' + chr(97 + i)] * 9)}]" for i in range(8)
    ]
    result = parse_yaml("\n".join(rows) + "\n", 0)
    assert result.error is None and len(result.root.items) == 9


def test_recursive_alias_terminates():
    result = parse_yaml("a: &a [*a]\n", 0)
    inner = result.root.items[0].value
    assert inner.value[0] is inner


def test_deep_nesting_is_refused_not_crashing():
    deep = "a: " + "[" * 100_000 + "]" * 100_000
    result = parse_yaml(deep, 0)
    assert result.error is not None and "nests deeper" in result.error.problem


def test_python_tags_are_never_constructed():
    result = parse_yaml("a: !!python/object/apply:os.system [echo hacked]\nb: !x y\n", 0)
    assert result.error is None
    assert result.root.items[0].value.kind == "seq"
    assert result.root.items[1].value.kind == "tagged"


def test_binary_utf16_invalid_and_huge_inputs_are_reasons_not_crashes():
    assert "binary" in decode(b"\x00\x01\x02").unreadable
    assert "UTF-16" in decode("\ufeffhi".encode("utf-16")).unreadable
    assert "not valid UTF-8" in decode(b"---\nname: \xff\n---\n").unreadable
    assert "MiB" in decode(b"x" * (MAX_FILE_BYTES + 1)).unreadable
    assert decode(b"").text == "" and decode(b"").unreadable is None


def test_unreadable_document_reports_one_finding():
    doc = AgentDocument(AGENT_PATH, "", unreadable="the file is binary")
    from subagent_ls.analysis.lint import lint
    from subagent_ls.core.settings import Settings
    from subagent_ls.harnesses.registry import BASE

    result = lint(doc, BASE, Settings())
    assert [f.code for f in result.findings] == ["file-unreadable"]
    assert result.verdict.loads is False


def test_empty_file_and_empty_frontmatter():
    assert codes("") == {"frontmatter-missing"}
    assert codes("---\n---\nbody\n") == {"field-required"}


@pytest.mark.parametrize(
    ("flow", "values"),
    [
        ("[Read, Bash(git diff:*)]", ["Read", "Bash(git diff:*)"]),
        ("[http://x, a::b]", ["http://x", "a::b"]),
        ("[1, yes, ~, a:b]", [1, "yes", None, "a:b"]),
    ],
)
def test_a_colon_inside_a_flow_scalar_is_text(flow, values):
    """As libyaml 0.2.5 (serde_yaml for Copilot CLI) and the YAML 1.2 parsers of the
    JavaScript harnesses read it (ruamel.yaml.clib's scanner refuses it); tags are resolved
    as the libyaml composer resolves them."""
    result = parse_yaml(f"tools: {flow}\n", 0)
    assert result.error is None
    assert [item.value for item in result.root.items[0].value.value] == values


@pytest.mark.parametrize("flow", ["[a:, b]", "[a:?]", "[a:[b]]", "{a:}"])
def test_a_colon_before_a_flow_indicator_stays_an_error(flow):
    """libyaml 0.2.5 still refuses ``:`` before ``,?[]{}`` in a flow scalar."""
    assert parse_yaml(f"tools: {flow}\n", 0).error is not None


def test_two_different_complex_keys_are_two_keys():
    """``[a]`` and ``[b]`` differ; ``[a]`` and ``[ a ]`` are one key written twice."""
    text = "? [a]\n: 1\n? [b]\n: 2\n? {x: [1, {y: z}]}\n: 3\n"
    assert not parse_yaml(text, 0).repeated_keys
    assert parse_yaml(text + "? [ a ]\n: 4\n", 0).repeated_keys
    assert not parse_yaml("? &k [*k]\n: 1\n? [b]\n: 2\n", 0).repeated_keys
