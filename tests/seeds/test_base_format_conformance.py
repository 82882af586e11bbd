"""Conformance of the base dialect (``harness-subagents``) and its catalog profile with the
format's own document, ``harness-subagents-spec.txt``: every normative statement, numbered with
where it stands, and a test of what the product does with it (through ``check``/``catalog`` or
the language server). Statements no tool can check are listed with the reason. Where the
document sets no rule, nothing is worse than a note: its own examples check clean."""

from __future__ import annotations

import re

import pytest
from cli_helpers import run_cli
from lsprotocol import types
from statement_helpers import (
    ERROR,
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

from subagent_ls.harnesses.registry import DIALECTS

__all__ = ["editor", "lsp_session"]  # the language-server fixtures

DOCUMENT = SEEDS / "harness-subagents-spec.txt"
HARNESS = "harness behaviour at run time; nothing in a subagent file decides it"
AUTHORING = "advice on what to write; no rule can judge prose against it"

S = Statement
STATEMENTS = [
    S(1, "§File format, l.9",
      "A subagent is one Markdown file: YAML frontmatter, then a Markdown body."),
    S(2, "§File format, l.15", "The file name without `.md` identifies the subagent."),
    S(3, "§File format, l.15",
      "Harnesses discover the user level `~/.agents/agents/`, then the project level "
      "`.agents/agents/`."),
    S(4, "§File format, l.15", "Harness-specific folders such as `.claude/agents/` are scanned "
      "in addition."),
    S(5, "§File format, l.17",
      "A subagent file is self-contained: it bundles no scripts, references or other files.",
      False, "nothing in the file format marks a bundled file; a body may name any path"),
    S(6, "§Frontmatter, l.24; §name, l.59", "`name` is required and 1-64 characters."),
    S(7, "§name, l.60; l.75",
      "`name` holds only lowercase letters, digits and hyphens (`Repo-Explorer` is invalid)."),
    S(8, "§name, l.61; l.77", "`name` does not start or end with a hyphen."),
    S(9, "§name, l.62; l.79", "`name` holds no consecutive hyphens."),
    S(10, "§name, l.63", "`name` matches the file name without `.md`."),
    S(11, "§name, l.65-71", "`repo-explorer`, `test-runner`, `code-reviewer` are valid names."),
    S(12, "§Frontmatter, l.25; §description, l.87",
      "`description` is required, non-empty and at most 1024 characters."),
    S(13, "§description, l.88-99",
      "A description says what the subagent does and when to delegate: the poor example "
      "(`Helps with tests.`) gets a note, the good one none."),
    S(14, "§description, l.91",
      "The description is the only part of the file a parent reads before delegating."),
    S(15, "§Frontmatter, l.26; §complexity, l.107",
      "`complexity` is one of mundane, routine, interpreting, judgment, critical."),
    S(16, "§complexity, l.109; l.124",
      "`complexity` may be omitted: the harness then judges from the whole file."),
    S(17, "§complexity, l.111-118",
      "The five tiers, from least to most demanding, each with what it suits."),
    S(18, "§complexity, l.120-126",
      "Tiers name the work, not a model size or effort setting; a harness maps each to a "
      "model and effort of its own, the description adjusts within the tier, and a harness "
      "may override it (hover on each tier, and `schema`, say so)."),
    S(19, "§Frontmatter, l.27; §tools, l.140; l.150-157",
      "`tools` is a list of tool names or a boolean (`true` all, `false` none)."),
    S(20, "§tools, l.141", "Without `tools` the subagent inherits the parent's tools."),
    S(21, "§tools, l.142", "`tools: []` means the same as `false`: no tools."),
    S(22, "§tools, l.143", "Tool names are harness-specific: no name is unknown to the format."),
    S(23, "§tools, l.144", "`tools` is experimental."),
    S(24, "§tools, l.146",
      "The harness enforces tool access; the body is not a permission boundary.",
      False, HARNESS),
    S(25, "§Frontmatter, l.28; §metadata, l.165",
      "`metadata` is a map from string keys to string values."),
    S(26, "§metadata, l.166-167",
      "Harnesses store their own properties in `metadata`; key names should be reasonably "
      "unique.", False, "no rule can tell whether a key name is unique enough"),
    S(27, "§Body, l.179", "The body has no format restrictions."),
    S(28, "§Body, l.181", "The body is the subagent's system prompt."),
    S(29, "§Body, l.183-188", "Recommended sections of the body.", False, AUTHORING),
    S(30, "§Body, l.190", "Under 500 lines is a sensible ceiling for the body."),
    S(31, "§Discovery, l.196",
      "Subagents come from layered sources, attributed by source."),
    S(32, "§Discovery, l.198", "Of two subagents of one name, the project's wins over the user's."),
    S(33, "§Discovery, l.198",
      "User and project subagents override the harness's own.",
      False, "the format's own harness provides no subagents; each harness's profile says "
      "how its built-ins rank"),
    S(34, "§Discovery, l.200",
      "The catalog is kept current source by source: a source's change leaves the others' "
      "entries as they are."),
    S(35, "§Discovery, l.202",
      "Any subagent can be disabled; which subagents are overridden, and by what, is shown."),
    S(36, "§Discovery, l.204",
      "A harness may sync `.agents/agents/` automatically, or tell the user a sync is due.",
      False, HARNESS),
    S(37, "§Lifecycle, l.210-218",
      "Discovery, delegation, execution in an isolated context, return.", False, HARNESS),
    S(38, "§Communication constraints, l.224-229",
      "No human in the loop, no blocking questions, the parent is the only audience, no "
      "depth guarantee.", False, AUTHORING),
    S(39, "§The deliverable, l.235-258",
      "The recommended report shape is a recommendation, not a requirement."),
    S(40, "§Subagents, skills, and tools, l.264-271",
      "When to use a skill, a subagent or a tool.", False, AUTHORING),
    S(41, "§What the format does not define, l.277",
      "File locations beyond the `.agents/agents/` cascade are each harness's.",
      False, "each harness's folders are its own dialect's, tested with it"),
    S(42, "§What the format does not define, l.279",
      "There is no model field; routing configuration goes in `metadata`."),
    S(43, "§What the format does not define, l.280-282",
      "Nesting, parallelism, references and agent-to-agent protocols are not the format's.",
      False, HARNESS),
    S(44, "§complexity, l.128",
      "When the model a harness selects is unavailable, it asks the user; the default is the "
      "parent's model.", False, HARNESS),
]  # fmt: skip

DESCRIPTION = "description: Maps how a codebase implements a feature. Use before planning changes."


def base_file(place: Place, name: str, frontmatter: str, body: str = "Body.\n"):
    return agent(place.root / ".agents/agents", f"{name}.md", frontmatter, body)


def checked(place: Place, path, **options) -> dict:
    return check(place, path, **options)[str(path)]


def loads_clean(place: Place, name: str, frontmatter: str, body: str = "Body.\n") -> dict:
    """The file loads in the base dialect and has nothing worse than a note."""
    entry = checked(place, base_file(place, name, frontmatter, body))
    assert entry["dialect"] == "harness-subagents" and entry["harness"]["loads"], entry
    assert worst(entry) is None or worst(entry) >= INFO, entry["diagnostics"]
    return entry


def rejected(place: Place, name: str, frontmatter: str, code: str) -> dict:
    """The file is refused for the finding ``code``, an error."""
    entry = checked(place, base_file(place, name, frontmatter))
    assert not entry["harness"]["loads"], entry
    assert by_code(entry)[code][0]["severity"] == ERROR, entry["diagnostics"]
    return entry


def examples(heading: str) -> list[str]:
    """The frontmatter blocks of the document's examples after ``heading`` (``---`` fenced)."""
    text = DOCUMENT.read_text().split(heading, 1)[1]
    return re.findall(r"^---\n(.*?)\n---$", text, re.S | re.M)


def s1_file_format(place: Place) -> None:
    loads_clean(place, "repo-explorer", f"name: repo-explorer\n{DESCRIPTION}")
    plain = checked(place, base_file(place, "plain", "", "Just prose.\n"))
    assert not plain["harness"]["loads"]
    assert by_code(plain)["frontmatter-missing"][0]["severity"] == ERROR


def s2_file_name_identifies(place: Place) -> None:
    base_file(place, "test-runner", f"name: test-runner\n{DESCRIPTION}")
    (entry,) = named(catalog(place, "harness-subagents"), "test-runner")
    assert entry["uri"].endswith("/.agents/agents/test-runner.md") and entry["loads"]


def s3_levels(place: Place) -> None:
    agent(place.home / ".agents/agents", "mine.md", f"name: mine\n{DESCRIPTION}")
    base_file(place, "ours", f"name: ours\n{DESCRIPTION}")
    result = catalog(place, "harness-subagents")
    levels = {s["id"]: (s["level"], s["path"]) for s in result["sources"]}
    assert levels["user"] == ("user", str(place.home / ".agents/agents"))
    assert levels["project"] == ("project", str(place.root / ".agents/agents"))
    ids = [s["id"] for s in result["sources"]]
    assert ids.index("user") < ids.index("project")  # user level first, as the text lists them
    assert named(result, "mine")[0]["source"] == "user"
    assert named(result, "ours")[0]["source"] == "project"


def s4_harness_folders(place: Place) -> None:
    agent(place.root / ".claude/agents", "helper.md", f"name: helper\n{DESCRIPTION}")
    result = catalog(place, "harness-subagents")
    (entry,) = named(result, "helper")
    assert entry["source"] == "project-claude" and entry["dialect"] == "claude-code"


def s6_name_length(place: Place) -> None:
    name = "a" * 64
    loads_clean(place, name, f"name: {name}\n{DESCRIPTION}")
    (long,) = by_code(rejected(place, "a" * 65, f"name: {'a' * 65}\n{DESCRIPTION}", "name-length"))[
        "name-length"
    ]
    assert "the limit is 64" in long["message"]
    missing = rejected(place, "anonymous", DESCRIPTION, "field-required")
    assert "`name`" in by_code(missing)["field-required"][0]["message"]


def s7_charset(place: Place) -> None:
    entry = rejected(place, "Repo-Explorer", f"name: Repo-Explorer\n{DESCRIPTION}", "name-charset")
    assert "lowercase letters, digits and hyphens" in by_code(entry)["name-charset"][0]["message"]
    rejected(place, "repo_explorer", f"name: repo_explorer\n{DESCRIPTION}", "name-charset")


def s8_edge_hyphens(place: Place) -> None:
    rejected(place, "-explorer", f"name: -explorer\n{DESCRIPTION}", "name-hyphen")
    rejected(place, "explorer-", f"name: explorer-\n{DESCRIPTION}", "name-hyphen")


def s9_consecutive_hyphens(place: Place) -> None:
    rejected(place, "repo--explorer", f"name: repo--explorer\n{DESCRIPTION}", "name-hyphen")


def s10_matches_file_name(place: Place) -> None:
    entry = rejected(place, "explorer", f"name: repo-explorer\n{DESCRIPTION}", "name-mismatch")
    assert "`explorer.md`" in by_code(entry)["name-mismatch"][0]["message"]


def s10_fixes_write_valid_names(place: Place) -> None:
    """`check --fix --unsafe-fixes` writes no name the rules refuse: the names the document
    calls invalid become the file name, and a renamed key that would write one is left."""
    s10_matches_file_name(place)
    files = {
        base_file(place, stem, f"{key}: {name}\n{DESCRIPTION}"): (key, stem)
        for key, name, stem in (
            ("name", "Repo-Explorer", "repo-explorer"),
            ("name", "-explorer", "explorer"),
            ("name", "repo--explorer", "repo-explorer-2"),
            ("nmae", "Repo-Explorer", "nmae"),
        )
    }
    place.root.mkdir(parents=True, exist_ok=True)
    run = run_cli("check", "--fix", "--unsafe-fixes", "--format", "json", cwd=place.root)
    reports = {entry["path"]: entry for entry in run.json["files"]}
    for path, (key, stem) in files.items():
        written = path.read_text().split("\n")[1]
        if key == "nmae":  # `name: Repo-Explorer` would break `Lowercase letters ... only`
            assert written == "nmae: Repo-Explorer"
            (left,) = reports[str(path.relative_to(place.root))]["notFixed"]
            assert "which the name rules refuse" in left["reason"]
        elif stem == "repo-explorer-2":  # the file name `repo-explorer-2`
            assert written == "name: repo-explorer-2"
        else:
            assert written == f"name: {stem}"


def s11_valid_names(place: Place) -> None:
    valid = DOCUMENT.read_text().split("Valid examples:")[1]
    names = re.findall(r"^name: ([a-z-]+)$", valid, re.M)
    assert names[:3] == ["repo-explorer", "test-runner", "code-reviewer"]
    for name in names[:3]:
        assert loads_clean(place, name, f"name: {name}\n{DESCRIPTION}")["diagnostics"] == []


def s12_description_bounds(place: Place) -> None:
    loads_clean(place, "exact", "name: exact\ndescription: " + "Use when reviewing. " * 51 + "abcd")
    long = rejected(place, "long", "name: long\ndescription: " + "x" * 1025, "description-length")
    assert "the limit is 1024" in by_code(long)["description-length"][0]["message"]
    rejected(place, "empty", "name: empty\ndescription: ''", "description-length")
    rejected(place, "none", "name: none", "field-required")


def s13_poor_and_good(place: Place) -> None:
    text = DOCUMENT.read_text()
    good = text.split("Good example:\n\n", 1)[1].split("\n", 1)[0]
    poor = text.split("Poor example:\n\n", 1)[1].split("\n", 1)[0]
    assert loads_clean(place, "tester", f"name: tester\n{good}")["diagnostics"] == []
    entry = loads_clean(place, "helper", f"name: helper\n{poor}")
    (vague,) = by_code(entry)["description-vague"]
    assert vague["severity"] == INFO and "when to delegate" in vague["message"]


def s15_complexity_values(place: Place) -> None:
    for tier in ("mundane", "routine", "interpreting", "judgment", "critical"):
        loads_clean(place, tier, f"name: {tier}\n{DESCRIPTION}\ncomplexity: {tier}")
    entry = rejected(
        place, "hard", f"name: hard\n{DESCRIPTION}\ncomplexity: hard", "complexity-unknown"
    )
    assert "`mundane`" in by_code(entry)["complexity-unknown"][0]["message"]


def s16_complexity_omitted(place: Place) -> None:
    assert loads_clean(place, "plain", f"name: plain\n{DESCRIPTION}")["diagnostics"] == []


TIERS = ("mundane", "routine", "interpreting", "judgment", "critical")
TIER_SENTENCES = {
    "The names describe the work, not a model size or an effort setting.":
        "the tier is not a model size or an effort setting",
    "A harness maps each tier to the models and reasoning effort it has":
        "it maps the tier to the models and reasoning effort it has",
    "The description adjusts within it":
        "The description adjusts within the tier",
    "Complexity is a suggestion, not a requirement. Harnesses may override it per task":
        "The tier is a suggestion, not a requirement: a harness may override it per task",
}  # fmt: skip
"""Each sentence of §complexity on what a harness does with a tier, and how the product says
it."""


def s18_what_a_harness_does_with_a_tier(place: Place) -> None:
    text = " ".join(DOCUMENT.read_text().split())
    assert all(sentence in text for sentence in TIER_SENTENCES)
    run = run_cli("schema", "--dialect", "harness-subagents", cwd=place.tmp)
    described = run.json["properties"]["complexity"]["description"]
    for tier in TIERS:
        line = next(line for line in described.split("\n- ") if line.startswith(f"`{tier}`"))
        assert all(said in line for said in TIER_SENTENCES.values()), (tier, line)


def s19_tools_forms(place: Place) -> None:
    for name, tools in (("list", "[Read, Grep, Glob]"), ("all", "true"), ("none", "false")):
        entry = loads_clean(place, name, f"name: {name}\n{DESCRIPTION}\ntools: {tools}")
        assert entry["diagnostics"] == [], tools
    entry = checked(place, base_file(place, "num", f"name: num\n{DESCRIPTION}\ntools: 3"))
    assert worst(entry) <= WARNING and "tools" in entry["diagnostics"][0]["message"]


def s21_empty_list(place: Place) -> None:
    entry = loads_clean(place, "empty", f"name: empty\n{DESCRIPTION}\ntools: []")
    (note,) = entry["diagnostics"]  # the format itself defines `[]` as `false`: only a note
    assert note["code"] == "tools-empty" and note["severity"] == INFO


def s22_any_tool_name(place: Place) -> None:
    tools = "[Read, read_file, mcp__github__create_issue, shell(git:*), Anything]"
    entry = loads_clean(place, "tools", f"name: tools\n{DESCRIPTION}\ntools: {tools}")
    assert entry["diagnostics"] == []


def s25_metadata(place: Place) -> None:
    meta = "metadata:\n  author: example-org\n  version: '1.0'"
    assert loads_clean(place, "meta", f"name: meta\n{DESCRIPTION}\n{meta}")["diagnostics"] == []
    entry = checked(
        place, base_file(place, "num", f"name: num\n{DESCRIPTION}\nmetadata:\n  v: 1.0")
    )
    assert entry["harness"]["loads"]
    (value,) = by_code(entry)["metadata-value"]
    assert value["severity"] == WARNING and "not a string" in value["message"]
    rejected(place, "list", f"name: list\n{DESCRIPTION}\nmetadata: [a]", "field-type")


def s27_no_body_restrictions(place: Place) -> None:
    body = "# Role\n\n<details>x</details>\n\n```sh\nrm -rf build\n```\n\n| a | b |\n|---|---|\n"
    assert loads_clean(place, "body", f"name: body\n{DESCRIPTION}", body)["diagnostics"] == []


def s28_body_is_the_prompt(place: Place) -> None:
    (minimal, optional) = examples("Minimal example:")[:2]
    for frontmatter in (minimal, optional):
        name = re.search(r"^name: (\S+)$", frontmatter, re.M)[1]
        entry = loads_clean(place, name, frontmatter, body="")
        (empty,) = by_code(entry)["body-empty"]  # the document's examples are frontmatter only
        assert empty["severity"] == INFO and "system prompt" in empty["message"]
        assert len(entry["diagnostics"]) == 1, entry["diagnostics"]


def s30_body_ceiling(place: Place) -> None:
    body = "".join(f"Step {n}.\n" for n in range(500))
    assert loads_clean(place, "ok", f"name: ok\n{DESCRIPTION}", body)["diagnostics"] == []
    entry = checked(
        place, base_file(place, "big", f"name: big\n{DESCRIPTION}", body + "One more.\n")
    )
    (length,) = by_code(entry)["body-length"]
    assert length["severity"] == WARNING and "501 lines" in length["message"]
    assert entry["harness"]["loads"]


def s31_layered_sources(place: Place) -> None:
    agent(place.home / ".agents/agents", "helper.md", f"name: helper\n{DESCRIPTION}")
    base_file(place, "helper", f"name: helper\n{DESCRIPTION}")
    entries = named(catalog(place, "harness-subagents"), "helper")
    assert sorted(e["source"] for e in entries) == ["project", "user"]


def s32_project_wins(place: Place) -> None:
    user = agent(place.home / ".agents/agents", "helper.md", f"name: helper\n{DESCRIPTION}")
    project = base_file(place, "helper", f"name: helper\n{DESCRIPTION}")
    entries = {e["source"]: e for e in named(catalog(place, "harness-subagents"), "helper")}
    assert entries["project"]["effective"] and not entries["user"]["effective"]
    assert entries["user"]["shadowedBy"] == {"source": "project", "uri": project.as_uri()}
    assert entries["project"]["shadows"] == [{"source": "user", "uri": user.as_uri()}]


def s34_sync_by_source(place: Place) -> None:
    agent(place.home / ".agents/agents", "c.md", f"name: c\n{DESCRIPTION}")
    for name in ("a", "b"):
        base_file(place, name, f"name: {name}\n{DESCRIPTION}")
    before = catalog(place, "harness-subagents")
    assert sorted(e["name"] for e in before["entries"]) == ["a", "b", "c"]
    (place.root / ".agents/agents/b.md").unlink()
    base_file(place, "d", f"name: d\n{DESCRIPTION}")
    after = catalog(place, "harness-subagents")
    assert sorted(e["name"] for e in after["entries"]) == ["a", "c", "d"]
    assert named(after, "c") == named(before, "c")  # the user source's entry is untouched


def s35_disable_and_show(place: Place) -> None:
    agent(place.home / ".agents/agents", "helper.md", f"name: helper\n{DESCRIPTION}")
    base_file(place, "helper", f"name: helper\n{DESCRIPTION}")
    base_file(place, "other", f"name: other\n{DESCRIPTION}")
    result = catalog(place, "harness-subagents", settings='disabled = ["other"]\n')
    assert named(result, "other")[0]["disabled"]
    assert not any(e["disabled"] for e in named(result, "helper"))
    (shadowed,) = [e for e in named(result, "helper") if not e["effective"]]
    assert shadowed["shadowedBy"]["source"] == "project"


def s39_deliverable_optional(place: Place) -> None:
    body = "Explore the code and answer.\n"
    assert loads_clean(place, "free", f"name: free\n{DESCRIPTION}", body)["diagnostics"] == []


def s42_no_model_field(place: Place) -> None:
    entry = loads_clean(place, "routed", f"name: routed\n{DESCRIPTION}\nmetadata:\n  model: fast")
    assert entry["diagnostics"] == []
    entry = checked(place, base_file(place, "model", f"name: model\n{DESCRIPTION}\nmodel: opus"))
    (unknown,) = by_code(entry)["field-unknown"]
    assert "no model field" in unknown["message"] and "`metadata`" in unknown["message"]
    # a note: zut, which reads `.agents/agents` too, has a `model` field
    assert unknown["severity"] == INFO and entry["harness"]["loads"]


CHECKS = {
    1: s1_file_format, 2: s2_file_name_identifies, 3: s3_levels, 4: s4_harness_folders,
    6: s6_name_length, 7: s7_charset, 8: s8_edge_hyphens, 9: s9_consecutive_hyphens,
    10: s10_fixes_write_valid_names, 11: s11_valid_names, 12: s12_description_bounds,
    13: s13_poor_and_good, 15: s15_complexity_values, 16: s16_complexity_omitted,
    18: s18_what_a_harness_does_with_a_tier,
    19: s19_tools_forms, 21: s21_empty_list, 22: s22_any_tool_name, 25: s25_metadata,
    27: s27_no_body_restrictions, 28: s28_body_is_the_prompt, 30: s30_body_ceiling,
    31: s31_layered_sources, 32: s32_project_wins, 34: s34_sync_by_source,
    35: s35_disable_and_show, 39: s39_deliverable_optional, 42: s42_no_model_field,
}  # fmt: skip


async def open_base(editor: Editor, field: str) -> tuple[str, str]:
    text = f"---\nname: reviewer\n{DESCRIPTION}\n{field}\n---\nBody.\n"
    uri = await editor.open(editor.root / ".agents/agents/reviewer.md", text)
    return uri, text


async def quick_fixes(editor: Editor, stem: str, name: str) -> dict[str, str | None]:
    """Every quick fix offered on the diagnostics of ``name`` in ``<stem>.md``: its title, and
    the file name it renames the file to (None for an edit of the text)."""
    text = f"---\nname: {name}\n{DESCRIPTION}\n---\nBody.\n"
    uri = await editor.open(editor.root / f".agents/agents/{stem}.md", text)
    diagnostics = list(editor.client.diagnostics[uri])
    whole = types.Range(types.Position(0, 0), types.Position(5, 0))
    actions = await editor.client.text_document_code_action_async(
        types.CodeActionParams(
            types.TextDocumentIdentifier(uri), whole, types.CodeActionContext(diagnostics)
        )
    )
    offered: dict[str, str | None] = {}
    for action in actions or []:
        if action.kind != types.CodeActionKind.QuickFix or action.disabled:
            continue
        changes = action.edit.document_changes or [] if action.edit else []
        renamed = [c.new_uri for c in changes if isinstance(c, types.RenameFile)]
        offered[action.title] = renamed[0].rsplit("/", 1)[1] if renamed else None
    return offered


async def e10_quick_fixes_write_valid_names(editor: Editor) -> None:
    """ "Must match the file name without the .md extension", and the names the document calls
    invalid (`Repo-Explorer  # uppercase not allowed`, `-explorer  # cannot start with
    hyphen`, `repo--explorer`): no quick fix renames the file to one, or writes one; the file
    name is offered as the name where it is valid."""
    invalid = DOCUMENT.read_text().split("Invalid examples:")[1].split("description field")[0]
    names = re.findall(r"^name: (\S+)  #", invalid, re.M)
    assert names == ["Repo-Explorer", "-explorer", "repo--explorer"]
    for name, stem in zip(names, ["repo-explorer", "explorer", "repo-explorer"], strict=True):
        offered = await quick_fixes(editor, stem, name)
        assert f"Set the name to the file name `{stem}`" in offered, offered
        assert f"Rename the file to `{name}.md`" not in offered, offered
        assert all(target is None for target in offered.values()), offered
        written = [title.split("`")[1] for title in offered]
        assert all(re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", w) for w in written), offered
    offered = await quick_fixes(editor, "helper", "reviewer")  # a valid name: both ways
    assert offered == {
        "Set the name to the file name `helper`": None,
        "Rename the file to `reviewer.md`": "reviewer.md",
    }


async def e14_description_hover(editor: Editor) -> None:
    uri, text = await open_base(editor, "complexity: routine")
    assert "only part of the file a parent reads" in await editor.hover(uri, text, "description")


async def e17_tier_completion(editor: Editor) -> None:
    uri, text = await open_base(editor, "complexity: ")
    items = await editor.completion(uri, text, "complexity: ")
    assert list(items) == ["mundane", "routine", "interpreting", "judgment", "critical"]
    assert "A prescribed procedure" in documentation(items["routine"])


async def e18_tier_hover(editor: Editor) -> None:
    """Every dialect with tiers (a `complexity` field): the hover on each tier says what a
    harness does with it, as its document does."""
    with_tiers = [d for d in DIALECTS.values() if "complexity" in d.fields]
    assert [d.id for d in with_tiers] == ["harness-subagents"]  # no seed harness has tiers
    for tier in TIERS:
        uri, text = await open_base(editor, f"complexity: {tier}")
        shown = await editor.hover(uri, text, f" {tier}")
        assert f"**`complexity: {tier}`**" in shown and "Suited for:" in shown
        assert all(said in shown for said in TIER_SENTENCES.values()), (tier, shown)


async def e20_tools_default_hover(editor: Editor) -> None:
    uri, text = await open_base(editor, "tools: [Read]")
    assert "inherits the parent's tools" in await editor.hover(uri, text, "tools")


async def e23_experimental_hover(editor: Editor) -> None:
    uri, text = await open_base(editor, "tools: true")
    assert "Experimental" in await editor.hover(uri, text, "tools")


EDITOR_CHECKS = {
    10: e10_quick_fixes_write_valid_names, 14: e14_description_hover,
    17: e17_tier_completion, 18: e18_tier_hover,
    20: e20_tools_default_hover, 23: e23_experimental_hover,
}  # fmt: skip


def test_the_table_is_complete():
    assert_table(STATEMENTS, CHECKS, EDITOR_CHECKS)
    text = DOCUMENT.read_text()
    assert (
        "There is no model field" in text and "An empty array ([]) means the same as false" in text
    )


@pytest.mark.parametrize("number", sorted(CHECKS))
def test_statement(number, tmp_path):
    CHECKS[number](Place(tmp_path))


@pytest.mark.parametrize("number", sorted(EDITOR_CHECKS))
async def test_statement_in_the_editor(number, editor):
    await EDITOR_CHECKS[number](editor)


def test_silent_two_of_one_name_in_one_folder(tmp_path):
    """The document gives no order within a source: two files cannot share a name there anyway
    (the name is the file name), so a second `name` only mismatches its own file."""
    place = Place(tmp_path)
    base_file(place, "helper", f"name: helper\n{DESCRIPTION}")
    rejected(place, "copy", f"name: helper\n{DESCRIPTION}", "name-mismatch")
