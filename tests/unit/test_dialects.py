"""Each dialect's own reading of a file: its fields, its names and the harness verdict."""

from __future__ import annotations

import pytest

from helpers import agent
from subagent_ls.analysis.dialect_choice import choose_dialect
from subagent_ls.analysis.lint import lint
from subagent_ls.analysis.results import LintResult
from subagent_ls.core.document import AgentDocument
from subagent_ls.core.findings import Severity
from subagent_ls.core.settings import Settings
from subagent_ls.harnesses.opencode.dialect import UNDESCRIBED
from subagent_ls.harnesses.registry import DIALECTS

DESC = "description: Reviews code and reports defects. Use when a change is ready."


def check(dialect: str, text: str, path: str, has_bom: bool = False) -> LintResult:
    doc = AgentDocument(path, text, has_bom=has_bom)
    return lint(doc, DIALECTS[dialect], Settings())


def by_code(result: LintResult) -> dict[str, list]:
    found: dict[str, list] = {}
    for finding in result.findings:
        found.setdefault(finding.code, []).append(finding)
    return found


def not_loaded(result: LintResult) -> list:
    """The findings that say the harness will not load the file: its ``harness-skip``, or the
    finding of the cause at the same place, which then says it."""
    return [f for f in result.findings if "notLoadedBy" in f.details]


CC = "/p/.claude/agents/reviewer.md"


class TestClaudeCode:
    def test_loads_under_its_name_whatever_the_file_name(self):
        result = check("claude-code", agent(f"name: Code Reviewer\n{DESC}"), CC)
        assert (result.verdict.loads, result.verdict.name) == (True, "Code Reviewer")
        found = by_code(result)
        assert found["name-charset"][0].severity is Severity.HINT
        assert found["name-mismatch"][0].severity is Severity.HINT

    def test_repaired_yaml_is_a_warning_that_shows_the_description_used(self):
        text = agent("name: reviewer\ndescription: Use this when: code changes")
        result = check("claude-code", text, CC)
        assert result.verdict.outcome == "repaired" and result.verdict.loads
        (yaml_error,) = by_code(result)["yaml-syntax"]
        assert yaml_error.severity is Severity.WARNING
        assert "Claude Code repairs this YAML" in yaml_error.message
        assert "“Use this when: code changes”" in yaml_error.message
        assert "harness-skip" not in by_code(result)

    def test_unrepairable_yaml_is_ignored(self):
        text = agent("name: reviewer\ndescription: Use this when: X\n  <example>more</example>")
        result = check("claude-code", text, CC)
        assert result.verdict.outcome == "ignored"
        (said,) = not_loaded(result)
        assert said.code == "yaml-syntax" and said.severity is Severity.ERROR
        assert "Claude Code will not load this file" in said.message
        assert "harness-skip" not in by_code(result)  # one finding says both

    def test_byte_order_mark_is_stripped(self):
        result = check("claude-code", agent(f"name: reviewer\n{DESC}"), CC, has_bom=True)
        assert (result.verdict.outcome, result.verdict.name) == ("loads", "reviewer")
        text = "\ufeff" + agent(f"name: reviewer\n{DESC}")
        assert check("claude-code", text, CC).verdict.name == "reviewer"

    @pytest.mark.parametrize(
        ("fields", "outcome", "words"),
        [
            (DESC, "ignored", "no `name`"),
            (f"name: 12\n{DESC}", "ignored", "not a string"),
            (f"name: -lead\n{DESC}", "rejected", "must not start with `-`"),
            (f"name: a:b\n{DESC}", "rejected", "must not contain `:`"),
            (f"name: a\uff1ab\n{DESC}", "rejected", "becomes `:`"),
            (f"name: {'x' * 257}\n{DESC}", "rejected", "at most 256"),
            (f"name: {'😀' * 129}\n{DESC}", "rejected", "it has 258"),
            (f"name: r\n{DESC}\nhooks: []", "rejected", "`hooks` must map event names"),
            (f"name: r\n{DESC}\nhooks: true", "rejected", "it is a boolean"),
            (
                f"name: r\n{DESC}\nhooks:\n  PreToolUse:\n    - matcher: Bash\n      hooks:\n"
                "        - type: command",
                "rejected",
                "needs `command`",
            ),
            (f"name: r\n{DESC}\nPreToolUse: x", "rejected", 'outside "hooks"'),
            ("name: r\ndescription: 1e3", "rejected", "description"),
            ("name: reviewer", "rejected", "description"),
            ("name: reviewer\ndescription: ''", "rejected", "description"),
        ],
    )
    def test_files_it_will_not_load(self, fields, outcome, words):
        result = check("claude-code", agent(fields), CC)
        assert result.verdict.outcome == outcome and words in result.verdict.reason
        (said,) = not_loaded(result)
        assert said.severity is Severity.ERROR and "will not load this file" in said.message

    @pytest.mark.parametrize(
        "fields",
        [
            f"name: {'x' * 256}\n{DESC}",
            f"name: 1_000\n{DESC}",
            f"name: r\n{DESC}\nhooks: false",
            f"name: r\n{DESC}\nhooks:\n  Stop:\n    - matcher: x\n      hooks:\n"
            "        - type: bogus",
            f"name: r\n{DESC}\nhooks:\n  Foo: x",
            f"name: r\n{DESC}\nmetadata:\n  PreToolUse: x",
            f"name: r\n{DESC}\npermissionMode: manual\nomitClaudeMd: true",
            "name: r\ndescription: yes",
        ],
    )
    def test_files_it_loads(self, fields):
        result = check("claude-code", agent(fields), CC)
        assert result.verdict.loads, result.verdict.reason
        assert "harness-skip" not in by_code(result)

    def test_the_description_the_model_is_given(self):
        literal = check("claude-code", agent("name: r\ndescription: a\\nb"), CC)
        assert literal.verdict.description == "a\nb"
        merged = check("claude-code", agent("base: &b\n  description: merged\nname: r\n<<: *b"), CC)
        assert (merged.verdict.loads, merged.verdict.description) == (True, "merged")
        tagged = check("claude-code", agent("name: r\ndescription: !!int '12'"), CC)
        assert tagged.verdict.description == "12"
        repaired = check("claude-code", agent("name: r\ndescription: Use when: x\nContext: y"), CC)
        assert (repaired.verdict.outcome, repaired.verdict.description) == (
            "repaired",
            "Use when: x",
        )

    def test_invalid_utf8_is_read_with_replacement_characters(self, tmp_path):
        from subagent_ls.core.source import read_source

        path = tmp_path / ".claude/agents/bad.md"
        path.parent.mkdir(parents=True)
        path.write_bytes(agent(f"name: bad\n{DESC}").encode() + b"\xff\n")
        source = read_source(str(path))
        doc = AgentDocument(str(path), source.text, unreadable=source.unreadable)
        result = lint(doc, DIALECTS["claude-code"], Settings())
        assert (result.verdict.loads, result.verdict.name) == (True, "bad")
        assert "replacement characters" in result.verdict.note

    def test_new_fields_are_known_and_checked(self):
        fields = (
            f"name: r\n{DESC}\nautoCompactWindow: 5\nmaxTurns: '10'\neffort: HIGH\n"
            "observeToolResults: false\nexperimental:\n  cacheTtl: 1h"
        )
        found = by_code(check("claude-code", agent(fields), CC))
        assert "field-unknown" not in found and "field-type" not in found
        (small,) = found["value-unknown"]
        assert "at least 100000" in small.message and small.severity is Severity.WARNING

    def test_unknown_keys_are_logged(self):
        (unknown,) = by_code(check("claude-code", agent(f"name: r\n{DESC}\nfoo: 1"), CC))[
            "field-unknown"
        ]
        assert "logs a warning" in unknown.message

    def test_invalid_values_are_warnings_because_it_drops_them(self):
        result = check(
            "claude-code", agent(f"name: reviewer\n{DESC}\ncolor: teal\nmaxTurns: 0"), CC
        )
        found = by_code(result)
        assert {f.severity for f in found["value-unknown"]} == {Severity.WARNING}
        assert result.verdict.loads

    def test_tools_as_comma_string_is_fine_but_unknown_names_are_flagged(self):
        result = check(
            "claude-code", agent(f"name: reviewer\n{DESC}\ntools: Read, Grep, search"), CC
        )
        (unknown,) = by_code(result)["tools-unknown"]
        assert "`search`" in unknown.message and "tools-format" not in by_code(result)

    def test_a_base_field_gets_a_hint_naming_its_dialect(self):
        result = check("claude-code", agent(f"name: reviewer\n{DESC}\ncomplexity: routine"), CC)
        (unknown,) = by_code(result)["field-unknown"]
        assert "harness-subagents" in unknown.message


OC = "/p/.opencode/agent/review/strict.md"


class TestOpenCode:
    def test_name_is_the_path_below_the_agent_folder(self):
        result = check("opencode", agent(DESC), OC)
        assert (result.verdict.loads, result.verdict.name) == (True, "review/strict")

    def test_tools_list_breaks_the_whole_configuration(self):
        result = check("opencode", agent(f"{DESC}\ntools: [read, grep]"), OC)
        assert result.verdict.outcome == "breaks-configuration"
        assert "whole configuration" in not_loaded(result)[0].message

    @pytest.mark.parametrize(
        "field",
        ["color: blue", "mode: helper", "steps: 0", "temperature: hot", "tools:", "hidden: 'yes'"],
    )
    def test_schema_violations_break_the_configuration(self, field):
        assert (
            check("opencode", agent(f"{DESC}\n{field}"), OC).verdict.outcome
            == "breaks-configuration"
        )

    @pytest.mark.parametrize(
        "field", ['color: "#ff0000"', "color: accent", "tools:\n  write: false"]
    )
    def test_valid_values_load(self, field):
        assert check("opencode", agent(f"{DESC}\n{field}"), OC).verdict.outcome == "loads"

    def test_a_value_holding_a_colon_is_repaired(self):
        result = check("opencode", agent("description: Use when: x"), OC)
        assert result.verdict.outcome == "repaired" and result.verdict.name == "review/strict"
        assert result.verdict.description == "Use when: x"
        assert by_code(result)["yaml-syntax"][0].severity is Severity.WARNING

    def test_yaml_the_repair_leaves_alone_is_dropped_and_the_file_loads(self):
        result = check("opencode", agent("description: [unclosed"), OC)
        assert result.verdict.outcome == "degraded" and result.verdict.name == "review/strict"
        assert result.verdict.description == UNDESCRIBED

    def test_yaml_the_repair_changes_but_cannot_fix_is_skipped(self):
        result = check("opencode", agent("description: Use when: x\ntools: [x"), OC)
        assert result.verdict.outcome == "ignored" and not result.verdict.loads

    def test_disabled_agent(self):
        assert check("opencode", agent(f"{DESC}\ndisable: true"), OC).verdict.outcome == "ignored"


def test_synapse_empty_tools_means_builtins_not_none():
    result = check(
        "synapse", agent(f"name: reviewer\n{DESC}\ntools: []"), "/p/.synapse/agents/reviewer.md"
    )
    (empty,) = by_code(result)["tools-empty"]
    assert empty.severity is Severity.INFO and "legacy" in empty.message and result.verdict.loads
    assert result.verdict.tools == ("read_file", "write_file", "edit_file", "execute")


def test_synapse_disabled_definition_is_an_info():
    result = check(
        "synapse", agent(f"name: reviewer\n{DESC}\nenabled: false"), "/p/.synapse/agents/r.md"
    )
    (skip,) = not_loaded(result)
    assert skip.severity is Severity.INFO and not result.verdict.loads


def test_agent_core_prose_is_not_an_agent():
    result = check("agent-core", agent("title: Notes about agents"), "/pkg/agents/notes.md")
    assert result.verdict.outcome == "ignored"
    assert not_loaded(result)[0].severity is Severity.HINT


def test_agent_core_agent_is_named_by_id():
    result = check(
        "agent-core", agent(f"id: explore-deep\n{DESC}\ncontext: fork"), "/pkg/agents/x.md"
    )
    assert (result.verdict.loads, result.verdict.name) == (True, "explore-deep")


def test_zut_falls_back_to_the_file_name():
    result = check(
        "zut", agent(f"{DESC}\nthinking: max\ntools: read, bash"), "/h/.pi/agent/agents/worker.md"
    )
    assert (result.verdict.loads, result.verdict.name) == (True, "worker")
    assert "tools-unknown" not in by_code(result)


def test_zut_field_in_the_shared_user_folder_is_an_info_hint():
    path = "/home/u/.agents/agents/reviewer.md"
    result = check("harness-subagents", agent(f"name: reviewer\n{DESC}\nthinking: high"), path)
    (hint,) = by_code(result)["field-unknown"]
    assert hint.severity is Severity.INFO and "zut" in hint.message


def test_gemini_is_strict():
    path = "/p/.gemini/agents/my_agent.md"
    result = check("gemini", agent(f"name: my_agent\n{DESC}\ncolor: red"), path)
    found = by_code(result)
    assert found["field-unknown"][0].severity is Severity.ERROR
    assert "name-charset" not in found and not result.verdict.loads


def test_copilot_mcp_server_needs_command_args_and_tools():
    text = agent(f"name: Agentic Workflows\n{DESC}\nmcp-servers:\n  srv:\n    type: local")
    result = check("copilot", text, "/p/.github/agents/flows.agent.md")
    assert not result.verdict.loads and "mcp-servers.srv.command: Required" in result.verdict.reason
    text = agent(f"{DESC}\nmcp-servers:\n  srv:\n    command: x\n    args: []")
    result = check("copilot", text, "/p/.github/agents/flows.agent.md")
    assert not result.verdict.loads and "mcp-servers.srv.tools: Required" in result.verdict.reason
    ok = check(
        "copilot", agent(f"name: Agentic Workflows\n{DESC}"), "/p/.github/agents/flows.agent.md"
    )
    assert (ok.verdict.loads, ok.verdict.name) == (True, "Agentic Workflows")


@pytest.mark.parametrize(
    ("fields", "path", "expected"),
    [
        ("mode: subagent", "/x/docs/a.md", "opencode"),
        ("permissionMode: plan", "/x/docs/a.md", "claude-code"),
        ("reasoning_effort: low", "/x/docs/a.md", "synapse"),
        ("allowed-tools: [read]", "/x/docs/a.md", "agent-core"),
        ("systemPromptMode: replace", "/x/docs/a.md", "zut"),
        ("timeout_mins: 3", "/x/docs/a.md", "gemini"),
        ("tools: [a]", "/x/docs/a.agent.md", "copilot"),
        ("tools: [a]", "/x/docs/a.md", "harness-subagents"),
        ("mode: subagent", "/x/.claude/agents/a.md", "claude-code"),
    ],
)
def test_dialect_choice(fields, path, expected):
    doc = AgentDocument(path, agent(f"name: a\n{DESC}\n{fields}"))
    assert choose_dialect(doc, Settings()).dialect.id == expected


def test_glob_setting_wins_over_folder():
    doc = AgentDocument("/x/.claude/agents/a.md", agent(DESC))
    choice = choose_dialect(doc, Settings(dialects={".claude/agents/*.md": "opencode"}))
    assert choice.dialect.id == "opencode" and "setting" in choice.reason


def test_unknown_dialect_in_settings_is_one_message_then_default():
    from subagent_ls.workspace.config import settings_from_raw

    settings, messages = settings_from_raw({"dialects": {"*.md": "klingon"}}, "cfg")
    assert settings.dialects == {} and len(messages) == 1 and "klingon" in messages[0]


@pytest.mark.parametrize("dialect", sorted(DIALECTS))
def test_schema_of_every_dialect(dialect):
    from subagent_ls.harnesses.json_schema import dialect_schema

    schema = dialect_schema(DIALECTS[dialect])
    assert set(schema["properties"]) == set(DIALECTS[dialect].fields)
    required = {k for k, s in DIALECTS[dialect].fields.items() if s.required}
    assert set(schema.get("required", [])) == required
    assert schema["additionalProperties"] is (not DIALECTS[dialect].strict_keys)


@pytest.mark.parametrize(
    ("line", "granted"),
    [
        ("tools:", []),  # no value: no tools at all (the listing still says "All tools")
        ("tools: true", []),
        ('tools: ""', []),
        ("tools: Read, Grepp", ["Read"]),  # unknown names are dropped when the agent runs
        ('tools: [Read, "Bash(git log:*)"]', None),  # as written
        ('tools: "*"', None),
        (None, None),
    ],
)
def test_the_tools_claude_code_really_grants(line, granted):
    fields = "name: probe\ndescription: Reviews code. Use when a change is ready."
    text = f"---\n{fields}\n{line}\n---\nBody\n" if line else f"---\n{fields}\n---\nBody\n"
    doc = AgentDocument("/p/.claude/agents/probe.md", text)
    verdict = lint(doc, DIALECTS["claude-code"], Settings()).verdict
    assert verdict.loads
    assert verdict.as_json().get("tools") == granted


def test_the_sources_name_every_variable_they_read():
    """The sources are cached on HOME and ``SOURCE_VARIABLES``: a variable read and not listed
    would leave a stale answer."""
    import re
    from pathlib import Path

    from subagent_ls.harnesses import registry

    text = "".join(Path(harness.profile.__file__).read_text() for harness in registry.HARNESSES)
    read = set(re.findall(r"environ(?:\.get\(|, )\s*\"([A-Z_]+)\"", text))
    read |= {f"AGENT_ENABLE_{s}SUBAGENTS" for s in ("", "CUSTOM_")}
    assert read and read <= set(registry.SOURCE_VARIABLES)
