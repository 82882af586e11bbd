"""The controls a user has over what ``check`` reports, through the real console script:
suppression comments, ``per-file-ignores``, the settings file of each project, baselines,
``--force-exclude``, ``-q`` with ``--max-warnings``, standard input, and ``--isolated`` with the
MCP findings it changes.

Every run has an empty folder as HOME, so the user's real home never matters, and the projects
lie in folders whose names have a space and a non-ASCII letter, as users' paths do."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from cli_helpers import SCRIPT, Run, run_cli

AGENT = (
    "---\nname: rev\n"
    "description: Reviews code and reports defects. Use when a change is ready.\n"
    "tools: Read, Grepp\n---\nReview the change.\n"
)
"""A Claude Code agent whose only finding is the unknown tool `Grepp` (line 4, column 14)."""
TWO_LINES = (
    "---\nname: rev\n"
    "description: Reviews code and reports defects. Use when a change is ready.\n"
    "tools:\n  - Read\n  - Grepp\n  - Foo\n---\nReview the change.\n"
)
"""Two `tools-unknown` findings on two lines: `Grepp` on line 6, `Foo` on line 7."""
GREPP = "`Grepp` is not a tool Claude Code knows; it grants nothing. Did you mean `Grep`?"
FOO = "`Foo` is not a tool Claude Code knows; it grants nothing."


def home(tmp_path: Path) -> dict[str, str]:
    """An empty HOME for the run."""
    folder = tmp_path / "hôme dir"
    folder.mkdir(exist_ok=True)
    return {"HOME": str(folder)}


def project(tmp_path: Path, text: str = AGENT, name: str = "my projé") -> Path:
    """A git project with only ``.claude/``: one agent, ``.claude/agents/rev.md``."""
    root = tmp_path / name
    (root / ".git").mkdir(parents=True)
    write(root / ".claude/agents/rev.md", text)
    return root


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def check(tmp_path: Path, cwd: Path, *args: str) -> Run:
    return run_cli("check", *args, cwd=cwd, env=home(tmp_path))


def findings(run: Run) -> list[str]:
    """The text report's lines without the summary line."""
    return [line for line in run.out.splitlines() if not line.startswith("Checked ")]


def diagnostics(run: Run) -> list[dict]:
    """Every diagnostic of a JSON report, each with the path of its file under ``path``."""
    return [{**d, "path": f["path"]} for f in run.json["files"] for d in f["diagnostics"]]


def codes(run: Run) -> list[tuple[str, str]]:
    """(path, code) of every diagnostic of a JSON report."""
    return [(d["path"], d["code"]) for d in diagnostics(run)]


def span(line: int, start: int, end: int) -> dict:
    return {"start": {"line": line, "character": start}, "end": {"line": line, "character": end}}


def stdin_check(tmp_path: Path, cwd: Path, text: str, *args: str) -> subprocess.CompletedProcess:
    """``check`` with ``text`` on standard input (``run_cli`` gives none)."""
    done = subprocess.run(
        [str(SCRIPT), "check", *args],
        input=text,
        cwd=cwd,
        env={**os.environ, **home(tmp_path)},
        capture_output=True,
        encoding="utf-8",
        timeout=120,
    )
    assert "Traceback" not in done.stderr, done.stderr
    return done


# -- suppression comments ------------------------------------------------------------------


def test_disable_line_at_the_end_of_the_tools_line_hides_its_finding(tmp_path):
    root = project(tmp_path)
    before = check(tmp_path, root)
    assert findings(before) == [f".claude/agents/rev.md:4:14: warning tools-unknown [!] {GREPP}"]
    write(
        root / ".claude/agents/rev.md",
        AGENT.replace("Grepp\n", "Grepp  # subagent-ls: disable-line=tools-unknown\n"),
    )
    after = check(tmp_path, root)
    assert findings(after) == [], after.out
    assert after.out.splitlines() == ["Checked 1 file(s): 0 error(s), 0 warning(s), 0 note(s)."]
    assert after.code == 0


def test_disable_line_hides_that_line_only(tmp_path):
    """The same code on the next line is still reported."""
    root = project(tmp_path, TWO_LINES)
    before = check(tmp_path, root)
    assert findings(before) == [
        f".claude/agents/rev.md:6:5: warning tools-unknown [!] {GREPP}",
        f".claude/agents/rev.md:7:5: warning tools-unknown {FOO}",
    ]
    write(
        root / ".claude/agents/rev.md",
        TWO_LINES.replace("- Grepp\n", "- Grepp  # subagent-ls: disable-line=tools-unknown\n"),
    )
    after = check(tmp_path, root)
    assert findings(after) == [f".claude/agents/rev.md:7:5: warning tools-unknown {FOO}"]


def test_a_reason_after_the_codes_is_not_read(tmp_path):
    root = project(
        tmp_path,
        AGENT.replace(
            "Grepp\n", "Grepp  # subagent-ls: disable-line=tools-unknown -- our fork has it\n"
        ),
    )
    run = check(tmp_path, root)
    assert findings(run) == [], run.out
    assert run.code == 0


def test_disable_next_line_hides_the_next_line_only(tmp_path):
    text = TWO_LINES.replace(
        "  - Grepp\n", "  # subagent-ls: disable-next-line=tools-unknown\n  - Grepp\n"
    )
    root = project(tmp_path, text)
    run = check(tmp_path, root)
    assert findings(run) == [f".claude/agents/rev.md:8:5: warning tools-unknown {FOO}"]


def test_disable_next_line_before_a_blank_line_hides_nothing(tmp_path):
    """The next line is the blank one: the finding after it stays, and the comment is unused."""
    text = AGENT.replace("tools: ", "# subagent-ls: disable-next-line=tools-unknown\n\ntools: ")
    root = project(tmp_path, text)
    run = check(tmp_path, root)
    comment = "# subagent-ls: disable-next-line=tools-unknown"
    column = comment.index("tools-unknown") + 1
    assert findings(run) == [
        f".claude/agents/rev.md:4:{column}: warning suppression-unused Unused suppression of "
        "`tools-unknown`: no `tools-unknown` finding is on the next line.",
        f".claude/agents/rev.md:6:14: warning tools-unknown [!] {GREPP}",
    ]


@pytest.mark.parametrize(
    "where",
    [
        pytest.param("body", id="html-comment-in-the-body"),
        pytest.param("frontmatter", id="yaml-comment-in-the-frontmatter"),
    ],
)
def test_disable_hides_the_code_in_the_whole_file(tmp_path, where):
    if where == "body":
        text = TWO_LINES + "\n<!-- subagent-ls: disable=tools-unknown -->\n"
    else:
        text = TWO_LINES.replace("---\nname", "---\n# subagent-ls: disable=tools-unknown\nname")
    root = project(tmp_path, text)
    run = check(tmp_path, root)
    assert findings(run) == [], run.out
    audit = check(tmp_path, root, "--ignore-suppressions")
    assert [line.split(": ", 1)[1] for line in findings(audit)] == [
        f"warning tools-unknown [!] {GREPP}",
        f"warning tools-unknown {FOO}",
    ]


def test_an_unused_suppression_is_reported_on_the_code_in_the_comment(tmp_path):
    line = "name: rev  # subagent-ls: disable-line=tools-unknown"
    root = project(tmp_path, AGENT.replace("name: rev\n", line + "\n"))
    run = check(tmp_path, root, "--format", "json")
    unused = [d for d in diagnostics(run) if d["code"] == "suppression-unused"]
    assert len(unused) == 1, unused
    start = line.index("tools-unknown")
    assert unused[0]["range"] == span(1, start, start + len("tools-unknown"))
    assert unused[0]["severity"] == 2
    assert unused[0]["message"] == (
        "Unused suppression of `tools-unknown`: no `tools-unknown` finding is on this line."
    )
    # the finding of the tools line is not hidden by a comment on another line
    assert [d["message"] for d in diagnostics(run) if d["code"] == "tools-unknown"] == [GREPP]


def test_a_misspelt_code_is_not_a_rule_code(tmp_path):
    comment = "# subagent-ls: disable=bodylength"
    root = project(tmp_path, AGENT.replace("tools: ", comment + "\ntools: "))
    run = check(tmp_path, root, "--format", "json")
    (unused,) = [d for d in diagnostics(run) if d["code"] == "suppression-unused"]
    start = comment.index("bodylength")
    assert unused["range"] == span(3, start, start + len("bodylength"))
    assert "`bodylength` is not a rule code" in unused["message"]
    assert "did you mean `body-length`" in unused["message"]


def test_ignore_suppressions_shows_the_hidden_findings_and_no_unused_one(tmp_path):
    text = TWO_LINES.replace(
        "- Grepp\n", "- Grepp  # subagent-ls: disable-line=tools-unknown\n"
    ).replace("name: rev\n", "name: rev  # subagent-ls: disable-line=body-length\n")
    root = project(tmp_path, text)
    plain = check(tmp_path, root)
    assert [line.split(" ")[2] for line in findings(plain)] == [
        "suppression-unused",
        "tools-unknown",
    ], plain.out
    audit = check(tmp_path, root, "--ignore-suppressions")
    assert findings(audit) == [
        f".claude/agents/rev.md:6:5: warning tools-unknown [!] {GREPP}",
        f".claude/agents/rev.md:7:5: warning tools-unknown {FOO}",
    ]


@pytest.mark.parametrize(
    "choice",
    [
        pytest.param(("--select", "tools-unknown,suppression-unused"), id="select"),
        pytest.param(("--ignore", "body-length"), id="ignore"),
    ],
)
def test_a_code_this_run_does_not_report_is_not_judged_unused(tmp_path, choice):
    text = AGENT.replace(
        "name: rev\n", "name: rev  # subagent-ls: disable-line=body-length\n"
    ).replace(
        "a change is ready.\n", "a change is ready.  # subagent-ls: disable-line=tools-unknown\n"
    )
    root = project(tmp_path, text)
    run = check(tmp_path, root, "--format", "json", *choice)
    unused = [d for d in diagnostics(run) if d["code"] == "suppression-unused"]
    # the tools-unknown comment on the description line is judged (and hides nothing there)
    assert [(d["range"]["start"]["line"], d["message"]) for d in unused] == [
        (
            2,
            "Unused suppression of `tools-unknown`: no `tools-unknown` finding is on this line.",
        )
    ]
    everything = check(tmp_path, root, "--format", "json")
    assert len([c for _, c in codes(everything) if c == "suppression-unused"]) == 2


def test_a_hidden_findings_fix_is_not_applied(tmp_path):
    """`frontmatter-fence` has a safe fix; hidden by a comment, ``--fix`` leaves the file as it
    is (byte for byte)."""
    text = AGENT.replace("tools: Read, Grepp\n---\n", "tools: Read, Grep\n-----\n")
    root = project(tmp_path, text)
    shown = check(tmp_path, root)
    assert any(" warning frontmatter-fence [*] " in line for line in findings(shown)), shown.out
    hidden = text.replace("---\nname", "---\n# subagent-ls: disable=frontmatter-fence\nname")
    path = write(root / ".claude/agents/rev.md", hidden)
    before = path.read_bytes()
    run = check(tmp_path, root, "--fix")
    assert path.read_bytes() == before
    assert "fixed" not in run.out and "frontmatter-fence" not in run.out, run.out
    assert run.code == 0


# -- per-file-ignores ----------------------------------------------------------------------

PER_FILE_IGNORES = '"legacy/**" = ["tools-unknown"]\n"*.agent.md" = ["all"]\n'


def per_file_project(tmp_path: Path) -> Path:
    """Three agent files a walk finds: ``.claude/agents/rev.md``, ``legacy/old.md`` (outside
    the agent folders, found by its `tools`) and ``.github/agents/ci.agent.md``."""
    root = project(tmp_path)
    write(
        root / "legacy/old.md",
        AGENT.replace("name: rev", "name: old").replace("tools:", "colour: red\ntools:"),
    )
    write(
        root / ".github/agents/ci.agent.md",
        "---\nname: ci\ndescription: Runs CI.\ncolour: red\ntools: Read, Grepp\n---\n",
    )
    return root


@pytest.mark.parametrize("settings", [".subagent-ls.toml", "pyproject.toml"])
@pytest.mark.parametrize("where", ["inside", "parent"])
def test_per_file_ignores_name_files_relative_to_the_settings_folder(tmp_path, settings, where):
    root = per_file_project(tmp_path)
    cwd, prefix, args = (
        (root, "", ()) if where == "inside" else (tmp_path, "my projé/", ("my projé",))
    )
    without = check(tmp_path, cwd, "--format", "json", *args)
    found = set(codes(without))
    assert {
        (f"{prefix}legacy/old.md", "tools-unknown"),
        (f"{prefix}legacy/old.md", "field-unknown"),
        (f"{prefix}.github/agents/ci.agent.md", "field-unknown"),
    } <= found, found
    if settings == "pyproject.toml":
        text = '[project]\nname = "x"\n\n[tool.subagent-ls.per-file-ignores]\n' + PER_FILE_IGNORES
    else:
        text = "[per-file-ignores]\n" + PER_FILE_IGNORES
    write(root / settings, text)
    run = check(tmp_path, cwd, "--format", "json", *args)
    assert sorted(codes(run)) == [
        (f"{prefix}.claude/agents/rev.md", "tools-unknown"),
        (f"{prefix}legacy/old.md", "field-unknown"),
    ]
    assert run.json["summary"]["files"] == 3
    assert run.code == 0


def test_per_file_ignores_with_an_unknown_code_is_a_usage_error(tmp_path):
    root = project(tmp_path)
    write(root / ".subagent-ls.toml", '[per-file-ignores]\n"legacy/**" = ["tools-unknwn"]\n')
    for cwd, args in ((root, ()), (tmp_path, ("my projé",))):
        run = check(tmp_path, cwd, *args)
        assert run.code == 2, run.err
        assert "tools-unknwn" in run.err and "per-file-ignores" in run.err
        assert run.out == ""


# -- the settings of each file -------------------------------------------------------------


def test_a_projects_settings_apply_from_inside_and_from_the_parent(tmp_path):
    root = project(tmp_path, name="proj é")
    write(root / ".subagent-ls.toml", '[rules]\ntools-unknown = "off"\n')
    for cwd, args in ((root, ()), (tmp_path, ("proj é",)), (root / ".claude", ())):
        run = check(tmp_path, cwd, *args)
        assert run.out.splitlines() == [
            "Checked 1 file(s): 0 error(s), 0 warning(s), 0 note(s)."
        ], (cwd, run.out)
        assert run.code == 0


def test_projects_side_by_side_each_get_their_own_settings(tmp_path):
    off = project(tmp_path, name="proj é")
    loud = project(tmp_path, name="other ö")
    write(off / ".subagent-ls.toml", '[rules]\ntools-unknown = "off"\n')
    write(loud / ".subagent-ls.toml", '[rules]\ntools-unknown = "error"\n')
    run = check(tmp_path, tmp_path, "proj é", "other ö")
    assert findings(run) == [f"other ö/.claude/agents/rev.md:4:14: error tools-unknown [!] {GREPP}"]
    assert run.code == 1


def test_config_overrides_the_settings_of_every_file(tmp_path):
    off = project(tmp_path, name="proj é")
    loud = project(tmp_path, name="other ö")
    write(off / ".subagent-ls.toml", '[rules]\ntools-unknown = "off"\n')
    write(loud / ".subagent-ls.toml", '[rules]\ntools-unknown = "error"\n')
    write(tmp_path / "ci cönfig.toml", '[rules]\ntools-unknown = "hint"\n')
    run = check(tmp_path, tmp_path, "--config", "ci cönfig.toml", "proj é", "other ö")
    assert findings(run) == [
        f"proj é/.claude/agents/rev.md:4:14: hint tools-unknown [!] {GREPP}",
        f"other ö/.claude/agents/rev.md:4:14: hint tools-unknown [!] {GREPP}",
    ]
    assert run.code == 0


@pytest.mark.parametrize(
    ("text", "said"),
    [
        pytest.param(
            'harness = "claude"\n',
            ["`harness`", "'claude-code'", "'opencode'", "got 'claude'"],
            id="invalid-value",
        ),
        pytest.param('colour = "red"\n', ["`colour`", "not a setting"], id="unknown-key"),
    ],
)
def test_a_bad_settings_file_is_a_usage_error(tmp_path, text, said):
    root = project(tmp_path)
    write(root / ".subagent-ls.toml", text)
    for cwd, args in ((root, ()), (tmp_path, ("my projé",))):
        run = check(tmp_path, cwd, *args)
        assert run.code == 2, (cwd, run.out, run.err)
        assert run.out == ""
        (line,) = run.err.splitlines()
        assert line.startswith("subagent-ls: ") and ".subagent-ls.toml" in line
        for part in said:
            assert part in line, line


def isolated_layout(tmp_path: Path) -> Path:
    """A project inside a folder whose ``.subagent-ls.toml`` turns `tools-unknown` off."""
    outer = tmp_path / "wörk space"
    root = project(outer, name="proj")
    write(outer / ".subagent-ls.toml", '[rules]\ntools-unknown = "off"\n')
    return root


def test_isolated_does_not_read_settings_above_the_projects_top(tmp_path):
    root = isolated_layout(tmp_path)
    plain = check(tmp_path, root)
    assert findings(plain) == []  # the settings above the project apply without --isolated
    isolated = check(tmp_path, root, "--isolated")
    assert findings(isolated) == [f".claude/agents/rev.md:4:14: warning tools-unknown [!] {GREPP}"]
    write(root / ".subagent-ls.toml", '[rules]\ntools-unknown = "error"\n')
    inside = check(tmp_path, root, "--isolated")
    assert findings(inside) == [f".claude/agents/rev.md:4:14: error tools-unknown [!] {GREPP}"]
    assert inside.code == 1


def test_isolated_does_not_read_settings_above_the_projects_top_run_from_there(tmp_path):
    """Run from the folder above the project (the one holding the user's settings file), the
    project's file is still judged without that file: the same project, the same output."""
    root = isolated_layout(tmp_path)
    run = check(tmp_path, root.parent, "--isolated", "proj")
    assert findings(run) == [f"proj/.claude/agents/rev.md:4:14: warning tools-unknown [!] {GREPP}"]


# -- baselines -----------------------------------------------------------------------------

ERRORS = '[rules]\ntools-unknown = "error"\n'


def baseline_project(tmp_path: Path) -> Path:
    """A project whose one finding, `Grepp`, is an error; its baseline written in ``b.json``."""
    root = project(tmp_path)
    write(root / ".subagent-ls.toml", ERRORS)
    assert check(tmp_path, root).code == 1
    return root


def test_write_baseline_then_baseline_hides_the_errors(tmp_path):
    root = baseline_project(tmp_path)
    written = check(tmp_path, root, "--write-baseline", "b.json")
    assert written.code == 0
    assert written.out == ""
    assert "Recorded 1 finding(s)" in written.err
    assert (root / "b.json").is_file()
    run = check(tmp_path, root, "--baseline", "b.json")
    assert run.out.splitlines() == ["Checked 1 file(s): 0 error(s), 0 warning(s), 0 note(s)."]
    assert "1 finding(s) hidden by the baseline" in run.err
    assert run.code == 0


def test_the_baseline_keeps_moved_lines_hidden_and_reports_new_findings(tmp_path):
    root = baseline_project(tmp_path)
    check(tmp_path, root, "--write-baseline", "b.json")
    moved = (
        "---\n\n\ndescription: Reviews code and reports defects. Use when a change is ready.\n"
        "model: sonnet\nname: rev\ntools: Read, Grepp\n---\nReview the change.\n"
    )
    write(root / ".claude/agents/rev.md", moved)
    run = check(tmp_path, root, "--baseline", "b.json")
    assert findings(run) == [], run.out
    assert run.code == 0
    write(root / ".claude/agents/rev.md", moved.replace("Grepp\n", "Grepp, Foo\n"))
    new = check(tmp_path, root, "--baseline", "b.json")
    assert findings(new) == [f".claude/agents/rev.md:7:21: error tools-unknown {FOO}"]
    assert "1 finding(s) hidden by the baseline" in new.err
    assert new.code == 1


def test_the_baseline_works_from_another_folder_and_in_a_copy_of_the_project(tmp_path):
    root = baseline_project(tmp_path)
    check(tmp_path, root, "--write-baseline", "b.json")
    above = check(tmp_path, tmp_path, "--baseline", "my projé/b.json", "my projé")
    assert above.out.splitlines() == ["Checked 1 file(s): 0 error(s), 0 warning(s), 0 note(s)."]
    assert "1 finding(s) hidden by the baseline" in above.err
    assert above.code == 0
    inner = check(tmp_path, root / ".claude", "--baseline", "../b.json")
    assert findings(inner) == [] and inner.code == 0, inner.out
    copy = tmp_path / "elsewhere ü" / "cöpy"
    shutil.copytree(root, copy)
    copied = check(tmp_path, copy, "--baseline", "b.json")
    assert findings(copied) == [] and copied.code == 0, copied.out
    assert "1 finding(s) hidden by the baseline" in copied.err


@pytest.mark.parametrize(
    "content",
    [
        pytest.param('{"x": 1}\n', id="other-json"),
        pytest.param("hello\n", id="text"),
        pytest.param(None, id="missing"),
    ],
)
def test_a_file_that_is_not_a_baseline_is_a_usage_error(tmp_path, content):
    root = baseline_project(tmp_path)
    if content is not None:
        write(root / "nöt a baseline.json", content)
    run = check(tmp_path, root, "--baseline", "nöt a baseline.json")
    assert run.code == 2
    assert "nöt a baseline.json" in run.err
    assert run.out == ""


def test_baseline_and_write_baseline_together_is_a_usage_error(tmp_path):
    root = baseline_project(tmp_path)
    check(tmp_path, root, "--write-baseline", "b.json")
    run = check(tmp_path, root, "--baseline", "b.json", "--write-baseline", "c.json")
    assert run.code == 2
    assert "--baseline" in run.err and "--write-baseline" in run.err
    assert not (root / "c.json").exists()


@pytest.mark.parametrize("where", ["top", "subfolder", "parent"])
def test_the_baseline_setting_does_what_the_option_does(tmp_path, where):
    """`baseline = "ci/b.json"` in the project's settings is read relative to the settings
    file, wherever ``check`` runs."""
    root = baseline_project(tmp_path)
    (root / "ci").mkdir()
    written = check(tmp_path, root, "--write-baseline", "ci/b.json")
    assert written.code == 0 and (root / "ci/b.json").is_file()
    write(root / ".subagent-ls.toml", 'baseline = "ci/b.json"\n' + ERRORS)
    cwd, args = {
        "top": (root, ()),
        "subfolder": (root / ".claude", ()),
        "parent": (tmp_path, ("my projé",)),
    }[where]
    run = check(tmp_path, cwd, *args)
    assert findings(run) == [], run.out
    assert "1 finding(s) hidden by the baseline" in run.err
    assert run.code == 0


# -- --force-exclude -----------------------------------------------------------------------

NOT_AGENTS = ("CLAUDE.md", "README.md", ".claude/skills/x/SKILL.md")


def force_project(tmp_path: Path) -> Path:
    root = project(tmp_path)
    write(root / "CLAUDE.md", "# Project\nUse the style guide.\n")
    write(
        root / "README.md",
        "---\nname: readme\ndescription: About this project and how to use it.\n---\nHello\n",
    )
    write(
        root / ".claude/skills/x/SKILL.md",
        "---\nname: x\ndescription: Does x. Use when x is needed.\n---\nDo x.\n",
    )
    return root


def test_force_exclude_checks_only_the_agent_files_named(tmp_path):
    root = force_project(tmp_path)
    run = check(tmp_path, root, "--force-exclude", *NOT_AGENTS, ".claude/agents/rev.md")
    assert findings(run) == [f".claude/agents/rev.md:4:14: warning tools-unknown [!] {GREPP}"]
    assert run.out.splitlines()[-1] == (
        "Checked 1 file(s): 0 error(s), 1 warning(s), 0 note(s); 1 with `--fix --unsafe-fixes` [!]."
    )
    assert run.code == 0


def test_force_exclude_with_no_agent_file_checks_nothing_and_exits_0(tmp_path):
    root = force_project(tmp_path)
    run = check(tmp_path, root, "--force-exclude", *NOT_AGENTS)
    assert run.out.splitlines() == ["Checked 0 file(s): 0 error(s), 0 warning(s), 0 note(s)."]
    assert run.code == 0
    as_json = check(tmp_path, root, "--force-exclude", "--format", "json", *NOT_AGENTS)
    assert as_json.json["files"] == [] and as_json.json["summary"]["files"] == 0
    assert as_json.code == 0
    given = check(tmp_path, root, "--format", "json", *NOT_AGENTS)  # files named are checked
    assert [f["path"] for f in given.json["files"]] == list(NOT_AGENTS)


def test_force_exclude_skips_files_a_walk_leaves_out(tmp_path):
    root = force_project(tmp_path)
    write(root / ".claude/agents/drafts/d.md", AGENT.replace("name: rev", "name: d"))
    write(root / ".claude/agents/generated/g.md", AGENT.replace("name: rev", "name: g"))
    write(root / ".gitignore", "generated/\n")
    named = (".claude/agents/drafts/d.md", ".claude/agents/generated/g.md")
    plain = check(tmp_path, root, "--extend-exclude", "drafts", *named)
    assert len(findings(plain)) == 2, plain.out  # named files are checked as given
    run = check(
        tmp_path, root, "--force-exclude", "--extend-exclude", "drafts", *named,
        ".claude/agents/rev.md",
    )  # fmt: skip
    assert findings(run) == [f".claude/agents/rev.md:4:14: warning tools-unknown [!] {GREPP}"]
    assert run.code == 0


def test_show_files_with_force_exclude_says_why_each_file_is_skipped(tmp_path):
    root = force_project(tmp_path)
    write(root / ".claude/agents/drafts/d.md", AGENT.replace("name: rev", "name: d"))
    write(root / ".claude/agents/generated/g.md", AGENT.replace("name: rev", "name: g"))
    write(root / ".gitignore", "generated/\n")
    run = check(
        tmp_path, root, "--show-files", "--force-exclude", "--extend-exclude", "drafts",
        *NOT_AGENTS, ".claude/agents/drafts/d.md", ".claude/agents/generated/g.md",
        ".claude/agents/rev.md",
    )  # fmt: skip
    assert run.code == 0
    lines = {line.split(": ", 1)[0]: line.split(": ", 1)[1] for line in run.out.splitlines()[:-1]}
    assert lines[".claude/agents/rev.md"].startswith("checked")
    assert lines["CLAUDE.md"].startswith("not checked") and "CLAUDE.md" in lines["CLAUDE.md"]
    assert lines["README.md"].startswith("not checked") and "README" in lines["README.md"]
    skill = lines[".claude/skills/x/SKILL.md"]
    assert skill.startswith("not checked, skill") and "SKILL.md" in skill
    assert lines[".claude/agents/drafts/d.md"].startswith("not walked")
    assert "excluded" in lines[".claude/agents/drafts/d.md"]
    assert "drafts" in lines[".claude/agents/drafts/d.md"]
    generated = lines[".claude/agents/generated/g.md"]
    assert generated.startswith("not walked") and "ignored by git" in generated
    assert "`generated/` in .gitignore" in generated
    assert run.out.splitlines()[-1].startswith("1 file(s) to check, 3 Markdown file(s)")


# -- -q and --max-warnings -----------------------------------------------------------------


def test_quiet_with_max_warnings_fails_on_the_warnings_it_does_not_show(tmp_path):
    root = project(tmp_path)
    loud = check(tmp_path, root, "--max-warnings", "0")
    assert loud.code == 1 and len(findings(loud)) == 1
    quiet = check(tmp_path, root, "-q", "--max-warnings", "0")
    assert quiet.code == 1
    assert quiet.out == ""
    assert check(tmp_path, root, "-q").code == 0  # warnings alone: exit 0, as without -q
    assert check(tmp_path, root, "-q", "--max-warnings", "1").code == 0


def test_quiet_prints_only_the_errors(tmp_path):
    root = project(tmp_path)
    write(root / ".claude/agents/err.md", "---\nname: err\n---\nDo things.\n")
    run = check(tmp_path, root, "-q", "--max-warnings", "0")
    lines = run.out.splitlines()
    assert lines and all(" warning " not in line and " info " not in line for line in lines)
    assert lines[0].startswith(".claude/agents/err.md:1:1: error field-required ")
    assert not any(line.startswith("Checked ") for line in lines)
    assert not any("rev.md" in line for line in lines)
    assert run.code == 1


# -- standard input ------------------------------------------------------------------------

VALID = AGENT.replace("Grepp", "Grep")


def test_stdin_without_a_file_name_has_no_name_mismatch(tmp_path):
    root = project(tmp_path, VALID)
    done = stdin_check(tmp_path, root, VALID, "--format", "json", "-")
    report = json.loads(done.stdout)
    (entry,) = report["files"]
    assert entry["path"] == "-"
    assert [d["code"] for d in entry["diagnostics"]] == []
    assert done.returncode == 0
    text = stdin_check(tmp_path, root, VALID, "-")
    assert text.stdout.splitlines() == ["Checked 1 file(s): 0 error(s), 0 warning(s), 0 note(s)."]


def test_stdin_fixes_without_a_file_name_do_not_rename(tmp_path):
    root = project(tmp_path, VALID)
    done = stdin_check(tmp_path, root, VALID, "--fix", "--unsafe-fixes", "-")
    assert done.stdout == VALID
    assert done.returncode == 0


def test_stdin_with_a_file_name_reports_name_mismatch(tmp_path):
    root = project(tmp_path, VALID)
    args = ("--stdin-filename", ".claude/agents/other.md", "--format", "json", "-")
    done = stdin_check(tmp_path, root, VALID, *args)
    (entry,) = json.loads(done.stdout)["files"]
    assert entry["path"] == ".claude/agents/other.md"
    (mismatch,) = [d for d in entry["diagnostics"] if d["code"] == "name-mismatch"]
    assert "`rev`" in mismatch["message"] and "`other.md`" in mismatch["message"]
    assert not (root / ".claude/agents/other.md").exists()


# -- --isolated and MCP servers ------------------------------------------------------------

MCP = VALID.replace("tools: Read, Grep", "tools: Read, mcp__github__create_issue")


def mcp_findings(run: Run) -> list[dict]:
    return [d for d in diagnostics(run) if d["code"] == "tools-mcp-unknown"]


def test_a_server_in_the_users_claude_json_counts_but_not_with_isolated(tmp_path):
    root = project(tmp_path, MCP)
    write(
        Path(home(tmp_path)["HOME"]) / ".claude.json",
        json.dumps({"mcpServers": {"github": {"command": "gh-mcp"}}}),
    )
    plain = check(tmp_path, root, "--format", "json")
    assert mcp_findings(plain) == [], plain.out
    isolated = check(tmp_path, root, "--format", "json", "--isolated")
    (finding,) = mcp_findings(isolated)
    assert "user-level configuration" in finding["message"]
    assert "is not read with `--isolated`" in finding["message"]
    assert "machine" not in finding["data"]
    assert finding["data"]["server"] == "github"
    assert finding["data"]["tools"] == ["mcp__github__create_issue"]
    line = MCP.splitlines()[3]
    start = line.index("mcp__")
    assert finding["range"] == span(3, start, len(line))


def test_without_the_home_configuration_the_finding_says_this_machine(tmp_path):
    root = project(tmp_path, MCP)
    run = check(tmp_path, root, "--format", "json")
    (finding,) = mcp_findings(run)
    assert finding["data"]["machine"] is True
    assert "on this machine" in finding["message"]
    assert finding["severity"] == 2


def test_the_tools_of_one_unknown_server_are_one_finding(tmp_path):
    names = [f"mcp__gh__{x}" for x in "abcde"]
    line = "tools: Read, " + ", ".join(names)
    root = project(tmp_path, VALID.replace("tools: Read, Grep", line))
    run = check(tmp_path, root, "--format", "json")
    (finding,) = mcp_findings(run)
    assert finding["data"]["server"] == "gh"
    assert finding["data"]["tools"] == names
    assert finding["range"] == span(3, line.index(names[0]), len(line))
    assert finding["message"].startswith(
        "5 tool names grant nothing: `mcp__gh__a`, `mcp__gh__b`, `mcp__gh__c` and 2 more; "
    )
    assert "mcp__gh__d" not in finding["message"]
    assert "relatedInformation" not in finding


def test_names_of_one_server_apart_are_one_finding_with_related_places(tmp_path):
    line = "tools: mcp__gh__a, Read, mcp__gh__b, mcp__gh__c"
    root = project(tmp_path, VALID.replace("tools: Read, Grep", line))
    run = check(tmp_path, root, "--format", "json")
    (finding,) = mcp_findings(run)
    assert finding["data"]["tools"] == ["mcp__gh__a", "mcp__gh__b", "mcp__gh__c"]
    start = line.index("mcp__gh__a")
    assert finding["range"] == span(3, start, start + len("mcp__gh__a"))
    uri = (root / ".claude/agents/rev.md").as_uri()
    related = [
        (r["location"]["uri"], r["location"]["range"]) for r in finding["relatedInformation"]
    ]
    assert related == [
        (uri, span(3, line.index(name), line.index(name) + len(name)))
        for name in ("mcp__gh__b", "mcp__gh__c")
    ]


def test_each_unknown_tool_of_a_comma_string_has_its_own_finding(tmp_path):
    line = "tools: Read, Grepp, Foo"
    root = project(tmp_path, VALID.replace("tools: Read, Grep", line))
    run = check(tmp_path, root, "--format", "json")
    unknown = [(d["range"], d["message"]) for d in diagnostics(run) if d["code"] == "tools-unknown"]
    assert unknown == [
        (span(3, line.index("Grepp"), line.index("Grepp") + 5), GREPP),
        (span(3, line.index("Foo"), line.index("Foo") + 3), FOO),
    ]


def test_isolated_output_is_the_same_whatever_the_machine_has(tmp_path):
    """The same project checked with `--isolated` on a bare machine and on one whose home has
    MCP servers, a user agent of the same name, Copilot's and Gemini CLI's folders and the
    harnesses' variables set: byte for byte the same report. Without `--isolated` the rich
    machine's report differs (what the home decides is said as this machine's)."""
    text = (
        "---\nname: rev\ndescription: Reviews code. Use when a change is ready.\n"
        "tools: Read, mcp__github__create_issue, Agent(helper)\n---\nReview the change.\n"
    )
    root = project(tmp_path, text)
    bare, rich = tmp_path / "bare home", tmp_path / "rich höme"
    bare.mkdir()
    write(rich / ".claude.json", json.dumps({"mcpServers": {"github": {"command": "x"}}}))
    write(rich / ".claude/agents/helper.md", AGENT.replace("name: rev", "name: helper"))
    (rich / ".copilot").mkdir()
    (rich / ".gemini").mkdir()
    moved = {"CLAUDE_CONFIG_DIR": str(rich), "COPILOT_HOME": str(rich / ".copilot")}

    def report(home: Path, *args: str, env: dict[str, str] | None = None) -> Run:
        return run_cli("check", "--format", "json", *args, cwd=root,
                       env={"HOME": str(home), **(env or {})})  # fmt: skip

    isolated = [
        report(bare, "--isolated"),
        report(rich, "--isolated"),
        report(rich, "--isolated", env=moved),
    ]
    assert isolated[0].out == isolated[1].out == isolated[2].out
    assert {d["code"] for d in diagnostics(isolated[0])} >= {"tools-mcp-unknown"}
    plain_bare, plain_rich = report(bare), report(rich)
    assert plain_bare.out != plain_rich.out
    machine = [d for d in diagnostics(plain_bare) if d.get("data", {}).get("machine")]
    assert {d["code"] for d in machine} == {"tools-mcp-unknown", "agent-unknown"}
