"""One file judged for every harness that reads it: ``check`` through the real console script.

A file in ``.claude/agents/`` is read by Claude Code, GitHub Copilot CLI and agent-core; with
``--targets`` (or the ``targets`` setting) any harness can be named. These tests state what each
harness's loader does with the file (the oracle matrix proves the same against the binaries)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_helpers import run_cli

from subagent_ls.harnesses.gemini.builtins import BUILTINS as GEMINI_BUILTINS

REPAIRED = (
    "---\nname: reviewer\ndescription: Reviews code: use when a change is ready.\n---\nBody.\n"
)
"""Claude Code repairs the unquoted `: ` and loads it; strict YAML readers reject it."""
TOOLS_STRING = (
    "---\nname: reviewer\ndescription: Reviews code. Use when a change is ready.\n"
    "tools: Read, Grep\n---\nBody.\n"
)
"""Claude Code reads the string as two tools; Gemini CLI wants a list, OpenCode a map."""


def project(tmp_path: Path, text: str, folder: str = ".claude/agents") -> Path:
    (tmp_path / ".git").mkdir()
    path = tmp_path / folder / "reviewer.md"
    path.parent.mkdir(parents=True)
    path.write_text(text, encoding="utf-8")
    return path


def check(tmp_path: Path, *args: str):
    return run_cli("check", *args, cwd=tmp_path, env={"HOME": str(tmp_path / "home")})


def by_id(entry: dict) -> dict[str, dict]:
    return {h["id"]: h for h in entry["harnesses"]}


def test_default_targets_are_the_harnesses_that_read_the_folder(tmp_path):
    project(tmp_path, REPAIRED)
    run = check(tmp_path, "--format", "json", ".claude/agents/reviewer.md")
    (entry,) = run.json["files"]
    harnesses = by_id(entry)
    assert list(harnesses) == ["claude-code", "agent-core", "copilot"]
    assert harnesses["claude-code"]["outcome"] == "repaired"
    assert harnesses["claude-code"]["harness"] == "Claude Code"
    assert harnesses["copilot"]["outcome"] == "rejected"
    # every `why` names the folder as the project has it, the same in every clone
    assert {h["why"] for h in harnesses.values()} == {"reads `project .claude/agents`"}
    assert entry["harness"]["outcome"] == "repaired"  # the file's own harness, as before
    # nothing shows Copilot or agent-core in use here: no finding of theirs, one note
    assert not [d for d in entry["diagnostics"] if d.get("data", {}).get("targets")]
    (note,) = [d for d in entry["diagnostics"] if d["code"] == "harness-other"]
    assert note["severity"] == 3 and note["range"]["start"] == {"line": 0, "character": 0}
    assert "nothing here shows them in use" in note["message"]
    assert "GitHub Copilot CLI would not load it (rejected" in note["message"]
    assert "agent-core would not load it (ignored" in note["message"]
    assert run.code == 0  # Claude Code, the file's own harness, loads it


@pytest.mark.parametrize(
    ("sign", "machine"),
    [
        (".github/agents", False),
        (".github/copilot-instructions.md", False),
        ("home/.copilot", True),
    ],
)
def test_a_harness_in_use_speaks_at_its_own_severity(tmp_path, sign, machine):
    """Copilot's folders or files in the project, or its user folder on this machine, show it
    in use: what it alone refuses is then an error, said once with the finding of its cause;
    one that only this machine shows says so, and --isolated leaves it out."""
    project(tmp_path, REPAIRED)
    shown = tmp_path / sign
    if shown.suffix:
        shown.parent.mkdir(parents=True, exist_ok=True)
        shown.write_text("Use the style guide.\n")
    else:
        shown.mkdir(parents=True)
    run = check(tmp_path, "--format", "json", ".claude/agents/reviewer.md")
    (entry,) = run.json["files"]
    (loud,) = [d for d in entry["diagnostics"] if d["severity"] <= 2]
    assert loud["code"] == "yaml-syntax" and loud["severity"] == 1, entry["diagnostics"]
    assert "GitHub Copilot will not load this file" in loud["message"]
    assert loud["data"]["notLoadedBy"] == "GitHub Copilot"
    assert loud["data"].get("machine", False) is machine
    assert ("in use on this machine" in loud["message"]) is machine
    (note,) = [d for d in entry["diagnostics"] if d["code"] == "harness-other"]
    assert "agent-core" in note["message"] and "Copilot" not in note["message"]
    assert run.code == 1
    isolated = check(tmp_path, "--format", "json", "--isolated", ".claude/agents/reviewer.md")
    assert isolated.code == (1 if not machine else 0)


def test_text_names_each_target_that_does_otherwise_in_one_note(tmp_path):
    project(tmp_path, REPAIRED)
    run = check(tmp_path, ".claude/agents/reviewer.md")
    lines = run.out.splitlines()
    notes = [line for line in lines if " info harness-other " in line]
    assert len(notes) == 1 and notes[0].startswith(".claude/agents/reviewer.md:1:1: "), run.out
    assert "GitHub Copilot CLI would not load it (rejected: " in notes[0]
    assert not any(": Claude Code" in line for line in lines if "rejected" in line)
    selected = check(tmp_path, "--select", "name-mismatch", ".claude/agents/reviewer.md")
    assert selected.out.splitlines() == [
        "Checked 1 file(s): 0 error(s), 0 warning(s), 0 note(s)."
    ]  # the selection selects everything printed


def test_named_targets_are_errors_and_say_which(tmp_path):
    project(tmp_path, TOOLS_STRING)
    run = check(
        tmp_path, "--format", "json", "--targets", "claude-code,gemini,opencode",
        ".claude/agents/reviewer.md",
    )  # fmt: skip
    (entry,) = run.json["files"]
    harnesses = by_id(entry)
    assert list(harnesses) == ["claude-code", "gemini", "opencode"]
    assert harnesses["claude-code"]["loads"]
    assert harnesses["gemini"]["outcome"] == "rejected"
    assert harnesses["opencode"]["outcome"] == "breaks-configuration"
    assert "judged in its own dialect" in harnesses["gemini"]["why"]
    for target in ("gemini", "opencode"):
        found = [d for d in entry["diagnostics"] if d.get("data", {}).get("targets") == [target]]
        assert found and all(d["severity"] == 1 for d in found), entry["diagnostics"]
    assert run.code == 1


def test_the_targets_setting(tmp_path):
    project(tmp_path, TOOLS_STRING)
    (tmp_path / ".subagent-ls.toml").write_text('targets = ["claude-code", "gemini"]\n')
    run = check(tmp_path, "--format", "json", ".claude/agents/reviewer.md")
    (entry,) = run.json["files"]
    assert list(by_id(entry)) == ["claude-code", "gemini"]


def test_all_targets_and_unknown_ones(tmp_path):
    project(tmp_path, TOOLS_STRING)
    run = check(tmp_path, "--format", "json", "--targets", "all", ".claude/agents/reviewer.md")
    (entry,) = run.json["files"]
    assert len(entry["harnesses"]) == 8
    wrong = check(tmp_path, "--targets", "claude-code,vim", ".claude/agents/reviewer.md")
    assert wrong.code == 2 and "unknown harness(es): vim" in wrong.err


@pytest.mark.parametrize(
    ("folder", "expected"),
    [
        (".agents/agents", ["harness-subagents"]),
        (".github/agents", ["copilot"]),
        (".opencode/agent", ["opencode"]),
        (".gemini/agents", ["gemini"]),
        (".synapse/agents", ["synapse"]),
    ],
)
def test_a_folder_one_harness_reads_has_one_target(tmp_path, folder, expected):
    project(tmp_path, TOOLS_STRING, folder)
    run = check(tmp_path, "--format", "json", f"{folder}/reviewer.md")
    (entry,) = run.json["files"]
    assert [h["id"] for h in entry["harnesses"]] == expected


def test_the_user_level_folder_is_read_by_the_format_and_zut(tmp_path):
    path = tmp_path / "home/.agents/agents/reviewer.md"
    path.parent.mkdir(parents=True)
    path.write_text(TOOLS_STRING.replace("tools: Read, Grep\n", ""), encoding="utf-8")
    run = check(tmp_path, "--format", "json", str(path))
    (entry,) = run.json["files"]
    assert [h["id"] for h in entry["harnesses"]] == ["harness-subagents", "zut"]


def test_a_fix_is_applied_only_where_every_target_accepts_it(tmp_path):
    """``--fix`` applies a fix only where no target's verdict gets worse: the list form of
    ``tools`` loads in the base format (which refuses the string) and in Claude Code."""
    path = project(tmp_path, TOOLS_STRING, ".agents/agents")
    targets = "harness-subagents,claude-code"
    run = check(tmp_path, "--fix", "--targets", targets, ".agents/agents/reviewer.md")
    assert "tools: [Read, Grep]" in path.read_text(), run.out
    after = check(tmp_path, "--format", "json", "--targets", targets, str(path))
    assert all(h["loads"] for h in after.json["files"][0]["harnesses"]), after.out


def test_where_no_form_loads_in_every_target_the_verdict_says_why(tmp_path):
    """Gemini CLI takes only its own tool names, in a list; Claude Code's names are not among
    them. ``--fix`` writes the list (no target gets worse), and Gemini CLI's verdict then names
    the tool it refuses, while Claude Code still loads the file."""
    path = project(tmp_path, TOOLS_STRING)
    targets = "claude-code,gemini"
    check(tmp_path, "--fix", "--targets", targets, ".claude/agents/reviewer.md")
    assert "tools: [Read, Grep]" in path.read_text()
    after = by_id(
        check(tmp_path, "--format", "json", "--targets", targets, str(path)).json["files"][0]
    )
    assert after["claude-code"]["loads"]
    assert after["gemini"]["outcome"] == "rejected"
    assert "Invalid tool name" in after["gemini"]["reason"]


def test_many_files_are_judged_for_every_target_in_worker_processes(tmp_path):
    """Enough files for the check to spread over processes: every report, with the verdict of
    each target, comes back from its worker."""
    from subagent_ls.workspace.parallel import PARALLEL_FROM

    (tmp_path / ".git").mkdir()
    folder = tmp_path / ".claude/agents"
    folder.mkdir(parents=True)
    for index in range(PARALLEL_FROM + 10):
        (folder / f"a{index}.md").write_text(REPAIRED.replace("reviewer", f"a{index}"))
    run = check(tmp_path, "--format", "json", ".claude/agents")
    files = run.json["files"]
    assert len(files) == PARALLEL_FROM + 10
    assert all(
        [h["id"] for h in f["harnesses"]] == ["claude-code", "agent-core", "copilot"] for f in files
    )


def test_a_package_of_a_monorepo_is_judged_as_its_own_project(tmp_path):
    """``check .`` at the top of a repository: a package's ``.claude/agents/`` is read by the
    harnesses run in that package."""
    path = tmp_path / "packages/web/.claude/agents/reviewer.md"
    path.parent.mkdir(parents=True)
    path.write_text(REPAIRED, encoding="utf-8")
    (tmp_path / ".git").mkdir()
    run = check(tmp_path, "--format", "json", ".")
    (entry,) = run.json["files"]
    assert [h["id"] for h in entry["harnesses"]] == ["claude-code", "agent-core", "copilot"]


def test_the_targets_setting_counts_a_harness_once_and_empty_means_the_own_dialect(tmp_path):
    project(tmp_path, TOOLS_STRING)
    settings = tmp_path / ".subagent-ls.toml"
    settings.write_text('targets = ["gemini", "claude-code", "gemini"]\n')
    (entry,) = check(tmp_path, "--format", "json", ".claude/agents/reviewer.md").json["files"]
    assert [h["id"] for h in entry["harnesses"]] == ["claude-code", "gemini"]
    settings.write_text("targets = []\n")
    (entry,) = check(tmp_path, "--format", "json", ".claude/agents/reviewer.md").json["files"]
    assert [h["id"] for h in entry["harnesses"]] == ["claude-code"]
    assert not any(d.get("data", {}).get("targets") for d in entry["diagnostics"])


TWIN = "---\nname: twin\ndescription: Reviews code. Use when a change is ready to review.\n---\nB\n"


@pytest.mark.parametrize(
    ("folder", "said"),
    [
        (".opencode/agent", "OpenCode takes this one, the last found"),
        (".gemini/agents", "Gemini CLI takes this one, the first found"),
        (".claude/agents", "Claude Code takes this one, the last found"),
    ],
)
def test_two_agents_of_one_name_clash_in_their_own_harness_whatever_harness_is_chosen(
    tmp_path, folder, said
):
    """As the harness's catalog says (``catalog --harness H``), once per file even where several
    catalogs read the folder (the base format and Copilot CLI read `.claude/agents/` too)."""
    (tmp_path / ".git").mkdir()
    for name in ("a", "b"):
        (tmp_path / folder).mkdir(parents=True, exist_ok=True)
        (tmp_path / folder / f"{name}.md").write_text(TWIN)
    run = check(tmp_path, "--format", "json")
    found = {
        entry["path"]: [d for d in entry["diagnostics"] if d["code"] == "duplicate-name"]
        for entry in json.loads(run.out)["files"]
    }
    assert run.code == 1
    assert [len(found[f"{folder}/{name}.md"]) for name in ("a", "b")] == [1, 1]
    winners = [path for path, ds in found.items() if said in ds[0]["message"]]
    assert len(winners) == 1 and all(d[0]["severity"] == 1 for d in found.values())


@pytest.mark.parametrize(
    ("where", "harness", "why"),
    [
        (".copilot/agents/a.md", "GitHub Copilot", "it does not read this folder; it reads"),
        ("home/.github/agents/a.md", "GitHub Copilot", "it does not read this folder; it reads"),
        (".github/agents/.draft.md", "GitHub Copilot", "names start with `.`"),
        (".claude/agents/a.MD", "Claude Code", "only files whose names end in `.md`"),
        (".gemini/agents/sub/a.md", "Gemini CLI", "project .gemini/agents folder but not its"),
    ],
)
def test_a_file_its_harness_does_not_read_where_it_lies_is_not_loaded(
    tmp_path, where, harness, why
):
    """The harness of the file's folder does not list it there (its catalog does not either):
    the verdict is `ignored` with the reason, not `loads`; a leading `.` is a switch-off (info)."""
    (tmp_path / ".git").mkdir()
    path = tmp_path / where
    path.parent.mkdir(parents=True)
    path.write_text(TWIN)
    run = check(tmp_path, "--format", "json", str(path))
    (entry,) = json.loads(run.out)["files"]
    assert entry["harness"]["outcome"] == "ignored" and not entry["harness"]["loads"], entry
    (skip,) = [d for d in entry["diagnostics"] if d["code"] == "harness-skip"]
    assert (
        skip["message"].startswith(f"{harness} will not load this file: ")
        and why in skip["message"]
    )
    assert skip["severity"] == (3 if path.name.startswith(".") else 1)


def test_a_file_the_harness_reads_keeps_its_verdict(tmp_path):
    """The same layouts where the harness does read the file: `.claude/agents/.x.md` (Claude Code
    reads such names), `.github/agents/a.md`, `.gemini/agents/a.md`."""
    (tmp_path / ".git").mkdir()
    for where in (".claude/agents/.x.md", ".github/agents/a.md", ".gemini/agents/a.md"):
        path = tmp_path / where
        path.parent.mkdir(parents=True)
        path.write_text(TWIN.replace("twin", path.parent.parent.name.strip(".") + "-x"))
        (entry,) = json.loads(check(tmp_path, "--format", "json", str(path)).out)["files"]
        assert entry["harness"]["outcome"] == "loads", (where, entry)


@pytest.mark.parametrize("name", sorted(GEMINI_BUILTINS))
def test_a_gemini_agent_named_like_a_built_in_is_not_loaded(tmp_path, name):
    """Gemini CLI 0.61.0 registers its built-ins first and keeps the first of a name: a file
    named like one is read, then ignored ("Duplicate agent name 'generalist' detected. The
    later definition will be ignored."): the verdict, the target line and the catalog say it
    is not loaded."""
    (tmp_path / ".git").mkdir()
    path = tmp_path / ".gemini/agents/mine.md"
    path.parent.mkdir(parents=True)
    path.write_text(TWIN.replace("twin", name))
    (entry,) = json.loads(check(tmp_path, "--format", "json").out)["files"]
    gemini = next(t for t in entry["harnesses"] if t["id"] == "gemini")
    for verdict in (entry["harness"], gemini):
        assert (verdict["loads"], verdict["outcome"]) == (False, "ignored")
        assert f"`{name}` is the name of a built-in agent" in verdict["reason"]
    (skip,) = [d for d in entry["diagnostics"] if d["code"] == "harness-skip"]
    assert skip["severity"] == 1 and skip["range"]["start"]["line"] == 1
    text = check(tmp_path).out
    assert ".gemini/agents/mine.md: not loaded by Gemini CLI (ignored)" in text
    args = ("catalog", "--harness", "gemini", "--format", "json")
    catalog = json.loads(run_cli(*args, cwd=tmp_path, env={"HOME": str(tmp_path / "home")}).out)
    mine = [e for e in catalog["entries"] if e["uri"]]
    assert [(e["name"], e["loads"], e["outcome"]) for e in mine] == [(name, False, "ignored")]


def test_gemini_reads_the_agents_folder_of_the_folder_it_is_started_in_only(tmp_path):
    """Gemini CLI 0.61.0 reads `<cwd>/.gemini/agents` (``targetDir`` is ``process.cwd()``),
    not a parent's nor the git top's: the catalog run from a subfolder lists no project agent
    of the folder above, and from the project it does. `check` judges a file as its harness
    started in the file's project (the folder holding `.gemini`), wherever check runs."""
    (tmp_path / ".git").mkdir()
    path = tmp_path / ".gemini/agents/top.md"
    path.parent.mkdir(parents=True)
    path.write_text(TWIN.replace("twin", "top"))
    (tmp_path / "src").mkdir()
    env = {"HOME": str(tmp_path / "home")}
    args = ("catalog", "--harness", "gemini", "--format", "json")

    def listed(cwd: Path) -> set[str]:
        catalog = json.loads(run_cli(*args, cwd=cwd, env=env).out)
        return {e["name"] for e in catalog["entries"] if e["uri"]}

    assert listed(tmp_path) == {"top"} and listed(tmp_path / "src") == set()
    verdicts = []
    for cwd, named in (
        (tmp_path, ".gemini/agents/top.md"),
        (tmp_path / "src", "../.gemini/agents/top.md"),
    ):
        (entry,) = json.loads(run_cli("check", "--format", "json", named, cwd=cwd, env=env).out)[
            "files"
        ]
        verdicts.append((entry["harness"]["loads"], entry["harness"]["name"]))
    assert verdicts == [(True, "top"), (True, "top")]


def test_claude_config_dir_moves_the_user_folder(tmp_path):
    """As a run of Claude Code 2.1.332 shows: with CLAUDE_CONFIG_DIR set, its `agents/` is the
    user level and `~/.claude/agents` is not read."""
    home = tmp_path / "home"
    for folder, name in ((home / "alt/agents", "in-alt"), (home / ".claude/agents", "in-dot")):
        folder.mkdir(parents=True)
        (folder / f"{name}.md").write_text(TWIN.replace("twin", name))
    project = tmp_path / "project"
    project.mkdir()
    env = {"HOME": str(home), "CLAUDE_CONFIG_DIR": str(home / "alt")}
    args = ("catalog", "--harness", "claude-code", "--format", "json")
    moved = json.loads(run_cli(*args, cwd=project, env=env).out)
    plain = json.loads(run_cli(*args, cwd=project, env={"HOME": str(home)}).out)
    names = lambda catalog: {e["name"] for e in catalog["entries"] if e["uri"]}  # noqa: E731
    assert names(moved) == {"in-alt"} and names(plain) == {"in-dot"}
    assert "user $CLAUDE_CONFIG_DIR/agents" in {s["label"] for s in moved["sources"]}


def test_gemini_cli_home_moves_the_user_folder(tmp_path):
    """As a run of Gemini CLI 0.61.0 shows: with GEMINI_CLI_HOME set, its `.gemini/agents` is
    the user level and `~/.gemini/agents` is not read."""
    home = tmp_path / "home"
    for folder, name in (
        (home / "alt/.gemini/agents", "in_alt"),
        (home / ".gemini/agents", "in_dot"),
    ):
        folder.mkdir(parents=True)
        (folder / f"{name}.md").write_text(TWIN.replace("twin", name))
    project = tmp_path / "project"
    project.mkdir()
    env = {"HOME": str(home), "GEMINI_CLI_HOME": str(home / "alt")}
    args = ("catalog", "--harness", "gemini", "--format", "json")
    moved = json.loads(run_cli(*args, cwd=project, env=env).out)
    plain = json.loads(run_cli(*args, cwd=project, env={"HOME": str(home)}).out)
    names = lambda catalog: {e["name"] for e in catalog["entries"] if e["uri"]}  # noqa: E731
    assert names(moved) == {"in_alt"} and names(plain) == {"in_dot"}
    assert "user $GEMINI_CLI_HOME/.gemini/agents" in {s["label"] for s in moved["sources"]}


def test_why_names_a_folder_above_the_project_relative_to_it(tmp_path):
    """A package of a repository: Claude Code also reads the `.claude/agents` of the
    repository's top, which `why` names relative to the package (`../..`); no target names a
    folder by an absolute path, which differs from one clone to the next."""
    top = tmp_path / "repö"
    (top / ".git").mkdir(parents=True)
    path = top / ".claude/agents/reviewer.md"
    path.parent.mkdir(parents=True)
    path.write_text(TOOLS_STRING, encoding="utf-8")
    package = top / "packages" / "web"
    (package / ".claude/agents").mkdir(parents=True)
    run = run_cli("check", "--format", "json", str(path), cwd=package,
                  env={"HOME": str(tmp_path / "home")})  # fmt: skip
    (entry,) = run.json["files"]
    whys = {h["id"]: h["why"] for h in entry["harnesses"]}
    assert whys["claude-code"] == "reads `project ../../.claude/agents`", whys
    assert str(tmp_path) not in json.dumps(entry["harnesses"])


@pytest.mark.parametrize(
    ("where", "text", "harness", "reads"),
    [
        (  # written for Copilot CLI by its name, in a folder Copilot does not read
            "docs/helper.agent.md",
            "---\nname: helper\ndescription: Writes docs. Use when a page is stale.\n"
            "tools: [read, edit]\n---\nBody.\n",
            "copilot",
            "project .github/agents",
        ),
        (  # written for Claude Code by its fields, in a collection's folder
            "agents/reviewer.md",
            "---\nname: reviewer\ndescription: Reviews code. Use when a change is ready.\n"
            "tools: Read, Grep\nmodel: sonnet\n---\nBody.\n",
            "claude-code",
            "project .claude/agents",
        ),
    ],
)
def test_a_file_written_for_a_harness_outside_its_folders_is_read_elsewhere(
    tmp_path, where, text, harness, reads
):
    """Judged for its harness (its findings are that harness's) but not said to load: the
    harness reads no file there. The verdict says where it reads, as a verdict and not as a
    finding: no `harness-skip`, no line "not loaded" in the text report."""
    (tmp_path / ".git").mkdir()
    (tmp_path / where).parent.mkdir(parents=True)
    (tmp_path / where).write_text(text, encoding="utf-8")
    run = check(tmp_path, "--format", "json", where)
    (entry,) = run.json["files"]
    assert entry["dialect"] == harness
    verdict = entry["harness"]
    assert (verdict["loads"], verdict["outcome"]) == (False, "elsewhere")
    assert verdict["name"] == Path(where).name.split(".")[0]
    assert verdict["reason"].startswith("it does not read this folder; it reads ")
    assert reads in verdict["reason"] and str(tmp_path) not in verdict["reason"]
    assert "harness-skip" not in {d["code"] for d in entry["diagnostics"]}
    text_run = check(tmp_path, where)
    assert "not loaded" not in text_run.out
    placed = tmp_path / reads.split(" ", 1)[1] / Path(where).name
    placed.parent.mkdir(parents=True)
    placed.write_bytes((tmp_path / where).read_bytes())
    moved = check(tmp_path, "--format", "json", str(placed.relative_to(tmp_path)))
    assert moved.json["files"][0]["harness"]["loads"] is True
