"""The command line's linter conventions (those of ruff and eslint), through the console script:
a severity on each line, fix marks, files the harness will not load, colour on a terminal,
``--quiet``, ``--statistics``, help with examples, ``--version``, and help instead of a silent
language server when started bare on a terminal."""

from __future__ import annotations

import json
import os
import pty
import re
import select
import subprocess
from pathlib import Path

import pytest
from cli_helpers import SCRIPT, run_cli

from subagent_ls.harnesses.registry import DIALECTS

DESCRIPTION = "Reviews code and reports defects. Use when a change is ready for review."
ANSI = re.compile(r"\x1b\[[0-9;]*m")
PINS = json.loads((Path(__file__).parents[1] / "harness" / "pins.json").read_text())


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return write_project(tmp_path)


def write_project(root: Path) -> Path:
    folder = root / ".agents" / "agents"
    folder.mkdir(parents=True)
    # yaml-syntax (error, safe fix) and not loaded
    (folder / "broken.md").write_text(
        "---\nname: broken\ndescription: Reviews code. Use when: a change is ready.\n---\nB\n"
    )
    # name-mismatch (error, unsafe fix)
    (folder / "renamed.md").write_text(f"---\nname: other\ndescription: {DESCRIPTION}\n---\nB\n")
    # metadata-value (warning, safe fix)
    (folder / "meta.md").write_text(
        f"---\nname: meta\ndescription: {DESCRIPTION}\nmetadata:\n  version: 2.0\n---\nB\n"
    )
    return root


def on_terminal(*args: str, cwd: Path, env: dict[str, str], stdin_tty: bool = False) -> str:
    """Run the console script with stdout (and optionally stdin) a terminal; what it printed."""
    main, child = pty.openpty()
    with subprocess.Popen(
        [str(SCRIPT), *args],
        cwd=cwd,
        env={**os.environ, **env},
        stdin=child if stdin_tty else subprocess.DEVNULL,
        stdout=child,
        stderr=child,
    ) as process:
        os.close(child)
        chunks = []
        while True:
            ready, _, _ = select.select([main], [], [], 60)
            if not ready:
                process.kill()
                pytest.fail(f"no output for 60 s; so far: {b''.join(chunks)!r}")
            try:
                chunk = os.read(main, 65536)
            except OSError:  # the terminal is closed once the process has ended
                break
            if not chunk:
                break
            chunks.append(chunk)
        assert process.wait(timeout=60) in (0, 1)
    os.close(main)
    return b"".join(chunks).decode().replace("\r\n", "\n")


def test_each_line_shows_severity_fix_mark_and_files_not_loaded(project):
    run = run_cli("check", env={"FORCE_COLOR": ""}, cwd=project)
    assert run.code == 1
    assert run.out.splitlines() == [
        ".agents/agents/broken.md:3:36: error yaml-syntax [*] Invalid YAML: mapping values are "
        "not allowed in this context. Likely cause: an unquoted `: ` inside a plain value; quote "
        "the value. A harness that parses YAML strictly will not load this file.",
        ".agents/agents/broken.md: not loaded by the harness (rejected)",
        ".agents/agents/meta.md:5:12: warning metadata-value [*] metadata value `2.0` is a "
        "number, not a string; harnesses that expect strings may drop or misread it.",
        ".agents/agents/renamed.md:2:7: error name-mismatch [!] `name` is `other` but the file "
        "is `renamed.md`; the file name identifies the subagent, so they must match.",
        ".agents/agents/renamed.md: not loaded by the harness (rejected)",
        "Checked 3 file(s): 2 error(s), 1 warning(s), 0 note(s); 2 fixable with `--fix` [*], "
        "1 with `--fix --unsafe-fixes` [!]. 2 file(s) not loaded by their harness.",
    ]


def test_the_fix_marks_say_what_fix_and_unsafe_fixes_fix(project):
    run_cli("check", "--fix", cwd=project)
    after = run_cli("check", cwd=project)
    assert after.out.splitlines() == [
        ".agents/agents/renamed.md:2:7: error name-mismatch [!] `name` is `other` but the file "
        "is `renamed.md`; the file name identifies the subagent, so they must match.",
        ".agents/agents/renamed.md: not loaded by the harness (rejected)",
        "Checked 3 file(s): 1 error(s), 0 warning(s), 0 note(s); "
        "1 with `--fix --unsafe-fixes` [!]. 1 file(s) not loaded by their harness.",
    ]
    run_cli("check", "--fix", "--unsafe-fixes", cwd=project)
    assert run_cli("check", cwd=project).out.splitlines() == [
        "Checked 3 file(s): 0 error(s), 0 warning(s), 0 note(s)."
    ]


@pytest.mark.parametrize(
    ("env", "coloured"),
    [
        ({"NO_COLOR": "", "FORCE_COLOR": ""}, True),
        ({"NO_COLOR": "1", "FORCE_COLOR": ""}, False),
        ({"NO_COLOR": "", "FORCE_COLOR": "0"}, False),
        ({"NO_COLOR": "1", "FORCE_COLOR": "1"}, True),
    ],
)
def test_colour_on_a_terminal_unless_no_color(project, env, coloured):
    shown = on_terminal("check", cwd=project, env=env)
    assert bool(ANSI.search(shown)) is coloured, shown
    assert ANSI.sub("", shown) == ANSI.sub("", run_cli("check", cwd=project, env=env).out)
    if coloured:
        assert "\x1b[1;31merror\x1b[0m" in shown and "\x1b[1;33mwarning\x1b[0m" in shown


@pytest.mark.parametrize(
    ("args", "env", "coloured"),
    [
        ([], {"TERM": "dumb"}, False),
        (["--color", "never"], {}, False),
        (["--color", "always"], {"NO_COLOR": "1", "TERM": "dumb"}, True),
        (["--color", "auto"], {"TERM": "xterm-256color"}, True),
    ],
)
def test_color_option_and_a_dumb_terminal(project, args, env, coloured):
    """``--color`` decides over the environment; ``auto`` leaves a ``TERM=dumb`` terminal plain."""
    shown = on_terminal("check", *args, cwd=project, env={"NO_COLOR": "", "FORCE_COLOR": "", **env})
    assert bool(ANSI.search(shown)) is coloured, shown


def test_exit_zero_and_max_warnings(project):
    """As ruff's ``--exit-zero`` and eslint's ``--max-warnings``: the project has errors and
    one warning."""
    assert run_cli("check", cwd=project).code == 1
    assert run_cli("check", "--exit-zero", cwd=project).code == 0
    warnings_only = ["--ignore", "yaml-syntax,name-mismatch,harness-skip"]
    assert run_cli("check", *warnings_only, cwd=project).code == 0
    assert run_cli("check", *warnings_only, "--max-warnings", "1", cwd=project).code == 0
    assert run_cli("check", *warnings_only, "--max-warnings", "0", cwd=project).code == 1
    too_many = run_cli("check", *warnings_only, "--max-warnings", "0", "--exit-zero", cwd=project)
    assert too_many.code == 0
    bad = run_cli("check", "--max-warnings", "some", cwd=project)
    assert bad.code == 2 and "not a count of warnings: 'some'" in bad.err


def test_output_file_takes_the_report(project, tmp_path):
    expected = run_cli("check", "--format", "json", cwd=project)
    written = run_cli("check", "--format", "json", "-o", "report.json", cwd=project)
    assert (written.code, written.out) == (expected.code, "")
    assert json.loads((project / "report.json").read_text()) == expected.json
    listed = run_cli("check", "--show-files", "--output-file", "files.txt", cwd=project)
    assert listed.out == "" and "broken.md" in (project / "files.txt").read_text()
    refused = run_cli("check", "--fix", "-o", str(tmp_path / "no/such/folder/r.txt"), cwd=project)
    assert refused.code == 2 and "cannot write" in refused.err
    assert "Use when: a change" in (project / ".agents/agents/broken.md").read_text()  # unfixed


def test_a_report_cut_short_by_its_reader_keeps_the_exit_code(project):
    """``subagent-ls check | head`` in CI fails as ``subagent-ls check`` does: a closed stdout
    ends the report, not the run, and nothing is said about the pipe."""
    for args, code in ((["check"], 1), (["check", "--exit-zero"], 0)):
        process = subprocess.Popen(
            [str(SCRIPT), *args], cwd=project, stdout=subprocess.PIPE, stderr=subprocess.PIPE
        )
        process.stdout.close()  # the reader is gone before the first line
        assert process.wait(timeout=60) == code
        assert process.stderr.read() == b""
        process.stderr.close()


def test_a_bad_option_is_said_with_the_command_usage(project):
    run = run_cli("check", "--no-such-option", cwd=project)
    assert run.code == 2
    assert run.err.startswith("usage: subagent-ls check ")
    assert run.err.splitlines()[-1] == (
        "subagent-ls check: error: unrecognized arguments: --no-such-option"
    )


def test_force_color_colours_a_pipe_and_no_color_is_plain(project):
    assert ANSI.search(run_cli("check", cwd=project, env={"FORCE_COLOR": "1"}).out)
    plain = run_cli("check", cwd=project, env={"NO_COLOR": "", "FORCE_COLOR": ""}).out
    assert not ANSI.search(plain)


def test_quiet_reports_errors_only_and_no_summary(project):
    run = run_cli("check", "--quiet", cwd=project, env={"FORCE_COLOR": ""})
    assert run.code == 1
    lines = run.out.splitlines()
    assert [line.split(": ")[1].split()[0] for line in lines if line.count(":") > 2] == [
        "error",
        "error",
    ]
    assert "warning" not in run.out and not any(line.startswith("Checked") for line in lines)
    quiet = run_cli("check", "-q", "--format", "json", cwd=project).json
    assert quiet["summary"]["warnings"] == 0 and quiet["summary"]["errors"] == 2


def test_statistics_count_per_code(project):
    run = run_cli("check", "--statistics", cwd=project, env={"FORCE_COLOR": ""})
    assert run.code == 1
    rows = [line.split() for line in run.out.splitlines()[:-1]]
    assert [row[:4] for row in rows] == [
        ["1", "warning", "metadata-value", "[*]"],
        ["1", "error", "name-mismatch", "[!]"],
        ["1", "error", "yaml-syntax", "[*]"],
    ]
    assert run.out.splitlines()[-1].startswith("Checked 3 file(s): 2 error(s), 1 warning(s)")
    document = run_cli("check", "--statistics", "--format", "json", cwd=project).json
    assert document["version"] == 1
    assert {(s["code"], s["count"], s["fixKind"]) for s in document["statistics"]} == {
        ("metadata-value", 1, "safe"),
        ("name-mismatch", 1, "unsafe"),
        ("yaml-syntax", 1, "safe"),
    }
    refused = run_cli("check", "--statistics", "--format", "sarif", cwd=project)
    assert refused.code == 2
    assert refused.err == "subagent-ls: --statistics needs --format text or json, not sarif\n"


@pytest.mark.parametrize("option", ["--unsafe-fixes", "--fix-through-links"])
def test_an_option_of_fixing_without_fix_is_refused(project, option):
    """An option that changes what ``--fix`` does is an error without it (not silently
    ignored): the user meant to fix."""
    run = run_cli("check", option, cwd=project)
    assert (run.code, run.out) == (2, "")
    assert run.err == f"subagent-ls: {option} only works with --fix\n"


@pytest.mark.parametrize("command", [[], ["check"], ["catalog"], ["schema"], ["serve"]])
def test_help_has_examples(command):
    run = run_cli(*command, "--help")
    assert run.code == 0
    examples = run.out.split("examples:\n", 1)[1]
    assert f"  subagent-ls {' '.join(command)}".rstrip() in examples


def test_version_names_the_harness_versions_the_dialects_were_verified_against():
    run = run_cli("--version")
    assert run.code == 0
    first, heading, *rows = run.out.splitlines()
    assert first.startswith("subagent-ls 0.")
    assert heading == "dialects verified against the harnesses' own loaders:"
    shown = {row.split()[0]: row.split()[-1] for row in rows}
    from subagent_ls.harnesses.registry import HARNESS_OF

    expected = {d: PINS[h]["version"] for d, h in HARNESS_OF.items() if h in PINS}
    assert shown == expected  # a plugin dialect is verified against its harness too


def test_bare_on_a_terminal_prints_help(tmp_path):
    shown = on_terminal(cwd=tmp_path, env={}, stdin_tty=True)
    assert shown.startswith("usage: subagent-ls [-h] [--version] COMMAND ...")
    assert "examples:" in shown


def test_bare_with_stdin_a_pipe_is_the_language_server(tmp_path):
    body = json.dumps(
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}}
    )
    exit_ = json.dumps({"jsonrpc": "2.0", "method": "exit"})
    frames = "".join(f"Content-Length: {len(m)}\r\n\r\n{m}" for m in (body, exit_))
    done = subprocess.run(
        [str(SCRIPT)], input=frames.encode(), cwd=tmp_path, capture_output=True, timeout=120
    )
    header, _, answer = done.stdout.partition(b"\r\n\r\n")
    assert header.startswith(b"Content-Length: ")
    assert json.loads(answer)["result"]["serverInfo"]["name"] == "subagent-ls"


def test_schema_titles_are_the_keys():
    for dialect in DIALECTS:
        schema = run_cli("schema", "--dialect", dialect).json
        assert {key: p["title"] for key, p in schema["properties"].items()} == {
            key: key for key in schema["properties"]
        }
    claude = run_cli("schema", "--dialect", "claude-code").json
    assert claude["properties"]["disallowedTools"]["title"] == "disallowedTools"


def test_catalog_json_has_a_version_like_check(tmp_path):
    catalog = run_cli(
        "catalog", "--home", str(tmp_path), "--root", str(tmp_path), "--format", "json"
    )
    check = run_cli("check", "--format", "json", str(tmp_path))
    assert catalog.json["version"] == check.json["version"] == 1


def test_an_empty_catalog_says_where_it_looked(tmp_path):
    home, root = tmp_path / "home", tmp_path / "project"
    home.mkdir()
    root.mkdir()
    run = run_cli("catalog", "--home", str(home), "--root", str(root), cwd=root)
    assert run.code == 0
    header, blank, said = run.out.splitlines()
    assert header.startswith("Catalog for harness-subagents: user ~/.agents/agents < ")
    assert blank == "" and said.startswith("No agent file: none of these folders holds one.")
    assert "--show-files" in said


STDIN_AGENT = f"---\nname: r\ndescription: {DESCRIPTION}\ntools: Read, Grep\n---\nBody\n"


def _with_stdin(*args: str, cwd: Path, text: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(SCRIPT), *args], cwd=cwd, input=text, capture_output=True, text=True, timeout=60
    )


def test_standard_input_is_checked_as_the_file_it_stands_for(tmp_path):
    """As ruff's and eslint's ``-`` with ``--stdin-filename``: the name decides the dialect,
    the report names it, nothing is read from or written to disk; with ``--fix`` the fixed
    text goes to stdout and the report to stderr."""
    named = ("-", "--stdin-filename", ".agents/agents/r.md")
    run = _with_stdin("check", *named, cwd=tmp_path, text=STDIN_AGENT)
    assert run.returncode == 1
    assert run.stdout.startswith(".agents/agents/r.md:4:8: error tools-format [*] ")
    fixed = _with_stdin("check", "--fix", *named, cwd=tmp_path, text=STDIN_AGENT)
    assert fixed.returncode == 0
    assert fixed.stdout == STDIN_AGENT.replace("tools: Read, Grep", "tools: [Read, Grep]")
    assert fixed.stderr.startswith(".agents/agents/r.md:4:8: fixed tools-format\n")
    assert list(tmp_path.iterdir()) == []
    diff = _with_stdin("check", "--diff", *named, cwd=tmp_path, text=STDIN_AGENT)
    assert diff.returncode == 1
    assert "-tools: Read, Grep\n+tools: [Read, Grep]\n" in diff.stdout
    assert diff.stdout.startswith("--- .agents/agents/r.md\n+++ .agents/agents/r.md\n")
    judged = _with_stdin("check", "--format", "json", "-", cwd=tmp_path, text=STDIN_AGENT)
    (report,) = json.loads(judged.stdout)["files"]
    assert report["path"] == "-" and report["dialect"] == "claude-code"  # by its tool names


def test_standard_input_is_checked_alone(tmp_path):
    for args in (["-", "other.md"], ["--stdin-filename", "a.md", "."]):
        run = _with_stdin("check", *args, cwd=tmp_path, text=STDIN_AGENT)
        assert run.returncode == 2 and "is checked alone" in run.stderr


def test_diff_shows_what_fix_would_change_and_writes_nothing(project):
    """As ruff's ``--diff``: a unified diff per file the safe fixes change, a count on stderr,
    exit 1 while there is something to fix, 0 once there is not."""
    before = {p: p.read_text() for p in (project / ".agents/agents").iterdir()}
    run = run_cli("check", "--diff", cwd=project)
    assert run.code == 1
    assert {p: p.read_text() for p in before} == before
    assert run.out.startswith(
        "--- .agents/agents/broken.md\n+++ .agents/agents/broken.md\n@@ -1,5 +1,5 @@\n"
    )
    assert '-  version: 2.0\n+  version: "2.0"\n' in run.out
    assert run.err == "Would fix 2 finding(s) in 2 file(s).\n"
    run_cli("check", "--fix", cwd=project)
    clean = run_cli("check", "--diff", cwd=project)
    assert (clean.code, clean.out) == (0, "")
    assert clean.err == "Would fix 0 finding(s) in 0 file(s).\n"


def test_show_fixes_lists_each_fix_and_no_show_fixes_only_counts_them(tmp_path):
    shown = run_cli("check", "--fix", "--show-fixes", cwd=write_project(tmp_path / "shown"))
    fixed = [line for line in shown.out.splitlines() if ": fixed " in line]
    assert sorted(fixed) == [
        ".agents/agents/broken.md:3:36: fixed yaml-syntax",
        ".agents/agents/meta.md:5:12: fixed metadata-value",
    ]
    counted = run_cli("check", "--fix", "--no-show-fixes", cwd=write_project(tmp_path / "counted"))
    assert ": fixed " not in counted.out and ", 2 fixed" in counted.out
    assert counted.code == shown.code == 1  # name-mismatch is left: its fix is unsafe
