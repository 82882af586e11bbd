"""The controls over what the editor shows, seen in the published diagnostics: suppression
comments (and the ``suppression-unused`` warning of one that hides nothing), the
``perFileIgnores`` and ``baseline`` client settings, a bad setting (one error message, the
other settings still apply), what other harnesses say about a file depending on whether
something shows them in use, the spans of ``tools-mcp-unknown`` and ``tools-unknown``, and the
link of every diagnostic to its rule's documentation."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from cli_helpers import run_cli
from lsp_helpers import (
    HOME,
    change,
    codes,
    open_document,
    units,
    wait_for_codes,
    wait_for_diagnostics,
)
from lsprotocol import types

DESC = "description: Reviews code and reports defects. Use when a change is ready.\n"
REPAIRED = (
    "---\nname: reviewer\ndescription: Reviews code: use when a change is ready.\n---\nBody.\n"
)


@pytest.fixture
def workspace(tmp_path: Path, request) -> Path:
    """The usual workspace (``.agents/agents``, ``.claude/agents``) plus, when a test
    parametrizes it indirectly, the folders (``None``) and files (their text) it names, made
    before the server starts."""
    (tmp_path / ".agents" / "agents").mkdir(parents=True)
    (tmp_path / ".claude" / "agents").mkdir(parents=True)
    for relative, text in getattr(request, "param", {}).items():
        target = tmp_path / relative
        if text is None:
            target.mkdir(parents=True, exist_ok=True)
        else:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(text, encoding="utf-8")
    return tmp_path


def agent(name: str, *fields: str, body: str = "Body.\n") -> str:
    """A Claude Code file: ``name``, a good description, then ``fields`` (lines of YAML)."""
    return f"---\nname: {name}\n{DESC}" + "".join(f"{f}\n" for f in fields) + f"---\n{body}"


def shown(client, uri: str) -> list[types.Diagnostic]:
    """The published diagnostics of ``uri``; each must link to its rule's section."""
    diagnostics = list(client.diagnostics.get(uri, []))
    for diagnostic in diagnostics:
        linked(diagnostic)
    return diagnostics


def linked(diagnostic: types.Diagnostic) -> None:
    assert diagnostic.code_description is not None, diagnostic
    href = diagnostic.code_description.href
    assert href.endswith(f"#{diagnostic.code}"), (diagnostic.code, href)


def of_code(client, uri: str, code: str) -> list[types.Diagnostic]:
    return [d for d in shown(client, uri) if d.code == code]


def span(client, text: str, line: int, needle: str, after: str = "") -> types.Range:
    """The range of ``needle`` on ``line`` of ``text`` (its first occurrence after ``after``),
    in the client's position encoding, counted from the text itself."""
    content = text.splitlines()[line]
    start = content.index(needle, content.index(after) + len(after) if after else 0)
    encoding = client.position_encoding
    first = units(content[:start], encoding)
    return types.Range(
        types.Position(line, first), types.Position(line, first + units(needle, encoding))
    )


def line_of(text: str, needle: str) -> int:
    (line,) = [n for n, content in enumerate(text.splitlines()) if needle in content]
    return line


async def push(client, settings: dict) -> None:
    """Settings as an editor sends them: answered on ``workspace/configuration``, announced
    by ``workspace/didChangeConfiguration``. First, wait for the server's first catalog scan,
    which starts once it has fetched the settings after ``initialized``: a fetch of its own
    after the change would apply (and judge) the new settings a second time."""
    for _ in range(200):
        if client.catalog_changes:
            break
        await asyncio.sleep(0.05)
    assert client.catalog_changes, "no subagents/catalogChanged after 10 s"
    client.set_configuration(settings, section="subagents")
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings=None))


async def wait_for_message(client, timeout: float = 10) -> None:
    async def waiting() -> None:
        while not client.messages:
            await client.wait_for_notification(types.WINDOW_SHOW_MESSAGE)

    await asyncio.wait_for(waiting(), timeout)


def errors_shown(client) -> list[types.ShowMessageParams]:
    return [m for m in client.messages if m.type == types.MessageType.Error]


# 1. Suppression comments.

LIST_LINE = agent(
    "lister",
    "tools:",
    "  - Read",
    "  - Grepp  # subagent-ls: disable-line=tools-unknown",
    "  - Foo",
)
LIST_NEXT = agent(
    "lister",
    "tools:",
    "  - Read",
    "  # subagent-ls: disable-next-line=tools-unknown",
    "  - Grepp",
    "  - Foo",
)


async def test_disable_line_hides_that_code_on_its_own_line_only(client, workspace):
    """``# subagent-ls: disable-line=tools-unknown`` after ``- Grepp`` hides Grepp's finding;
    ``Foo`` on the next line is still reported, and the comment is not unused."""
    uri = await open_document(client, workspace / ".claude/agents/lister.md", LIST_LINE)
    (finding,) = of_code(client, uri, "tools-unknown")
    assert finding.range == span(client, LIST_LINE, line_of(LIST_LINE, "- Foo"), "Foo")
    assert codes(client, uri) == ["tools-unknown"]
    bare = LIST_LINE.replace("  # subagent-ls: disable-line=tools-unknown", "")
    await change(client, uri, bare, version=2)  # without the comment, Grepp is reported too
    assert codes(client, uri) == ["tools-unknown", "tools-unknown"]


async def test_disable_next_line_hides_that_code_on_the_next_line_only(client, workspace):
    """A comment line ``# subagent-ls: disable-next-line=tools-unknown`` hides the finding of
    the line below it (Grepp), not that of the line after (Foo)."""
    uri = await open_document(client, workspace / ".claude/agents/lister.md", LIST_NEXT)
    (finding,) = of_code(client, uri, "tools-unknown")
    assert finding.range == span(client, LIST_NEXT, line_of(LIST_NEXT, "- Foo"), "Foo")
    assert codes(client, uri) == ["tools-unknown"]
    bare = LIST_NEXT.replace("  # subagent-ls: disable-next-line=tools-unknown\n", "")
    await change(client, uri, bare, version=2)  # without the comment, Grepp is reported too
    assert codes(client, uri) == ["tools-unknown", "tools-unknown"]


async def test_a_body_comment_disables_the_code_in_the_whole_file(client, workspace):
    """Two ``tools-unknown`` on two lines; adding ``<!-- subagent-ls: disable=tools-unknown
    -->`` to the body hides both, and nothing else is published."""
    text = agent("lister", "tools:", "  - Grepp", "  - Foo")
    uri = await open_document(client, workspace / ".claude/agents/lister.md", text)
    assert codes(client, uri) == ["tools-unknown", "tools-unknown"]
    suppressed = text + "\n<!-- subagent-ls: disable=tools-unknown -->\n"
    await change(client, uri, suppressed, version=2)
    assert shown(client, uri) == []


UNUSED = {
    "disable-line": agent("lister", "tools: Read, Grep  # subagent-ls: disable-line=tools-unknown"),
    "disable-next-line": agent(
        "lister", "# subagent-ls: disable-next-line=tools-unknown", "tools: Read, Grep"
    ),
    "body": agent(
        "lister", "tools: Read, Grep", body="Body.\n\n<!-- subagent-ls: disable=tools-unknown -->\n"
    ),
}


@pytest.mark.parametrize("form", list(UNUSED))
async def test_an_unused_suppression_warns_on_its_code_until_the_finding_appears(
    client, workspace, form
):
    """A comment that hides nothing is one ``suppression-unused`` warning whose range is
    exactly ``tools-unknown`` inside the comment; typing the unknown tool ``Grepp`` (didChange)
    gives the comment a finding to hide: the republished diagnostics are empty."""
    text = UNUSED[form]
    uri = await open_document(client, workspace / ".claude/agents/lister.md", text)
    (unused,) = shown(client, uri)
    assert unused.code == "suppression-unused"
    assert unused.severity == types.DiagnosticSeverity.Warning
    comment = line_of(text, "subagent-ls:")
    assert unused.range == span(client, text, comment, "tools-unknown", after="subagent-ls:")
    await change(client, uri, text.replace("Read, Grep", "Read, Grepp"), version=2)
    assert shown(client, uri) == []


# 2. perFileIgnores.


async def test_per_file_ignores_hide_the_code_in_the_matching_files_only(client, workspace):
    """``perFileIgnores`` ``{".claude/agents/legacy*.md": ["tools-unknown"]}``, relative to the
    workspace folder: the legacy file's ``tools-unknown`` goes, the other file keeps its own."""
    legacy_text = agent("legacy-lister", "tools: Read, Grepp")
    other_text = agent("lister", "tools: Read, Grepp")
    legacy = await open_document(client, workspace / ".claude/agents/legacy-lister.md", legacy_text)
    other = await open_document(client, workspace / ".claude/agents/lister.md", other_text)
    assert codes(client, legacy) == codes(client, other) == ["tools-unknown"]
    await push(client, {"perFileIgnores": {".claude/agents/legacy*.md": ["tools-unknown"]}})
    await wait_for_codes(client, legacy, [])
    await change(client, other, other_text + "\nMore.\n", version=2)  # surely after the settings
    (kept,) = shown(client, other)
    assert kept.code == "tools-unknown"
    assert kept.range == span(client, other_text, line_of(other_text, "tools:"), "Grepp")
    assert errors_shown(client) == []


# 3. The baseline setting.


async def test_a_baseline_hides_what_it_records_and_not_what_is_new(client, workspace):
    """A baseline written by ``check --write-baseline b.json`` in the workspace and the
    setting ``{"baseline": "b.json"}``: the recorded ``tools-unknown`` (Grepp) is not
    published; ``Foo`` typed into the document afterwards is."""
    text = agent("lister", "tools: Read, Grepp")
    path = workspace / ".claude/agents/lister.md"
    path.write_text(text, encoding="utf-8")
    written = run_cli("check", "--write-baseline", "b.json", cwd=workspace, env={"HOME": str(HOME)})
    assert written.code == 0, written.err
    assert (workspace / "b.json").is_file()
    uri = await open_document(client, path, text)
    assert codes(client, uri) == ["tools-unknown"]
    await push(client, {"baseline": "b.json"})
    await wait_for_codes(client, uri, [])
    typed = text.replace("Read, Grepp", "Read, Grepp, Foo")
    await change(client, uri, typed, version=2)
    (new,) = shown(client, uri)
    assert new.code == "tools-unknown"
    assert new.range == span(client, typed, line_of(typed, "tools:"), "Foo")
    assert errors_shown(client) == []


NOT_BASELINES = {
    "text": "these are not the findings you are looking for\n",
    "other json": '{"format": "eslint baseline", "version": 1, "files": {}}\n',
}


@pytest.mark.parametrize("content", list(NOT_BASELINES))
async def test_a_file_that_is_not_a_baseline_is_an_error_message_and_hides_nothing(
    client, workspace, content
):
    """``baseline`` naming a file that is not a baseline: one ``window/showMessage`` of type
    Error naming the file (said once, not on every publication), and the diagnostics are all
    published."""
    (workspace / "b.json").write_text(NOT_BASELINES[content], encoding="utf-8")
    text = agent("lister", "tools: Read, Grepp")
    uri = await open_document(client, workspace / ".claude/agents/lister.md", text)
    client.messages.clear()
    await push(client, {"baseline": "b.json"})
    await wait_for_message(client)
    await change(client, uri, text + "\nMore.\n", version=2)
    assert codes(client, uri) == ["tools-unknown"]
    shown(client, uri)
    (message,) = client.messages
    assert message.type == types.MessageType.Error
    assert "b.json" in message.message and "baseline" in message.message


# 4. An invalid setting.


@pytest.mark.parametrize(
    ("bad", "key"), [({"harness": "claude"}, "harness"), ({"colour": 1}, "colour")]
)
async def test_an_invalid_setting_is_one_error_message_and_the_others_apply(
    client, workspace, bad, key
):
    """A bad value or an unknown key beside ``rules: {tools-unknown: off}``: exactly one
    ``window/showMessage`` of type Error, naming the key; the rule is still switched off."""
    text = agent("lister", "tools: Read, Grepp")
    uri = await open_document(client, workspace / ".claude/agents/lister.md", text)
    assert codes(client, uri) == ["tools-unknown"]
    client.messages.clear()
    await push(client, {**bad, "rules": {"tools-unknown": "off"}})
    await wait_for_codes(client, uri, [])
    await change(client, uri, text + "\nMore.\n", version=2)  # nothing more arrives later
    assert shown(client, uri) == []
    (message,) = client.messages
    assert message.type == types.MessageType.Error
    assert f"`{key}`" in message.message


# 5. What other harnesses say: in use or not.


async def test_a_harness_nothing_shows_in_use_is_only_named_in_the_note(client, workspace):
    """A Claude Code file with an unquoted ``: `` in its description, in a workspace with no
    sign of GitHub Copilot: no diagnostic carries ``data.targets``; one ``harness-other``
    Information note on line 0 names GitHub Copilot CLI; the YAML finding is Claude Code's
    warning and does not say Copilot will not load the file."""
    uri = await open_document(client, workspace / ".claude/agents/reviewer.md", REPAIRED)
    diagnostics = shown(client, uri)
    assert not [d for d in diagnostics if isinstance(d.data, dict) and d.data.get("targets")]
    (note,) = [d for d in diagnostics if d.code == "harness-other"]
    assert note.severity == types.DiagnosticSeverity.Information
    assert note.range.start.line == 0 and note.range.end.line == 0
    assert "GitHub Copilot CLI" in note.message
    (syntax,) = [d for d in diagnostics if d.code == "yaml-syntax"]
    assert syntax.severity == types.DiagnosticSeverity.Warning
    assert "GitHub Copilot will not load this file" not in syntax.message


@pytest.mark.parametrize("workspace", [{".github/agents": None}], indirect=True)
async def test_a_harness_in_use_makes_the_yaml_finding_an_error_that_says_so(client, workspace):
    """The same file with ``.github/agents`` in the workspace (Copilot in use): the YAML
    finding is one Error that says "GitHub Copilot will not load this file" (one diagnostic
    at that position, not two), and the note no longer names GitHub Copilot CLI."""
    uri = await open_document(client, workspace / ".claude/agents/reviewer.md", REPAIRED)
    diagnostics = shown(client, uri)
    (syntax,) = [d for d in diagnostics if d.code == "yaml-syntax"]
    assert syntax.severity == types.DiagnosticSeverity.Error
    assert "GitHub Copilot will not load this file" in syntax.message
    where = span(client, REPAIRED, 2, ":", after="Reviews code").start
    assert syntax.range.start == where
    assert [d for d in diagnostics if d.range.start == where] == [syntax]
    for note in [d for d in diagnostics if d.code == "harness-other"]:
        assert "GitHub Copilot CLI" not in note.message


# 6. The spans of tool findings.


async def test_mcp_tools_of_one_unconfigured_server_are_one_finding_over_them_all(
    client, workspace
):
    """``tools: mcp__github__a, ..., mcp__github__d`` with no ``.mcp.json``: exactly one
    ``tools-mcp-unknown``, ``data.server`` ``github``, ``data.tools`` the four names, its
    range from the start of the first name to the end of the last."""
    names = [f"mcp__github__{letter}" for letter in "abcd"]
    text = agent("lister", f"tools: {', '.join(names)}")
    uri = await open_document(client, workspace / ".claude/agents/lister.md", text)
    (finding,) = of_code(client, uri, "tools-mcp-unknown")
    assert finding.severity == types.DiagnosticSeverity.Warning
    assert finding.data["server"] == "github"
    assert finding.data["tools"] == names
    line = line_of(text, "tools:")
    first, last = span(client, text, line, names[0]), span(client, text, line, names[-1])
    assert finding.range == types.Range(first.start, last.end)
    assert "and 1 more" in finding.message
    assert codes(client, uri) == ["tools-mcp-unknown"]


@pytest.mark.parametrize("tools", ["Read, Grepp, Foo", "Read, Grépp😀, 審查"])
async def test_each_unknown_tool_is_one_finding_on_exactly_its_name(client, workspace, tools):
    """``tools: Read, Grepp, Foo``: one ``tools-unknown`` per unknown name, each range exactly
    that name, in the client's code units (UTF-16 counts the emoji as two)."""
    text = agent("lister", f"tools: {tools}")
    uri = await open_document(client, workspace / ".claude/agents/lister.md", text)
    findings = sorted(of_code(client, uri, "tools-unknown"), key=lambda d: d.range.start.character)
    line = line_of(text, "tools:")
    unknown = tools.split(", ")[1:]
    assert [d.range for d in findings] == [span(client, text, line, name) for name in unknown]
    for finding, name in zip(findings, unknown, strict=True):
        assert f"`{name}`" in finding.message
    assert codes(client, uri) == ["tools-unknown"] * len(unknown)


# 7. Links to the rules' documentation.

TWIN = agent("twin")
OTHER = (
    "---\nname: twin\ndescription: Helps.\ncolour: blue\nmodel: gpt-9\n"
    "tools: Read, Grepp, mcp__github__a\n---\n\n<!-- subagent-ls: disable=body-length -->\n"
)
ODD = "---\nname: Odd_Name\ndescription: Reviews code: use when ready.\ntools: []\n---\n"


@pytest.mark.parametrize(
    "workspace",
    [
        {
            ".claude/agents/twin.md": TWIN,
            ".claude/agents/other.md": OTHER,
            ".agents/agents/odd.md": ODD,
        }
    ],
    indirect=True,
)
async def test_every_diagnostic_links_to_its_rule(client, workspace):
    """Files with a dozen kinds of finding (those of the file, of the catalog such as
    ``duplicate-name``, ``suppression-unused``, ``harness-other``): every published
    diagnostic's ``codeDescription.href`` ends with ``#<its code>``."""
    other = await open_document(client, workspace / ".claude/agents/other.md", OTHER)
    odd = await open_document(client, workspace / ".agents/agents/odd.md", ODD)
    reviewer = await open_document(client, workspace / ".claude/agents/reviewer.md", REPAIRED)

    async def catalogued() -> None:
        while "duplicate-name" not in codes(client, other):
            await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)

    await asyncio.wait_for(catalogued(), 30)
    await wait_for_diagnostics(client, odd)
    seen = set()
    for uri in (other, odd, reviewer):
        seen |= {str(d.code) for d in shown(client, uri)}
    expected = {
        "duplicate-name",
        "description-vague",
        "field-unknown",
        "value-unknown",
        "tools-unknown",
        "tools-mcp-unknown",
        "suppression-unused",
        "name-charset",
        "yaml-syntax",
        "tools-empty",
        "harness-other",
    }
    assert expected <= seen, expected - seen


async def test_a_rules_table_naming_a_cross_file_rule_is_valid(client, workspace):
    """``rules: {shadowed: off, duplicate-name: warning}`` names rules the catalog reports
    (found beside the file): the settings are valid whatever the server has loaded so far, so
    no message, and the other rule of the table applies."""
    text = agent("lister", "tools: Read, Grepp")
    uri = await open_document(client, workspace / ".claude/agents/lister.md", text)
    client.messages.clear()
    await push(
        client, {"rules": {"shadowed": "off", "duplicate-name": "warning", "tools-unknown": "off"}}
    )
    await wait_for_codes(client, uri, [])
    assert client.messages == []
