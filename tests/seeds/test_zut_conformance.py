"""Conformance of the zut dialect and the `zut` catalog profile with their document,
``zut-named-subagent-profiles.txt``: every normative statement, numbered with where it stands,
and a test of what the product does with it (through ``check``/``catalog`` or the language
server). Statements no tool can check are listed with the reason."""

from __future__ import annotations

import os

import pytest
from cli_helpers import run_cli
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

DOCUMENT = SEEDS / "zut-named-subagent-profiles.txt"
RUNTIME = "runtime behaviour of zut; no field of a profile decides it"

S = Statement
STATEMENTS = [
    S(1, "§File format, l.3, l.22-36",
      "A profile is a Markdown file with a frontmatter block; the body instructs the child."),
    S(2, "§Discovery, l.7-11", "The default directory is `~/.agents/agents/*.md`."),
    S(3, "§Discovery, l.15",
      "Directories listed in `ZUT_AGENT_PROFILES` (platform path-list separator) are read."),
    S(4, "§Discovery, l.16", "`~/.pi/agent/agents/*.md` is read as a compatibility fallback."),
    S(5, "§Discovery, l.18",
      "Profiles are read-only inputs; zut does not execute files from these directories.",
      False, "nothing in a file changes it; zut never runs a profile"),
    S(6, "§Discovery, l.18", "Project-local profile directories are not scanned automatically."),
    S(7, "§Discovery, l.18",
      "A project opts into a profile directory through `ZUT_AGENT_PROFILES`."),
    S(8, "§File format, l.22-36", "The example profile is a valid profile."),
    S(9, "§Supported metadata, l.42",
      "`name` is passed to `subagent_spawn`'s `agent` field (no charset or length is given)."),
    S(10, "§Supported metadata, l.42", "`name` falls back to the file name."),
    S(11, "§Supported metadata, l.43",
      "`description` is shown to the main agent (no limit, no requirement is given)."),
    S(12, "§Supported metadata, l.44", "`tools` is comma-separated or list-form tool names."),
    S(13, "§Supported metadata, l.44",
      "A `tools` string is split at commas: space-separated names stay one unknown name."),
    S(14, "§Supported metadata, l.44",
      "zut enforces its `read`, `write`, `edit`, `bash`, `lsp` registry; unknown names do "
      "not grant capabilities."),
    S(15, "§Supported metadata, l.44",
      "The conditional `skill` tool is available when skills are enabled."),
    S(16, "§Supported metadata, l.50",
      "`inheritSkills: false` omits skill discovery and the conditional `skill` loader, so a "
      "listed `skill` is never available."),
    S(17, "§Supported metadata, l.45",
      "`model` is an optional model ID; a qualified value selects provider and model."),
    S(18, "§Supported metadata, l.46",
      "`provider` is for a model without a provider prefix (no effect beside a qualified one)."),
    S(19, "§Supported metadata, l.47",
      "`thinking` / `reasoning` is `off`, `minimum`, `low`, `medium`, `high`, `xhigh` or `max`."),
    S(20, "§Selecting a profile, l.78",
      "`thinking` is an alias for `reasoning`; a named spawn without a level of its own uses "
      "the profile's `thinking`."),
    S(21, "§Supported metadata, l.48", "`systemPromptMode` is `append` (default) or `replace`."),
    S(22, "§Selecting a profile, l.87",
      "`systemPromptMode` places the body relative to the built-in identity; global append "
      "addenda remain present."),
    S(23, "§Supported metadata, l.49",
      "`inheritProjectContext: false` omits `AGENTS.md` context from the child."),
    S(24, "§Supported metadata, l.51; l.87",
      "`fastMode`: omitted inherits the host setting, `false` disables it, `true` only permits "
      "it (so `true` does nothing)."),
    S(25, "§Supported metadata, l.53",
      "Other frontmatter from another agent host is ignored when zut has no equivalent."),
    S(26, "§Supported metadata, l.53",
      "Recursive child spawning is disabled in v1: a worker cannot invoke `subagent_spawn`."),
    S(27, "§Selecting a profile, l.57-66",
      "The main agent sees only profile metadata; body, model, thinking level, mode, context "
      "inheritance and tools are applied to the child.", False, RUNTIME),
    S(28, "§Selecting a profile, l.68-85",
      "A spawn (or `/subagents new`) may override the reasoning level.",
      False, "an argument of a spawn, not of a profile file"),
    S(29, "§Selecting a profile, l.87",
      "`isolation:\"worktree\"` is passed to `subagent_spawn`, not written in a profile."),
    S(30, "§Selecting a profile, l.87",
      "Named profiles are not a security sandbox; credentials and provider settings travel as "
      "described.", False, RUNTIME),
    S(31, "§Lifecycle, l.91-104",
      "Process and turn state, the worker protocol, results and recovery.", False, RUNTIME),
    S(32, "§Lifecycle, l.106",
      "`subagent_status` is given to the main agent; an explicit `--tools` allowlist must "
      "include it.", False, "a flag and a tool of the host session, not of a profile"),
    S(33, "§Resource policy, l.110",
      "`max_turns` belongs to `subagent_spawn` and the persisted `subagents` config."),
    S(34, "§Resource policy, l.110",
      "Concurrency, timeouts and the other limits of the `subagents` config.",
      False, "settings of the host's config object, not of a profile"),
]  # fmt: skip


def zut_file(place: Place, frontmatter: str, file: str = "worker.md", body: str = "Body.\n"):
    return agent(place.home / ".pi/agent/agents", file, frontmatter, body)


def checked(place: Place, path, **options) -> dict:
    return check(place, path, **options)[str(path)]


DESCRIPTION = "description: Reviews a change for defects. Use when a change is ready."


def loads_clean(place: Place, frontmatter: str) -> dict:
    """The file loads and has nothing worse than a note."""
    entry = checked(place, zut_file(place, frontmatter))
    assert entry["dialect"] == "zut" and entry["harness"]["loads"], entry
    assert (worst(entry) or HINT) >= INFO, entry["diagnostics"]
    return entry


def s1_frontmatter_block(place: Place) -> None:
    good = checked(place, zut_file(place, DESCRIPTION))
    assert good["harness"]["outcome"] == "loads"
    broken = checked(place, zut_file(place, "description: [unclosed", "broken.md"))
    assert not broken["harness"]["loads"] and "frontmatter block" in broken["harness"]["reason"]
    empty = checked(place, zut_file(place, DESCRIPTION, "empty.md", body=""))
    (no_body,) = by_code(empty)["body-empty"]
    assert empty["harness"]["loads"] and no_body["severity"] == WARNING
    assert "built-in identity" in no_body["message"]


def s2_default_directory(place: Place) -> None:
    folder = place.home / ".agents/agents"
    path = agent(folder, "Rev.md", "name: Reviewer Bot\ndescription: " + "x" * 1500)
    agent(folder / "nested", "deep.md", DESCRIPTION)
    result = catalog(place, "zut")
    (source,) = [s for s in result["sources"] if s["id"] == "user"]
    assert source["path"] == str(folder)
    (entry,) = named(result, "Reviewer Bot")
    assert entry["loads"] and entry["dialect"] == "zut" and not named(result, "deep")
    report = check(place, harness="zut", include_user=True)[str(path)]
    assert report["dialect"] == "zut" and report["harness"]["loads"], report
    assert "the zut source `user ~/.agents/agents`" in report["dialectReason"]
    assert worst(report) != ERROR, report["diagnostics"]


def s3_profile_variable(place: Place) -> None:
    one, two = place.tmp / "one", place.tmp / "two"
    agent(one, "a.md", DESCRIPTION)
    agent(two, "b.md", DESCRIPTION)
    result = catalog(place, "zut", {"ZUT_AGENT_PROFILES": f"{one}{os.pathsep}{two}"})
    paths = [s["path"] for s in result["sources"] if s["id"].startswith("profiles:")]
    assert paths == [str(one), str(two)]
    assert named(result, "a")[0]["loads"] and named(result, "b")[0]["loads"]


def s4_fallback(place: Place) -> None:
    agent(place.home / ".pi/agent/agents", "worker.md", DESCRIPTION)
    default = agent(place.home / ".agents/agents", "worker.md", DESCRIPTION)
    agent(place.home / ".pi/agent/agents", "only-pi.md", DESCRIPTION)
    result = catalog(place, "zut")
    (winner,) = [e for e in named(result, "worker") if e["effective"]]
    assert winner["uri"] == default.as_uri()
    assert named(result, "only-pi")[0]["effective"]


def s6_no_project_folders(place: Place) -> None:
    agent(place.root / ".agents/agents", "project-only.md", DESCRIPTION)
    agent(place.root / ".pi/agent/agents", "project-pi.md", DESCRIPTION)
    result = catalog(place, "zut")
    assert not named(result, "project-only") and not named(result, "project-pi")
    assert all(s["level"] != "project" for s in result["sources"])


def s7_project_opts_in(place: Place) -> None:
    folder = place.root / "profiles"
    path = agent(folder, "planner.md", "name: Planner\n" + DESCRIPTION)
    env = {"ZUT_AGENT_PROFILES": str(folder)}
    assert named(catalog(place, "zut", env), "Planner")[0]["loads"]
    report = check(place, folder, harness="zut", env=env)[str(path)]
    assert report["dialect"] == "zut" and report["harness"]["name"] == "Planner"


EXAMPLE = DOCUMENT.read_text().split("```markdown\n", 1)[1].split("```", 1)[0]


def s8_example(place: Place) -> None:
    path = place.home / ".pi/agent/agents/reviewer.md"
    path.parent.mkdir(parents=True)
    path.write_text(EXAMPLE)
    entry = checked(place, path)
    assert entry["harness"]["loads"] and entry["harness"]["name"] == "reviewer"
    # the document's own description, `Read-only code reviewer`, is not "too short" for zut
    assert entry["diagnostics"] == [], entry["diagnostics"]
    example_in_the_default_folder(place)


DEFAULT_FOLDER = "The default directory is:\n\n```text\n~/.agents/agents/*.md\n```"


def example_in_the_default_folder(place: Place) -> None:
    """§Discovery: "The default directory is: ~/.agents/agents/*.md", a folder the base format
    reads too. The example profile saved there is judged as zut, the format whose keys it
    writes (`thinking`, `systemPromptMode`, ... exist only in zut); the base format's reading
    is a note, not an error."""
    assert DEFAULT_FOLDER in DOCUMENT.read_text()
    path = place.home / ".agents/agents/reviewer.md"
    path.parent.mkdir(parents=True)
    path.write_text(EXAMPLE)
    entry = checked(place, path)
    assert entry["dialect"] == "zut", entry["dialectReason"]
    assert "which only zut of them defines" in entry["dialectReason"]
    assert entry["harness"]["loads"] and entry["harness"]["name"] == "reviewer"
    assert (worst(entry) or HINT) >= INFO and "tools-format" not in by_code(entry), entry
    verdicts = {h["id"]: h["outcome"] for h in entry["harnesses"]}
    assert verdicts == {"zut": "loads", "harness-subagents": "rejected"}, verdicts
    base = agent(place.home / ".agents/agents", "planner.md", "name: planner\n" + DESCRIPTION)
    assert checked(place, base)["dialect"] == "harness-subagents"
    mixed = agent(
        place.home / ".agents/agents",
        "mixed.md",
        f"{DESCRIPTION}\ncomplexity: routine\nthinking: max",
    )
    assert checked(place, mixed)["dialect"] == "harness-subagents"
    project = agent(place.root / ".agents/agents", "reviewer.md", EXAMPLE.split("---")[1])
    assert checked(place, project)["dialect"] == "harness-subagents"  # zut does not read it


def s9_name(place: Place) -> None:
    name = "My Reviewer_Bot " + "x" * 70
    entry = loads_clean(place, f"name: {name}\n{DESCRIPTION}")
    assert entry["harness"]["name"] == name


def s10_name_fallback(place: Place) -> None:
    entry = loads_clean(place, DESCRIPTION)
    assert entry["harness"]["name"] == "worker"


def s11_description(place: Place) -> None:
    long = "Reviews code. Use when a change is ready. " * 40
    entry = loads_clean(place, f"description: {long.strip()}")
    assert len(entry["harness"]["description"]) > 1500 and "description-length" not in by_code(
        entry
    )
    empty = checked(place, zut_file(place, "description: ''", "empty.md"))
    assert empty["harness"]["loads"] and worst(empty) != ERROR


def s12_tools_forms(place: Place) -> None:
    for tools in ("tools: read, bash", "tools: [read, bash]", "tools:\n  - read\n  - bash"):
        entry = loads_clean(place, f"{DESCRIPTION}\n{tools}")
        assert "tools" not in entry["harness"], tools


def s13_space_separated(place: Place) -> None:
    """l.44: "`tools`: Comma-separated or list-form tool names [...] Unknown names do not grant
    capabilities." `read write` is one unknown name: the fix that splits it is unsafe (it makes
    zut grant `read` and `write`), applied by `--unsafe-fixes` only."""
    assert "| `tools` | Comma-separated or list-form tool names." in DOCUMENT.read_text()
    path = zut_file(place, f"{DESCRIPTION}\ntools: read write")
    entry = checked(place, path)
    (unknown,) = by_code(entry)["tools-unknown"]
    assert unknown["severity"] == WARNING and "`read, write`" in unknown["message"]
    assert entry["harness"]["loads"] and entry["harness"]["tools"] == []
    assert unknown["data"] == {"rule": "tools-unknown", "fix": "Write `read, write`",
                               "fixKind": "unsafe"}  # fmt: skip
    run_cli("check", "--fix", str(path), env={"HOME": str(place.home)})
    assert "tools: read write\n" in path.read_text()
    run_cli("check", "--fix", "--unsafe-fixes", str(path), env={"HOME": str(place.home)})
    assert "tools: read, write\n" in path.read_text()
    fixed = checked(place, path)
    assert "tools-unknown" not in by_code(fixed) and "tools" not in fixed["harness"]
    listed = checked(place, zut_file(place, f"{DESCRIPTION}\ntools:\n  - read write", "l.md"))
    assert "fix" not in by_code(listed)["tools-unknown"][0].get("data", {})


def s14_registry(place: Place) -> None:
    entry = checked(place, zut_file(place, f"{DESCRIPTION}\ntools: [read, grep, lsp]"))
    (unknown,) = by_code(entry)["tools-unknown"]
    assert "`grep`" in unknown["message"] and "grants nothing" in unknown["message"]
    assert unknown["severity"] == WARNING and entry["harness"]["tools"] == ["read", "lsp"]


def s15_skill(place: Place) -> None:
    entry = loads_clean(place, f"{DESCRIPTION}\ntools: read, skill")
    assert "tools" not in entry["harness"]


def s16_no_skills(place: Place) -> None:
    entry = checked(
        place, zut_file(place, f"{DESCRIPTION}\ntools: [read, skill]\ninheritSkills: false")
    )
    (trap,) = by_code(entry)["tool-unavailable"]
    assert trap["severity"] == WARNING and "inheritSkills: false" in trap["message"]
    assert entry["harness"]["loads"] and entry["harness"]["tools"] == ["read"]


def s17_model(place: Place) -> None:
    for model in ("openai-codex/gpt-5.6-luna", "gpt-5.6-luna", "anything at all"):
        loads_clean(place, f"{DESCRIPTION}\nmodel: {model}")


def s18_provider(place: Place) -> None:
    loads_clean(place, f"{DESCRIPTION}\nmodel: gpt-5.6-luna\nprovider: openai-codex")
    entry = checked(place, zut_file(place, f"{DESCRIPTION}\nmodel: a/b\nprovider: c", "q.md"))
    (trap,) = by_code(entry)["field-no-effect"]
    assert trap["severity"] == WARNING and "qualified" in trap["message"]


LEVELS = ("off", "minimum", "low", "medium", "high", "xhigh", "max")


def s19_levels(place: Place) -> None:
    for key in ("thinking", "reasoning"):
        for level in LEVELS:
            loads_clean(place, f"{DESCRIPTION}\n{key}: {level}")
        entry = checked(place, zut_file(place, f"{DESCRIPTION}\n{key}: extreme", "bad.md"))
        (bad,) = by_code(entry)["value-unknown"]
        assert bad["severity"] == WARNING and entry["harness"]["loads"]


def s21_prompt_mode(place: Place) -> None:
    for mode in ("append", "replace"):
        loads_clean(place, f"{DESCRIPTION}\nsystemPromptMode: {mode}")
    entry = checked(place, zut_file(place, f"{DESCRIPTION}\nsystemPromptMode: prepend", "b.md"))
    assert by_code(entry)["value-unknown"][0]["severity"] == WARNING and entry["harness"]["loads"]


def s23_project_context(place: Place) -> None:
    loads_clean(place, f"{DESCRIPTION}\ninheritProjectContext: false")
    entry = checked(place, zut_file(place, f"{DESCRIPTION}\ninheritProjectContext: 'no'", "b.md"))
    assert by_code(entry)["field-type"][0]["severity"] == WARNING and entry["harness"]["loads"]


def s24_fast_mode(place: Place) -> None:
    loads_clean(place, f"{DESCRIPTION}\nfastMode: false")
    entry = checked(place, zut_file(place, f"{DESCRIPTION}\nfastMode: true", "fast.md"))
    (trap,) = by_code(entry)["field-no-effect"]
    assert trap["severity"] == WARNING and "omitting it" in trap["message"]
    non_openai_fast_mode(place)


NON_OPENAI = (
    "Non-OpenAI child providers return an unsupported-provider error instead of silently "
    "ignoring an enabled setting."
)


def non_openai_fast_mode(place: Place) -> None:
    """§Selecting a profile, l.87: "Fast mode is inherited by default. A profile with
    `fastMode: false` opts out [...] Non-OpenAI child providers return an unsupported-provider
    error instead of silently ignoring an enabled setting." A non-OpenAI profile that does not
    opt out fails to spawn only while the host's fast mode is on: a warning, and an unsafe fix
    (it changes what zut does then) writes `fastMode: false`."""
    assert NON_OPENAI in " ".join(DOCUMENT.read_text().split())
    for fields in ("model: anthropic/claude-x", "model: claude-x\nprovider: anthropic"):
        path = zut_file(place, f"{DESCRIPTION}\n{fields}", "other.md")
        entry = checked(place, path)
        (found,) = by_code(entry)["setting-unsupported"]
        assert found["severity"] == WARNING and entry["harness"]["loads"], entry
        assert "fails to spawn" in found["message"] and "`fastMode: false`" in found["message"]
        assert found["data"]["fixKind"] == "unsafe"
        safe = run_cli("check", "--fix", str(path), env={"HOME": str(place.home)})
        assert "fastMode" not in path.read_text(), safe.out
        run_cli("check", "--fix", "--unsafe-fixes", str(path), env={"HOME": str(place.home)})
        assert path.read_text() == f"---\n{DESCRIPTION}\n{fields}\nfastMode: false\n---\nBody.\n"
        assert "setting-unsupported" not in by_code(checked(place, path))
    true = checked(place, zut_file(place, f"{DESCRIPTION}\nmodel: a/b\nfastMode: true", "t.md"))
    assert "setting-unsupported" in by_code(true)
    for fields in (
        "model: openai-codex/gpt-5.6-luna",
        "model: gpt-5.6-luna",
        "model: claude-x\nprovider: openai",
        "model: anthropic/claude-x\nfastMode: false",
        "provider: anthropic",
    ):
        entry = checked(place, zut_file(place, f"{DESCRIPTION}\n{fields}", "quiet.md"))
        assert "setting-unsupported" not in by_code(entry), fields


def s25_other_hosts(place: Place) -> None:
    entry = checked(place, zut_file(place, f"{DESCRIPTION}\ncolor: red\npermissionMode: plan"))
    found = by_code(entry)["field-unknown"]
    assert len(found) == 2 and all(d["severity"] == WARNING for d in found)
    assert all("equivalent setting" in d["message"] for d in found) and entry["harness"]["loads"]


def s26_no_recursion(place: Place) -> None:
    entry = checked(place, zut_file(place, f"{DESCRIPTION}\ntools: read, subagent_spawn"))
    (trap,) = by_code(entry)["tool-unavailable"]
    assert "recursive child spawning is disabled" in trap["message"]


def s29_isolation(place: Place) -> None:
    entry = checked(place, zut_file(place, f"{DESCRIPTION}\nisolation: worktree"))
    (found,) = by_code(entry)["field-unknown"]
    assert found["severity"] == WARNING and "`subagent_spawn` parameter" in found["message"]


def s33_max_turns(place: Place) -> None:
    entry = checked(place, zut_file(place, f"{DESCRIPTION}\nmax_turns: 3"))
    (found,) = by_code(entry)["field-unknown"]
    assert "`subagents` config" in found["message"] and entry["harness"]["loads"]


CHECKS = {
    1: s1_frontmatter_block, 2: s2_default_directory, 3: s3_profile_variable, 4: s4_fallback,
    6: s6_no_project_folders, 7: s7_project_opts_in, 8: s8_example, 9: s9_name,
    10: s10_name_fallback, 11: s11_description, 12: s12_tools_forms, 13: s13_space_separated,
    14: s14_registry, 15: s15_skill, 16: s16_no_skills, 17: s17_model, 18: s18_provider,
    19: s19_levels, 21: s21_prompt_mode, 23: s23_project_context, 24: s24_fast_mode,
    25: s25_other_hosts, 26: s26_no_recursion, 29: s29_isolation, 33: s33_max_turns,
}  # fmt: skip


async def open_profile(editor: Editor, field: str) -> tuple[str, str]:
    text = f"---\nname: reviewer\n{DESCRIPTION}\n{field}\n---\nBody.\n"
    uri = await editor.open(editor.root / ".pi/agent/agents/reviewer.md", text)
    return uri, text


async def e14_tool_completion(editor: Editor) -> None:
    uri, text = await open_profile(editor, "tools: [read, ")
    items = await editor.completion(uri, text, "tools: [read, ")
    assert set(items) == {"read", "write", "edit", "bash", "lsp", "skill"}
    assert "skills are enabled" in documentation(items["skill"])
    assert all(documentation(items[t]) is None for t in ("read", "write", "edit", "bash", "lsp"))
    value_uri, value_text = await open_profile(editor, "tools: read, ")
    assert set(await editor.completion(value_uri, value_text, "tools: read, ")) >= {"bash", "lsp"}


async def e17_model_hover(editor: Editor) -> None:
    uri, text = await open_profile(editor, "model: openai-codex/gpt-5.6-luna")
    assert "selects both provider and model" in await editor.hover(uri, text, "model")


async def e19_level_completion(editor: Editor) -> None:
    for key in ("thinking", "reasoning"):
        uri, text = await open_profile(editor, f"{key}: ")
        items = await editor.completion(uri, text, f"{key}: ")
        assert list(items) == list(LEVELS)
        assert all(documentation(item) is None for item in items.values())
        shown = await editor.hover(uri, text.replace(f"{key}: ", f"{key}: high"), key)
        assert "Reasoning level `high`" not in shown


async def e20_alias_hover(editor: Editor) -> None:
    uri, text = await open_profile(editor, "thinking: high")
    shown = await editor.hover(uri, text, "thinking")
    assert "alias for `reasoning`" in shown and "named spawn" in shown
    assert await editor.hover(uri, text, "high") == shown


async def e21_mode_hover(editor: Editor) -> None:
    uri, text = await open_profile(editor, "systemPromptMode: append")
    assert "the default" in await editor.hover(uri, text, "append")
    assert "Default: append." in await editor.hover(uri, text, "systemPromptMode")


async def e22_replace_hover(editor: Editor) -> None:
    uri, text = await open_profile(editor, "systemPromptMode: replace")
    shown = await editor.hover(uri, text, "replace")
    assert "replaces the built-in identity" in shown and "remain present" in shown


async def e23_context_hover(editor: Editor) -> None:
    uri, text = await open_profile(editor, "inheritProjectContext: false")
    shown = await editor.hover(uri, text, "inheritProjectContext")
    assert "omit `AGENTS.md` context" in shown and "Default" not in shown


async def e2_shared_folder_in_the_editor(editor: Editor) -> None:
    await editor.settings("zut")
    text = "---\nname: Reviewer Bot\ndescription: " + "x" * 1500 + "\nthinking: max\n---\nBody.\n"
    uri = await editor.open(editor.home / ".agents/agents/bot.md", text)
    shown = await editor.hover(uri, text, "---")
    assert "**Dialect: zut**" in shown and "**zut loads it** as `Reviewer Bot`" in shown
    assert all(d.severity != 1 for d in editor.client.diagnostics[uri])


async def e8_example_in_the_default_folder(editor: Editor) -> None:
    """§Discovery: "The default directory is: ~/.agents/agents/*.md": with no harness set, the
    example profile saved there is read as zut, not rejected in the base format."""
    path = editor.home / ".agents/agents/example-reviewer.md"
    try:
        uri = await editor.open(path, EXAMPLE.replace("name: reviewer", "name: example-reviewer"))
        assert all(d.severity != 1 for d in editor.client.diagnostics[uri])
        assert not [d for d in editor.client.diagnostics[uri] if d.code == "tools-format"]
        shown = await editor.hover(uri, EXAMPLE, "---")
        assert "**Dialect: zut**" in shown and "which only zut of them defines" in shown, shown
    finally:
        path.unlink()


async def e13_split_tools_fix(editor: Editor) -> None:
    """l.44: "Comma-separated or list-form tool names": `read bash` gets the quick fix its
    message names."""
    uri, text = await open_profile(editor, "tools: read bash")
    fixes = await editor.quick_fixes(uri, text, "tools-unknown")
    assert fixes == {"Write `read, bash`": text.replace("read bash", "read, bash")}, fixes


async def e24_fast_mode_fix(editor: Editor) -> None:
    """l.87: "A profile with `fastMode: false` opts out [...] Non-OpenAI child providers return
    an unsupported-provider error": the editor warns and offers `fastMode: false`."""
    uri, text = await open_profile(editor, "model: anthropic/claude-x")
    (found,) = [d for d in editor.client.diagnostics[uri] if d.code == "setting-unsupported"]
    assert found.severity == WARNING and "fails to spawn" in found.message
    fixes = await editor.quick_fixes(uri, text, "setting-unsupported")
    fixed = text.replace("claude-x\n", "claude-x\nfastMode: false\n")
    assert fixes == {"Write `fastMode: false`": fixed}, fixes


EDITOR_CHECKS = {
    2: e2_shared_folder_in_the_editor, 8: e8_example_in_the_default_folder, 13: e13_split_tools_fix,
    14: e14_tool_completion, 17: e17_model_hover, 19: e19_level_completion, 20: e20_alias_hover,
    21: e21_mode_hover, 22: e22_replace_hover, 23: e23_context_hover, 24: e24_fast_mode_fix,
}  # fmt: skip


def test_the_table_is_complete():
    assert_table(STATEMENTS, CHECKS, EDITOR_CHECKS)
    text = DOCUMENT.read_text()
    assert "Falls back to the filename" in text and "compatibility fallback" in text


@pytest.mark.parametrize("number", sorted(CHECKS))
def test_statement(number, tmp_path):
    CHECKS[number](Place(tmp_path))


@pytest.mark.parametrize("number", sorted(EDITOR_CHECKS))
async def test_statement_in_the_editor(number, editor):
    await EDITOR_CHECKS[number](editor)


def test_silent_which_of_two_in_one_folder_wins(tmp_path):
    """The document does not say which of two profiles of one name zut takes."""
    place = Place(tmp_path)
    for file in ("a.md", "b.md"):
        agent(place.home / ".agents/agents", file, f"name: same\n{DESCRIPTION}")
    entries = named(catalog(place, "zut"), "same")
    assert [e["effective"] for e in entries] == [True, False]
    report = check(place, harness="zut", include_user=True)
    for entry in report.values():
        (duplicate,) = by_code(entry)["duplicate-name"]
        assert duplicate["severity"] == WARNING and "does not say which" in duplicate["message"]


def test_silent_default_folder_or_profile_variable(tmp_path):
    """The document does not say whether `~/.agents/agents` or a `ZUT_AGENT_PROFILES` folder
    wins: both are one level, and the catalog says so."""
    place = Place(tmp_path)
    extra = tmp_path / "extra"
    agent(place.home / ".agents/agents", "same.md", DESCRIPTION)
    agent(extra, "same.md", DESCRIPTION)
    report = check(
        place, extra, harness="zut", include_user=True, env={"ZUT_AGENT_PROFILES": str(extra)}
    )
    for entry in report.values():
        (duplicate,) = by_code(entry)["duplicate-name"]
        assert (
            duplicate["severity"] == WARNING and "does not say which wins" in duplicate["message"]
        )


def test_silent_limits_and_types_never_refuse_a_profile(tmp_path):
    """Nothing the document does not give refuses a file: only an unreadable frontmatter does."""
    place = Place(tmp_path)
    text = "name: [a, list]\ndescription: 3\ntools: 5\nfastMode: maybe\nname2: x\nname2: y"
    entry = checked(place, zut_file(place, text))
    assert entry["harness"]["loads"] and worst(entry) == WARNING, entry["diagnostics"]


def test_silent_no_body_length_limit(tmp_path):
    """The document sets no length for the body (500 lines is the base format's sentence)."""
    place = Place(tmp_path)
    body = "".join(f"Step {n}.\n" for n in range(900))
    entry = checked(place, zut_file(place, DESCRIPTION, body=body))
    assert entry["harness"]["loads"] and entry["diagnostics"] == []
