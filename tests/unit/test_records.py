"""The engine's slotted records behave as the dataclasses they replaced: field-wise repr and
equality (same class only), unhashable when mutable, ``replace``; settings are read-only and
survive pickling; YAML nodes compare by identity."""

from __future__ import annotations

import pickle

import pytest

from subagent_ls.core.findings import Finding, Related, Severity
from subagent_ls.core.frontmatter import Span
from subagent_ls.core.settings import Settings
from subagent_ls.core.yamltree import YamlNode
from subagent_ls.harnesses.profile import Entry
from subagent_ls.harnesses.sources import Source

SOURCE = Source("project", "project", "project", 3, "harness-subagents")


def test_a_finding_has_a_field_wise_repr_equality_and_replace():
    finding = Finding("x-code", "a message", Span(0, 3))
    assert repr(finding) == (
        "Finding(code='x-code', message='a message', span=Span(start=0, end=3), "
        "severity=<Severity.ERROR: 1>, fix=None, related=[], targets=(), details={})"
    )
    assert finding == Finding("x-code", "a message", Span(0, 3), Severity.ERROR, None, [])
    assert finding != Finding("x-code", "another", Span(0, 3))
    assert finding != ("x-code", "a message", Span(0, 3), Severity.ERROR, None, [], ())
    with pytest.raises(TypeError):
        hash(finding)
    changed = finding.replace(severity=Severity.WARNING, related=[Related(None, "see")])
    assert (changed.severity, changed.related, changed.message) == (
        Severity.WARNING,
        [Related(None, "see")],
        "a message",
    )
    assert finding.severity is Severity.ERROR and finding.related == []
    assert Finding("a", "b", Span(0, 0)).related is not Finding("a", "b", Span(0, 0)).related


def test_settings_are_read_only_compare_by_fields_and_survive_pickling():
    settings = Settings(rules={"x-code": None}, select=frozenset({"x-code"}))
    with pytest.raises(AttributeError):
        settings.harness = "claude-code"  # type: ignore[misc]
    assert Settings() == Settings(dialects={}, rules={})
    assert pickle.loads(pickle.dumps(settings)) == settings
    assert settings.replace(harness="claude-code").harness == "claude-code"
    assert settings.harness == "harness-subagents"
    assert repr(Settings()).startswith("Settings(harness='harness-subagents', dialects={}, ")


def test_an_entry_that_reaches_itself_shows_an_ellipsis_and_pickles():
    first = Entry("a", SOURCE, None, "harness-subagents")
    second = Entry("a", SOURCE, None, "harness-subagents", shadowed_by=first)
    first.shadows.append(second)
    assert "shadowed_by=Entry(name='a'" in repr(second)
    assert "shadows=[...]" in repr(second)
    again = pickle.loads(pickle.dumps(first))
    assert again.shadows[0].shadowed_by is again


def test_yaml_nodes_compare_by_identity():
    node = YamlNode("str", Span(0, 1), "a")
    assert node != YamlNode("str", Span(0, 1), "a")
    assert {node: 1}[node] == 1
    assert repr(node) == (
        "YamlNode(kind='str', span=Span(start=0, end=1), value='a', style=None, flow=False, "
        "items=[])"
    )
