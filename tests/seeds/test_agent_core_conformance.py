"""Conformance of the agent-core dialect and the `agent-core` catalog profile with their
document, ``agent-core-agents.txt``: every normative statement, numbered with where it stands,
and a test of what the product does with it (through ``check``/``catalog`` or the language
server). Statements no tool can check are listed with the reason."""

from __future__ import annotations

import pytest
from statement_helpers import (
    ERROR,
    HINT,
    INFO,
    SEEDS,
    WARNING,
    Editor,
    Place,
    Statement,
    agent,
    assert_table,
    by_code,
    catalog,
    check,
    documentation,
    editor,
    lsp_session,
    named,
    worst,
)

__all__ = ["editor", "lsp_session"]  # the language-server fixtures

DOCUMENT = SEEDS / "agent-core-agents.txt"
RUNTIME = "what a delegate call does at run time; no field of a file decides it"

S = Statement
STATEMENTS = [
    S(1, "l.3-4",
      "Agent definitions are markdown contributions `agents/*.md` in a package's `agents/` "
      "folder."),
    S(2, "l.6-7",
      "A definition's frontmatter header is `id`, `title`, `description`, `context: fork` (no "
      "type, value or limit is given)."),
    S(3, "l.7-8; l.93-94",
      "The body becomes the subagent's system prompt; the frontmatter is configuration, not "
      "pasted into the prompt."),
    S(4, "l.10-19",
      "agent-core ships seven base subagents: explore, research, planner, execute, validate, "
      "operate, general, each answering the question of the table."),
    S(5, "l.19; l.58-59",
      "`general` is the default when `agent` is omitted from a delegate call."),
    S(6, "l.10; l.22",
      "A base agent declares no allowlist and inherits the caller's full tool set; omitting "
      "`allowed-tools` inherits."),
    S(7, "l.23-25; l.45-46",
      "Narrowing belongs to the delegate call (`tools`, `blocked_tools`, `disabled_packages`; "
      "there `tools: []` is rejected), not the file."),
    S(8, "l.26-27; l.34-41",
      "A persona's `allowed-tools` is a ceiling the call can only narrow."),
    S(9, "l.28-33",
      "Blocking `fs_write` alone does not make an agent read-only: `execute` runs a shell that "
      "can write; block `execute` too."),
    S(10, "l.42-47", "On a persona file `allowed-tools: []` hands the child no tools at all."),
    S(11, "l.48-55", "A child's limits hold at call time; refused names get `Tool not available`.",
      False, RUNTIME),
    S(12, "l.57-63",
      "`delegate` spawns a child runtime that can only narrow the parent's packages and tools.",
      False, RUNTIME),
    S(13, "l.64-65",
      "Resolution is gated by feature requirements and disabled packages; an unknown or hidden "
      "name is an error listing the reachable agents.",
      False, "depends on the caller's features and packages, which no file states"),
    S(14, "l.66",
      "Per-file switch-offs reach synced agents; for a built-in the switch removes it from the "
      "catalog (delegation still reaches it)."),
    S(15, "l.67-69",
      "Markdown in a synced folder like `.claude/agents/` resolves the same way, with no "
      "install step."),
    S(16, "l.69-70; l.79",
      "A file is an agent only when its frontmatter declares an `id` or `name`; it is reachable "
      "by that name (the id addresses it)."),
    S(17, "l.70-71",
      "A name that would collide with a built-in is suffixed with its source."),
    S(18, "l.71-74",
      "Reference prose without such a declaration is a plain file, never listed or summonable."),
    S(19, "l.74-78",
      "An address the model was shown works; an address two sources claim resolves to neither.",
      False, "addresses (uri, host and container paths) belong to a running session"),
    S(20, "l.79-81", "A skill and an agent in one package may share a name; both load.",
      False, "skills are not agent files; the catalog does not read them"),
    S(21, "l.81-83",
      "Two files of one category sharing an id: the later one discovery walks replaces the "
      "earlier, with a warning naming both paths."),
    S(22, "l.83-85", "Across categories `delegate` answers with the agent.",
      False, "skills are not agent files; the catalog does not read them"),
    S(23, "l.86-88", "Delegate runs are persisted under the parent conversation.",
      False, RUNTIME),
    S(24, "l.89-97",
      "A subagent receives the packages overview, rules, runtime map and time, not the "
      "`<workspace>` block.", False, RUNTIME),
    S(25, "l.98", "Answer in the language of the brief you were given.",
      False, "an instruction to a running subagent, not a property of a file"),
    S(26, "l.99-103",
      "Parent identity files, `<session>` and history do not travel; the body replaces the base "
      "system prompt outright.", False, RUNTIME),
    S(27, "l.103-106",
      "A well-written body says only what is specific to the role.",
      False, "a judgement of prose, not a rule a checker can apply"),
    S(28, "l.107-109",
      "The frontmatter vocabulary is defined elsewhere (package-system contributions)."),
    S(29, "l.110-113", "Living identity files (SOUL.md, USER.md, HEARTBEAT.md) of team agents.",
      False, "identity files of provisioned agents, not agent definition files"),
]  # fmt: skip

DESCRIPTION = "description: Finds where something lives in the code base."


def core_file(place: Place, frontmatter: str, file: str = "finder.md", body: str = "Body.\n"):
    return agent(place.root / ".claude/agents", file, frontmatter, body)


def checked(place: Place, path, **options) -> dict:
    return check(place, path, harness="agent-core", **options)[str(path)]


def loads_clean(place: Place, frontmatter: str, file: str = "finder.md") -> dict:
    entry = checked(place, core_file(place, frontmatter, file))
    assert entry["dialect"] == "agent-core" and entry["harness"]["loads"], entry
    assert (worst(entry) or HINT) >= INFO, entry["diagnostics"]
    return entry


def s1_package_folder(place: Place) -> None:
    package = place.tmp / "pkg" / "agents"
    agent(package, "reviewer.md", f"id: reviewer\n{DESCRIPTION}")
    agent(package / "deeper", "nested.md", f"id: nested\n{DESCRIPTION}")
    result = catalog(place, "agent-core", settings=f'extraDirs = ["{package}"]\n')
    (entry,) = named(result, "reviewer")
    assert entry["loads"] and entry["dialect"] == "agent-core" and entry["source"] == "extra:0"
    assert not named(result, "nested")


def s2_header(place: Place) -> None:
    loads_clean(place, f"id: finder\ntitle: Finder\n{DESCRIPTION}\ncontext: fork")
    entry = loads_clean(place, "id: finder\ntitle: 3\ndescription: [a, b]\ncontext: inline", "b.md")
    assert entry["diagnostics"] == [], entry["diagnostics"]


def s3_body(place: Place) -> None:
    entry = checked(place, core_file(place, f"id: finder\n{DESCRIPTION}", body=""))
    (no_body,) = by_code(entry)["body-empty"]
    assert entry["harness"]["loads"] and no_body["severity"] == WARNING
    assert "replaces the base system prompt outright" in no_body["message"]


BASE_AGENTS = {
    "explore": "Where does something live, in how many places, or does it exist at all",
    "research": "What is actually true outside this workspace — an API, a version, a price, "
    "a convention",
    "planner": "What is the step sequence, and is it the right one",
    "execute": "Carry out agreed work end to end",
    "validate": "Is this plan, change or artifact sound",
    "operate": "Does the running system actually behave as claimed",
    "general": "Anything that fits no sharper role — the default when agent is omitted",
}


def s4_base_agents(place: Place) -> None:
    result = catalog(place, "agent-core")
    built = {e["name"]: e["description"] for e in result["entries"] if e["source"] == "builtin"}
    assert built == BASE_AGENTS
    for line in BASE_AGENTS.items():
        assert " | ".join(line) in DOCUMENT.read_text()


def s5_general_default(place: Place) -> None:
    (general,) = named(catalog(place, "agent-core"), "general")
    assert general["effective"] and "the default when agent is omitted" in general["description"]


def s7_call_parameters(place: Place) -> None:
    text = f"id: finder\n{DESCRIPTION}\ntools: []\nblocked_tools: [x]"
    entry = checked(place, core_file(place, text))
    found = by_code(entry)["field-unknown"]
    assert [d["severity"] for d in found] == [WARNING, WARNING]
    assert all("parameter of the `delegate` call" in d["message"] for d in found)
    assert "`allowed-tools`" in found[0]["message"] and entry["harness"]["loads"]


def s8_ceiling(place: Place) -> None:
    entry = loads_clean(place, f"id: finder\n{DESCRIPTION}\nallowed-tools: [fs_read, grep]")
    assert "tools" not in entry["harness"]
    shape = checked(place, core_file(place, f"id: b\n{DESCRIPTION}\nallowed-tools: grep", "b.md"))
    assert by_code(shape)["field-type"][0]["severity"] == WARNING and shape["harness"]["loads"]


def s9_execute_writes(place: Place) -> None:
    text = f"id: finder\n{DESCRIPTION}\nallowed-tools: [fs_read, execute]"
    entry = checked(place, core_file(place, text))
    (trap,) = by_code(entry)["tool-grants-more"]
    assert trap["severity"] == INFO and "`execute` runs a shell" in trap["message"]
    loads_clean(place, f"id: b\n{DESCRIPTION}\nallowed-tools: [fs_read, fs_write, execute]", "b.md")
    loads_clean(place, f"id: c\n{DESCRIPTION}\nallowed-tools: [fs_read]", "c.md")


def s10_empty_ceiling(place: Place) -> None:
    entry = loads_clean(place, f"id: thinker\n{DESCRIPTION}\nallowed-tools: []")
    assert entry["harness"]["tools"] == [] and "tools-empty" not in by_code(entry)


def s14_switch_offs(place: Place) -> None:
    agent(place.root / ".claude/agents", "mine.md", f"id: mine\n{DESCRIPTION}")
    result = catalog(place, "agent-core", settings='disabled = ["mine", "explore"]\n')
    assert named(result, "mine")[0]["disabled"] and named(result, "explore")[0]["disabled"]


def s15_synced_folder(place: Place) -> None:
    path = agent(place.root / ".claude/agents", "finder.md", f"id: finder\n{DESCRIPTION}")
    (entry,) = named(catalog(place, "agent-core"), "finder")
    assert entry["source"] == "synced-claude" and entry["dialect"] == "agent-core"
    report = check(place, place.root, harness="agent-core")[str(path)]
    assert report["dialect"] == "agent-core" and report["harness"]["name"] == "finder"
    assert "the agent-core source `project .claude/agents`" in report["dialectReason"]


def s16_declaration(place: Place) -> None:
    assert loads_clean(place, f"id: by-id\n{DESCRIPTION}")["harness"]["name"] == "by-id"
    named_file = loads_clean(place, f"name: By Name\n{DESCRIPTION}", "n.md")
    assert named_file["harness"]["name"] == "By Name"
    both = loads_clean(place, f"id: the-id\nname: the-name\n{DESCRIPTION}", "both.md")
    assert both["harness"]["name"] == "the-id"


COLLISION = "it is then reachable by that name (suffixed with its source when it would collide"


def s17_builtin_collision(place: Place) -> None:
    """l.70-71: "it is then reachable by that name (suffixed with its source when it would
    collide with a built-in)": `check` names the file as the catalog does."""
    assert COLLISION in " ".join(DOCUMENT.read_text().split())
    path = agent(place.root / ".claude/agents", "explore.md", f"id: explore\n{DESCRIPTION}")
    result = catalog(place, "agent-core")
    assert [e["source"] for e in named(result, "explore")] == ["builtin"]
    assert named(result, "explore")[0]["effective"]
    assert named(result, "explore@synced-claude")[0]["effective"]
    entry = checked(place, path)
    assert entry["harness"]["name"] == "explore@synced-claude", entry["harness"]
    assert [h["name"] for h in entry["harnesses"]] == ["explore@synced-claude"]
    other = checked(place, agent(place.root / ".claude/agents", "b.md", f"id: b\n{DESCRIPTION}"))
    assert other["harness"]["name"] == "b"


def s18_prose(place: Place) -> None:
    path = agent(place.root / ".claude/agents", "notes.md", "title: Notes on agents")
    plain = agent(place.root / ".claude/agents", "readme.md", "", "Just prose.\n")
    result = catalog(place, "agent-core")
    uris = (path.as_uri(), plain.as_uri())
    assert all(not e["loads"] for e in result["entries"] if e["uri"] in uris)
    report = check(place, place.root, harness="agent-core")
    for file in (path, plain):
        entry = report[str(file)]
        assert entry["harness"]["outcome"] == "ignored" and worst(entry) == HINT, entry


def s21_same_id(place: Place) -> None:
    folder = place.root / ".claude/agents"
    first = agent(folder, "a.md", f"id: same\n{DESCRIPTION}")
    later = agent(folder, "b.md", f"id: same\n{DESCRIPTION}")
    (winner,) = [e for e in named(catalog(place, "agent-core"), "same") if e["effective"]]
    assert winner["uri"] == later.as_uri()
    report = check(place, place.root, harness="agent-core")
    for path, other in ((first, later), (later, first)):
        (duplicate,) = by_code(report[str(path)])["duplicate-name"]
        said = f"project .claude/agents/{other.name}"  # the other file, by no absolute path
        assert duplicate["severity"] == WARNING and said in duplicate["message"]


def s28_vocabulary(place: Place) -> None:
    entry = checked(place, core_file(place, f"id: finder\n{DESCRIPTION}\ncolor: red"))
    (unknown,) = by_code(entry)["field-unknown"]
    assert unknown["severity"] == WARNING and "does not say" in unknown["message"]
    assert "ignored" not in unknown["message"] and entry["harness"]["loads"]


CHECKS = {
    1: s1_package_folder, 2: s2_header, 3: s3_body, 4: s4_base_agents, 5: s5_general_default,
    7: s7_call_parameters, 8: s8_ceiling, 9: s9_execute_writes, 10: s10_empty_ceiling,
    14: s14_switch_offs, 15: s15_synced_folder, 16: s16_declaration, 17: s17_builtin_collision,
    18: s18_prose, 21: s21_same_id, 28: s28_vocabulary,
}  # fmt: skip


async def open_agent(editor: Editor, fields: str) -> tuple[str, str]:
    await editor.settings("agent-core")
    text = f"---\nid: finder\n{DESCRIPTION}\n{fields}\n---\nBody.\n"
    uri = await editor.open(editor.root / ".claude/agents/finder.md", text)
    return uri, text


async def e2_header_hover(editor: Editor) -> None:
    """l.6-7: "a frontmatter header (id, title, description, context: fork)": completion offers
    the value the document shows, and no other value is called wrong (see s2_header)."""
    assert "(id, title, description, context: fork)" in DOCUMENT.read_text()
    uri, text = await open_agent(editor, "context: fork")
    shown = await editor.hover(uri, text, "fork")
    assert "`context: fork`" in shown and "forked" not in shown
    items = await editor.completion(uri, text.replace("fork", ""), "context: ")
    assert set(items) == {"fork"}, set(items)
    other = text.replace("context: fork", "con")
    uri = await editor.open(editor.root / ".claude/agents/other.md", other)
    field = await editor.completion(uri, other, "con")
    assert "The document shows:\n- `fork`" in documentation(field["context"])


async def e3_description_hover(editor: Editor) -> None:
    uri, text = await open_agent(editor, "title: Finder")
    shown = await editor.hover(uri, text, "description")
    assert "rather than pasted into the prompt" in shown and "delegate to it" not in shown


async def e6_inherit_hover(editor: Editor) -> None:
    uri, text = await open_agent(editor, "allowed-tools: [fs_read]")
    shown = await editor.hover(uri, text, "allowed-tools")
    assert "inherits the caller's full tool set" in shown and "ceiling" in shown


async def e8_ceiling_completion(editor: Editor) -> None:
    uri, text = await open_agent(editor, "allowed-tools: [fs_read, ")
    items = await editor.completion(uri, text, "allowed-tools: [fs_read, ")
    assert set(items) == {"fs_write", "execute", "delegate"}
    assert "Runs a shell" in documentation(items["execute"])
    assert documentation(items["fs_write"]) is None


async def e10_no_tools_hover(editor: Editor) -> None:
    uri, text = await open_agent(editor, "allowed-tools: []")
    shown = await editor.hover(uri, text, "[]")
    assert "agent-core gives this agent no tools at all" in shown


async def e17_collision_hover(editor: Editor) -> None:
    """l.70-71: reachable "by that name (suffixed with its source when it would collide with a
    built-in)": the hover names the file as the catalog does."""
    await editor.settings("agent-core")
    text = f"---\nid: explore\n{DESCRIPTION}\n---\nBody.\n"
    uri = await editor.open(editor.root / ".claude/agents/explore.md", text)
    shown = await editor.hover(uri, text, "explore")
    assert "agent-core loads it as `explore@synced-claude`." in shown, shown
    fence = await editor.hover(uri, text, "---")
    assert "| agent-core | as agent-core | loads it as `explore@synced-claude` |" in fence, fence


EDITOR_CHECKS = {
    2: e2_header_hover, 3: e3_description_hover, 6: e6_inherit_hover,
    8: e8_ceiling_completion, 10: e10_no_tools_hover, 17: e17_collision_hover,
}  # fmt: skip


def test_the_table_is_complete():
    assert_table(STATEMENTS, CHECKS, EDITOR_CHECKS)


@pytest.mark.parametrize("number", sorted(CHECKS))
def test_statement(number, tmp_path):
    CHECKS[number](Place(tmp_path))


@pytest.mark.parametrize("number", sorted(EDITOR_CHECKS))
async def test_statement_in_the_editor(number, editor):
    await EDITOR_CHECKS[number](editor)


def test_silent_a_broken_frontmatter_declares_nothing(tmp_path):
    """The document does not say what agent-core does with a frontmatter it cannot read: it
    declares no `id` or `name`, so the file is read as a plain file (and the YAML error is an
    error, since the author meant an agent)."""
    place = Place(tmp_path)
    entry = checked(place, core_file(place, "id: finder\ndescription: [unclosed"))
    assert entry["harness"]["outcome"] == "ignored" and worst(entry) == ERROR
    assert "plain file" in entry["harness"]["reason"]


def test_silent_no_name_rules_or_limits(tmp_path):
    """No name charset, length or description limit is given, so none is checked."""
    place = Place(tmp_path)
    entry = loads_clean(place, f"name: My Finder_{'x' * 80}\ndescription: {'y' * 1500}")
    assert entry["diagnostics"] == []


def test_silent_no_synced_agents_folder(tmp_path):
    """The document names `.claude/agents/` as a synced folder and no other: `.agents/agents`
    is not a source (other folders go in `extraDirs`)."""
    place = Place(tmp_path)
    agent(place.root / ".agents/agents", "other.md", f"id: other\n{DESCRIPTION}")
    result = catalog(place, "agent-core")
    assert not named(result, "other")
    assert [s["id"] for s in result["sources"]] == ["builtin", "synced-claude"]


def test_silent_no_body_length_limit(tmp_path):
    """The document sets no length for the body (500 lines is the base format's sentence)."""
    place = Place(tmp_path)
    body = "".join(f"Step {n}.\n" for n in range(900))
    entry = checked(place, core_file(place, f"id: finder\n{DESCRIPTION}", body=body))
    assert entry["harness"]["loads"] and entry["diagnostics"] == []


def test_prose_that_opens_with_a_rule_is_a_plain_file(tmp_path):
    """l.69-74: a file is an agent only when its frontmatter declares an id or name; prose
    beside a definition is indexed as a plain file. A `---` rule that closes nothing opens no
    frontmatter: the file is prose, not a broken definition."""
    place = Place(tmp_path)
    path = place.root / ".claude/agents/notes.md"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("---\n\nNotes on how the reviewers work together.\n\nMore notes.\n")
    entry = checked(place, path)
    verdict = {h["id"]: h for h in entry["harnesses"]}["agent-core"]
    assert verdict["outcome"] == "ignored" and "prose" in verdict["reason"], verdict
    mine = [d for d in entry["diagnostics"] if d["message"].startswith("agent-core")]
    assert all(d["severity"] >= INFO for d in mine), mine
