"""``subagent-ls check`` through its console script: formats, exit codes, fixes, selection,
bad input, and the promise not to import the language-server libraries."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from cli_helpers import run_cli

from helpers import unprivileged

GOOD = (
    "---\nname: {name}\ndescription: Reviews code and reports defects. Use when a change is "
    "ready.\n---\nReview the change.\n"
)
REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def project(tmp_path: Path) -> Path:
    folder = tmp_path / ".agents" / "agents"
    folder.mkdir(parents=True)
    (folder / "good.md").write_text(GOOD.format(name="good"))
    (folder / "bad.md").write_text(
        "---\nname: bad\ndescription: Use this when: X happens\n---\nBody\n"
    )
    (tmp_path / "README.md").write_text("# not an agent\n")
    return tmp_path


def test_text_output_is_path_line_col_severity_code_message(project):
    run = run_cli("check", cwd=project)
    assert run.code == 1
    first = next(line for line in run.out.splitlines() if " error " in line)
    assert first.startswith(".agents/agents/bad.md:3:27: error yaml-syntax [*] Invalid YAML")
    assert "README.md" not in run.out
    assert run.out.splitlines()[-1].startswith("Checked 2 file(s): 1 error(s)")


def test_json_carries_lsp_diagnostics_and_harness_verdict(project):
    run = run_cli("check", "--format", "json", cwd=project)
    data = run.json
    assert data["version"] == 1
    files = {Path(f["path"]).name: f for f in data["files"]}
    assert files["good.md"]["harness"] == {
        "loads": True,
        "name": "good",
        "reason": None,
        "outcome": "loads",
        "description": "Reviews code and reports defects. Use when a change is ready.",
    }
    assert files["good.md"]["dialect"] == "harness-subagents"
    bad = files["bad.md"]
    assert bad["harness"]["loads"] is False and "Invalid YAML" in bad["harness"]["reason"]
    assert bad["harness"]["description"] is None  # the model sees nothing of a file not loaded
    (diagnostic,) = [d for d in bad["diagnostics"] if d["code"] == "yaml-syntax"]
    assert diagnostic["source"] == "subagent-ls"
    assert diagnostic["severity"] == 1
    assert diagnostic["range"] == {
        "start": {"line": 2, "character": 26},
        "end": {"line": 2, "character": 27},
    }
    assert data["summary"]["errors"] == 1 and data["summary"]["files"] == 2


def test_utf16_ranges_in_json_and_character_columns_in_text(tmp_path):
    agent = tmp_path / "emoji.md"
    agent.write_text("---\nname: emoji\ndescription: 😀😀 Use it: now\n---\nBody\n")
    data = run_cli("check", "--format", "json", str(agent)).json
    (diagnostic,) = [d for d in data["files"][0]["diagnostics"] if d["code"] == "yaml-syntax"]
    assert diagnostic["range"]["start"] == {"line": 2, "character": 24}
    text = run_cli("check", str(agent)).out
    assert f"{agent}:3:23: error yaml-syntax" in text


def test_sarif_output(project):
    run = run_cli("check", "--format", "sarif", cwd=project)
    log = run.json
    assert log["version"] == "2.1.0"
    (result,) = [r for r in log["runs"][0]["results"] if r["ruleId"] == "yaml-syntax"]
    assert result["level"] == "error"
    region = result["locations"][0]["physicalLocation"]["region"]
    assert (region["startLine"], region["startColumn"]) == (3, 27)
    rule_ids = {r["id"] for r in log["runs"][0]["tool"]["driver"]["rules"]}
    assert {"yaml-syntax", "name-mismatch", "body-length"} <= rule_ids


def test_github_annotations(project):
    run = run_cli("check", "--format", "github", cwd=project)
    (line,) = [line for line in run.out.splitlines() if line.startswith("::error")]
    assert line.startswith(
        "::error file=.agents/agents/bad.md,line=3,col=27,endLine=3,endColumn=28,"
    )
    assert "title=subagent-ls yaml-syntax::Invalid YAML" in line


def test_exit_zero_without_errors_and_two_on_usage_error(project):
    assert run_cli("check", str(project / ".agents/agents/good.md")).code == 0
    assert run_cli("check", "--select", "no-such-rule", cwd=project).code == 2
    missing = run_cli("check", "nowhere", cwd=project)
    assert missing.code == 2 and "nowhere: no such file or folder" in missing.err
    assert run_cli("check", "--format", "yaml", cwd=project).code == 2


def test_select_and_ignore(project):
    assert run_cli("check", "--ignore", "yaml-syntax", cwd=project).code == 0
    only = run_cli("check", "--select", "description-vague", "--format", "json", cwd=project)
    assert only.code == 0 and only.json["summary"]["errors"] == 0


def test_fix_rewrites_only_what_it_fixes_and_reports_it(project):
    bad = project / ".agents/agents/bad.md"
    bad.write_bytes(
        b"\xef\xbb\xbf---\r\nname: Bad\r\ndescription: Use this when: X happens # why\r\n"
        b"tools: []\r\n---\r\nBody: unchanged\r\n"
    )
    good_before = (project / ".agents/agents/good.md").read_bytes()
    run = run_cli("check", "--fix", "--format", "json", cwd=project)
    entry = next(f for f in run.json["files"] if f["path"].endswith("bad.md"))
    assert sorted(f["code"] for f in entry["fixed"]) == ["tools-empty", "yaml-syntax"]
    assert bad.read_bytes() == (
        b"\xef\xbb\xbf---\r\nname: Bad\r\ndescription: 'Use this when: X happens' # why\r\n"
        b"tools: false\r\n---\r\nBody: unchanged\r\n"
    )
    remaining = {d["code"]: d.get("data") for d in entry["diagnostics"]}
    assert remaining["name-charset"]["fixKind"] == "unsafe"  # the name is the agent's identity
    assert run.code == 1
    unsafe = run_cli("check", "--fix", "--unsafe-fixes", "--format", "json", cwd=project)
    entry = next(f for f in unsafe.json["files"] if f["path"].endswith("bad.md"))
    assert [f["code"] for f in entry["fixed"]] == ["name-charset"]
    assert bad.read_bytes() == (
        b"\xef\xbb\xbf---\r\nname: bad\r\ndescription: 'Use this when: X happens' # why\r\n"
        b"tools: false\r\n---\r\nBody: unchanged\r\n"
    )
    assert (project / ".agents/agents/good.md").read_bytes() == good_before
    assert unsafe.code == 0


def test_without_fix_nothing_is_written(project):
    bad = project / ".agents/agents/bad.md"
    before = bad.read_bytes()
    run_cli("check", cwd=project)
    assert bad.read_bytes() == before


def test_dialect_flag_checks_every_markdown_file(project):
    run = run_cli("check", "--dialect", "harness-subagents", "--format", "json", cwd=project)
    assert {Path(f["path"]).name for f in run.json["files"]} == {"good.md", "bad.md", "README.md"}
    unknown = run_cli("check", "--dialect", "nope", cwd=project)
    assert unknown.code == 2


def test_explicit_file_outside_agent_folders_is_checked(project):
    run = run_cli("check", "README.md", cwd=project)
    assert "frontmatter-missing" in run.out and run.code == 1


def test_bad_input_is_reported_per_file_and_the_run_goes_on(tmp_path):
    folder = tmp_path / ".agents" / "agents"
    folder.mkdir(parents=True)
    (folder / "binary.md").write_bytes(b"\x00\x01\x02\xff")
    (folder / "latin1.md").write_bytes(b"---\nname: caf\xe9\n---\n")
    (folder / "empty.md").write_bytes(b"")
    (folder / "huge.md").write_bytes(b"---\nname: huge\n---\n" + b"x" * (10 * 1024 * 1024))
    (folder / "loop").symlink_to(folder, target_is_directory=True)
    (folder / "dangling.md").symlink_to(tmp_path / "missing.md")
    (folder / "good.md").write_text(GOOD.format(name="good"))
    run = run_cli("check", "--format", "json", str(tmp_path))
    files = {Path(f["path"]).name: f for f in run.json["files"]}
    assert set(files) == {"binary.md", "latin1.md", "empty.md", "huge.md", "dangling.md", "good.md"}
    for name in ("binary.md", "latin1.md", "huge.md", "dangling.md"):
        codes = [d["code"] for d in files[name]["diagnostics"]]
        assert codes == ["file-unreadable"], (name, codes)
    assert [d["code"] for d in files["empty.md"]["diagnostics"]] == ["frontmatter-missing"]
    assert files["good.md"]["diagnostics"] == []
    assert run.code == 1


def test_unreadable_folder_is_reported():
    """A folder `check` may not read (mode 0; as root, run without the capabilities that
    bypass it) is one `file-unreadable` finding, and the rest is checked."""
    tmp_path = Path(tempfile.mkdtemp(prefix="subagent-ls-locked-"))
    folder = tmp_path / ".agents" / "agents"
    folder.mkdir(parents=True)
    (folder / "good.md").write_text(GOOD.format(name="good"))
    locked = folder / "locked"
    locked.mkdir()
    (locked / "x.md").write_text("x")
    locked.chmod(0)
    try:
        script = Path(sys.executable).with_name("subagent-ls")
        done = subprocess.run(
            unprivileged([str(script), "check", "--format", "json", str(tmp_path)]),
            capture_output=True, text=True, timeout=60,
        )  # fmt: skip
        assert "Traceback" not in done.stderr, done.stderr
        data, code = json.loads(done.stdout), done.returncode
    finally:
        locked.chmod(0o755)
        shutil.rmtree(tmp_path)
    problems = [f for f in data["files"] if f["path"].endswith("locked")]
    assert problems and problems[0]["diagnostics"][0]["code"] == "file-unreadable"
    assert "cannot be read" in problems[0]["diagnostics"][0]["message"]
    assert any(f["path"].endswith("good.md") for f in data["files"]) and code == 1


def test_settings_file_changes_severity(project):
    (project / ".subagent-ls.toml").write_text('[rules]\nyaml-syntax = "warning"\n')
    run = run_cli("check", cwd=project)
    assert run.code == 0 and run.err == ""


@pytest.mark.parametrize(
    ("setting", "said"),
    [
        ("bodyMaxLines = -1", "setting `bodyMaxLines` is invalid (Input should be greater than 0"),
        ('harness = "claude"', "'claude-code', 'synapse', 'agent-core', 'zut', 'gemini'"),
        ('colour = "red"', "`colour` is not a setting."),
        ('[rules]\nnope = "off"', "unknown rule code nope"),
    ],
)
def test_a_bad_setting_is_a_usage_error_naming_the_key_and_the_values(project, setting, said):
    """A settings file that holds an invalid value or an unknown key stops the run (exit 2),
    in one line that names the key and what it may be, as ruff does: the check would
    otherwise run with settings the user did not write."""
    (project / ".subagent-ls.toml").write_text(setting + "\n")
    run = run_cli("check", cwd=project)
    assert run.code == 2 and run.out == ""
    (line,) = run.err.splitlines()
    assert line.startswith(f"subagent-ls: {project / '.subagent-ls.toml'}: ") and said in line
    catalog = run_cli("catalog", cwd=project)
    assert catalog.code == 2 and catalog.err == run.err


def test_pyproject_settings(project):
    (project / "pyproject.toml").write_text('[tool.subagent-ls.rules]\nyaml-syntax = "off"\n')
    assert run_cli("check", cwd=project).code == 0


def test_parallel_run_matches_serial_run(tmp_path):
    sys.path.insert(0, str(REPO / "tests" / "bench"))
    from generate import generate

    generate(tmp_path, 450)
    parallel = run_cli("check", "--format", "json", cwd=tmp_path).json
    serial = run_cli("check", "--format", "json", ".agents/agents/agent-00001.md", cwd=tmp_path)
    first = next(f for f in parallel["files"] if f["path"].endswith("agent-00001.md"))
    assert serial.json["files"][0] == first
    names = [Path(f["path"]).name for f in parallel["files"]]
    assert names == sorted(names) and len(names) == 450


def test_cli_does_not_import_language_server_libraries(project):
    code = (
        "import sys; from subagent_ls.cli.main import main; main(['check', '--format', 'json']);"
        "assert not {'pygls', 'lsprotocol'} & set(sys.modules), 'imported'"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=project, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr


def test_check_from_inside_the_agent_folder(project):
    run = run_cli("check", "--format", "json", cwd=project / ".agents" / "agents")
    assert {f["path"] for f in run.json["files"]} == {"bad.md", "good.md"}


def test_empty_select_is_a_usage_error(project):
    assert run_cli("check", "--select", "", cwd=project).code == 2


def test_pyproject_without_our_table_is_not_a_settings_file(project):
    (project / "pyproject.toml").write_text('tool = 1\n[project]\ndependencies = ["subagent-ls"]\n')
    assert run_cli("check", cwd=project).code == 1  # the YAML error, at its default severity
    (project / ".agents" / ".subagent-ls.toml").write_text('[rules]\nyaml-syntax = "off"\n')
    run = run_cli("check", cwd=project)  # the nearest settings file governs the files below it
    assert run.code == 0 and run.err == ""
