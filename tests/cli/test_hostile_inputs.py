"""One crafted file or setting never takes ``check`` or ``catalog`` down, nor makes them slow:
nesting of any depth in a hook matcher (read as a JavaScript regular expression for Copilot CLI)
or in a TOML file up the tree, and long runs in a line that a repair reads. Each run ends
within ``QUICK`` seconds, without a traceback (``run_cli`` fails on one), with every other file
still reported."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import run_cli

QUICK = 30
GOOD = "---\nname: good\ndescription: Reviews code. Use when a change is ready.\n---\nBody\n"


def project(tmp_path: Path, **agents: str) -> Path:
    folder = tmp_path / ".claude" / "agents"
    folder.mkdir(parents=True)
    (folder / "good.md").write_text(GOOD, encoding="utf-8")
    for name, text in agents.items():
        (folder / f"{name}.md").write_text(text, encoding="utf-8")
    return tmp_path


def hook(matcher: str) -> str:
    return (
        "---\nname: deep\ndescription: Reviews code. Use when a change is ready.\nhooks:\n"
        f"  PreToolUse:\n    - matcher: '{matcher}'\n      hooks:\n        - type: command\n"
        "          command: echo\n---\nBody\n"
    )


def reported(run) -> set[str]:
    return {Path(f["path"]).name for f in run.json["files"]}


@pytest.mark.parametrize("depth", [300, 10_000])
def test_a_matcher_nested_deep_is_read_without_recursion(tmp_path, depth):
    """V8 compiles a matcher of any nesting (up to 32,767 capturing groups), so Copilot CLI
    takes it: no finding about it, and every file is reported."""
    root = project(tmp_path, deep=hook("(" * depth + "Bash" + ")" * depth))
    run = run_cli("check", "--format", "json", cwd=root, timeout=QUICK)
    assert reported(run) == {"good.md", "deep.md"}
    deep = next(f for f in run.json["files"] if f["path"].endswith("deep.md"))
    assert not [d for d in deep["diagnostics"] if "matcher" in d["message"]]
    listed = run_cli("catalog", "--format", "json", cwd=root, timeout=QUICK)
    assert {e["name"] for e in listed.json["entries"]} >= {"good", "deep"}


def test_a_matcher_with_too_many_captures_is_the_error_v8_throws(tmp_path):
    root = project(tmp_path, deep=hook("(a)" * 32_768))
    run = run_cli("check", "--format", "json", "--targets", "copilot", cwd=root, timeout=QUICK)
    deep = next(f for f in run.json["files"] if f["path"].endswith("deep.md"))
    assert [d for d in deep["diagnostics"] if "matcher" in d["message"]], deep["diagnostics"]


@pytest.mark.parametrize("name", ["pyproject.toml", ".subagent-ls.toml"])
def test_a_toml_file_nested_10000_deep_is_a_message(tmp_path, name):
    """A pyproject.toml without our table is not read; our own settings file that cannot be
    read is a usage error that says why (exit 2), never a traceback."""
    root = project(tmp_path)
    (root / name).write_text("[tool.black]\nx = " + "[" * 10_000 + "]" * 10_000 + "\n")
    ours = name == ".subagent-ls.toml"
    for command in ("check", "catalog"):
        run = run_cli(command, "--format", "json", cwd=root, timeout=QUICK)
        assert run.code in ((2,) if ours else (0, 1)), run.err
        assert ("nest too deep to read" in run.err) is ours


@pytest.mark.parametrize("size", [10_000, 100_000])
def test_a_long_run_of_spaces_in_a_value_that_needs_quotes(tmp_path, size):
    """``description: a: b`` is repaired by quoting; a run of spaces inside the value made the
    key-line pattern behind that finding quadratic (20 s at 20,000 spaces)."""
    text = "---\nname: spaces\ndescription: a: b" + " " * size + "c\n---\nBody\n"
    root = project(tmp_path, spaces=text)
    run = run_cli("check", "--format", "json", cwd=root, timeout=QUICK)
    spaces = next(f for f in run.json["files"] if f["path"].endswith("spaces.md"))
    assert "yaml-syntax" in {d["code"] for d in spaces["diagnostics"]}


EVIL_NAME = "evil\x1b]0;pwned\x07\x1b[31m\u202e"
INJECTING = (
    f"---\nname: {EVIL_NAME}\ndescription: Reviews code. Use when ready.\ntools: 'Read\x1b[2J'\n"
    'hooks:\n  PreToolUse:\n    - matcher: "(\\n::error file=x.md::injected"\n      hooks:\n'
    "        - type: command\n          command: echo\n---\nBody\n"
)
RAW_CONTROLS = {chr(c) for c in (*range(0x20), *range(0x7F, 0xA0))} - {"\n"} | {"\u202e"}


@pytest.mark.parametrize("output", ["text", "json", "github", "sarif"])
def test_control_characters_from_a_file_are_escaped_in_every_format(tmp_path, output):
    """A name, value or matcher holding ESC, BEL, a bidi override or a newline: no raw control
    character reaches the output (``NO_COLOR``: none of ours either), and no line of it begins
    with a GitHub workflow command that the file wrote."""
    root = project(tmp_path, evil=INJECTING)
    run = run_cli("check", "--format", output, "--targets", "all", cwd=root,
                  env={"NO_COLOR": "1"}, timeout=QUICK)  # fmt: skip
    assert not set(run.out) & RAW_CONTROLS, [c for c in run.out if c in RAW_CONTROLS][:5]
    assert not [line for line in run.out.splitlines() if "injected" in line.split("::")[0:2][0]]
    if output == "text":
        assert "\\x1b" in run.out
        assert not [line for line in run.out.splitlines() if line.startswith("::")]
    listed = run_cli("catalog", "--targets", "all", cwd=root, env={"NO_COLOR": "1"})
    assert not set(listed.out) & RAW_CONTROLS


@pytest.mark.parametrize("value", ["[]#", "[]#x", "''#"])
def test_a_fix_never_runs_into_the_text_after_a_closed_value(tmp_path, value):
    """libyaml reads ``tools: []#`` as an empty list and a comment. Writing ``false`` in place
    of ``[]`` would give ``false#``, another value (which a next pass made ``["false#"]``)."""
    text = f"---\nname: f\ntools: {value}\n---\nBody\n"
    root = project(tmp_path, f=text)
    run = run_cli("check", "--fix", "--unsafe-fixes", "--dialect", "harness-subagents",
                  cwd=root, timeout=QUICK)  # fmt: skip
    assert (root / ".claude/agents/f.md").read_text(encoding="utf-8") == text
    if value.startswith("[]"):
        assert "not fixed tools-empty: the text after it on its line" in run.out


@pytest.mark.parametrize("reach", ["link", "dotdot"])
def test_a_folder_reached_by_two_paths_is_one_source(tmp_path, reach):
    """The user folder is a link to the project's (or named through ``..``): its file is one
    entry, never shadowed by itself."""
    root = project(tmp_path / "p")
    home = tmp_path / "home"
    (home / ".claude").mkdir(parents=True)
    target = root / ".claude" / "agents"
    if reach == "link":
        (home / ".claude" / "agents").symlink_to(target)
    else:
        (home / ".claude" / "agents").symlink_to(Path("..", "..", "p", ".claude", "agents"))
    run = run_cli("catalog", "--harness", "claude-code", "--home", str(home), "--format",
                  "json", cwd=root, env={"HOME": str(home)}, timeout=QUICK)  # fmt: skip
    good = [e for e in run.json["entries"] if e["name"] == "good"]
    assert len(good) == 1, good
    listed = run_cli("catalog", "--harness", "claude-code", "--home", str(home), cwd=root,
                     env={"HOME": str(home)}, timeout=QUICK)  # fmt: skip
    assert "shadowed" not in listed.out and "duplicate" not in listed.out


@pytest.mark.parametrize(
    "number", ["9" * 400, "9" * 5_000, "-" + "9" * 400, "0x" + "f" * 5_000, "1:" + "5" * 5_000]
)
def test_huge_numbers_are_read_without_a_traceback(tmp_path, number):
    """A number too large for a float (400 digits) or for Python's integer conversion (past
    4,300 digits) in any field, read by every harness's folder: infinite, as the JavaScript
    readers take it, never an exception."""
    fields = ("maxTurns", "temperature", "steps", "timeout_mins", "max_turns", "color", "name")
    text = (
        "---\ndescription: Reviews code. Use when ready.\n"
        + "".join(f"{field}: {number}\n" for field in fields)
        + "---\nBody\n"
    )
    for folder in (".claude/agents", ".opencode/agent", ".github/agents", ".gemini/agents",
                   ".agents/agents", ".synapse/agents"):  # fmt: skip
        (tmp_path / folder).mkdir(parents=True, exist_ok=True)
        (tmp_path / folder / "huge.md").write_text(text, encoding="utf-8")
    run = run_cli("check", "--format", "json", "--targets", "all", cwd=tmp_path, timeout=QUICK)
    assert len(run.json["files"]) == 6
    run_cli("check", "--fix", "--unsafe-fixes", cwd=tmp_path, timeout=QUICK)
    run_cli("catalog", "--format", "json", cwd=tmp_path, timeout=QUICK)
