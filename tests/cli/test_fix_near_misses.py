"""A value from a closed set written with a typo (a tool name, a boolean, an allowed value) is
reported with "Did you mean" and an unsafe fix that writes the value meant in place, through
the console script: ``check --fix`` leaves the file as it is, ``check --fix --unsafe-fixes``
writes exactly the values meant (every other byte kept: CRLF, a byte order mark, comments,
quotes), and the file then has no error and loads by the product's verdict. No fix where no
value is near, or two are as near."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import run_cli

DESCRIPTION = "Reviews pull requests for style problems. Use when a change is ready for review."


def _lines(*lines: str, crlf: bool = True, bom: bool = False) -> bytes:
    end = "\r\n" if crlf else "\n"
    return (("\ufeff" if bom else "") + end.join(lines) + end).encode()


CASES = {
    "claude-code": (
        ".claude/agents/reviewer.md",
        _lines(
            "---",
            "name: reviewer",
            f"description: {DESCRIPTION}",
            "tools: Reed, Grpe, Bash  # what it may run",
            "model: sonet",
            "background: ture",
            "---",
            "Review the change.",
        ),
        [("Reed", "Read"), ("Grpe", "Grep"), ("sonet", "sonnet"), ("ture", "true")],
    ),
    "claude-code-list": (
        ".claude/agents/reviewer.md",
        _lines(
            "---",
            "name: reviewer",
            f"description: {DESCRIPTION}",
            "tools:",
            '  - "Reed" # quoted',
            "  - 'Grpe'",
            "  - Bash",
            "---",
            "Review the change.",
            crlf=False,
        ),
        [('"Reed"', '"Read"'), ("'Grpe'", "'Grep'")],
    ),
    "opencode": (
        ".opencode/agent/reviewer.md",
        _lines(
            "---",
            f"description: {DESCRIPTION}",
            "mode: subagnet",
            "tools:",
            "  wirte: false # it must not write",
            "  edit: flase",
            "  'bash': Flase",
            "---",
            "Review the change.",
        ),
        [("subagnet", "subagent"), ("wirte", "write"), ("flase", "false"), ("Flase", "false")],
    ),
    "opencode-permission": (
        ".opencode/agent/planner.md",
        _lines(
            "---",
            f"description: {DESCRIPTION}",
            "permission:",
            "  read: allow",
            "  edit: alow",
            "  bash:",
            '    "*": ask',
            '    "git *": "dney" # careful',
            "---",
            "Plan the change.",
        ),
        [("alow", "allow"), ('"dney"', '"deny"')],
    ),
    "copilot": (
        ".github/agents/reviewer.agent.md",
        _lines(
            "---",
            "name: reviewer",
            f"description: {DESCRIPTION}",
            "infer: ture # offered to the model",
            'user-invocable: "yes"',
            "---",
            "Review the change.",
            bom=True,
        ),
        [("ture", "true"), ('"yes"', "true")],
    ),
    "gemini": (
        ".gemini/agents/reviewer.md",
        _lines(
            "---",
            "name: reviewer",
            f"description: {DESCRIPTION}",
            "tools: [read_fle, 'glob', \"grep_serch\"]  # read-only",
            "---",
            "Review the change.",
        ),
        [("read_fle", "read_file"), ('"grep_serch"', '"grep_search"')],
    ),
}


def _replaced(text: bytes, changes: list[tuple[str, str]]) -> bytes:
    for old, new in changes:
        assert text.count(old.encode()) == 1, old
        text = text.replace(old.encode(), new.encode())
    return text


@pytest.mark.parametrize("harness", list(CASES))
def test_a_typo_of_a_closed_set_is_fixed_only_with_unsafe_fixes(tmp_path, harness):
    relative, text, changes = CASES[harness]
    (tmp_path / ".git").mkdir()
    path = tmp_path / relative
    path.parent.mkdir(parents=True)
    path.write_bytes(text)
    env = {"HOME": str(tmp_path / "home")}

    run = run_cli("check", "--format", "json", relative, cwd=tmp_path, env=env)
    (entry,) = run.json["files"]
    meant = [d for d in entry["diagnostics"] if "Did you mean" in d["message"]]
    assert len(meant) == len(changes), entry["diagnostics"]
    assert all(d["data"]["fixKind"] == "unsafe" for d in meant)

    run_cli("check", "--fix", relative, cwd=tmp_path, env=env)
    assert path.read_bytes() == text  # every one of these fixes is unsafe

    run_cli("check", "--fix", "--unsafe-fixes", relative, cwd=tmp_path, env=env)
    assert path.read_bytes() == _replaced(text, changes)

    run = run_cli("check", "--format", "json", relative, cwd=tmp_path, env=env)
    (entry,) = run.json["files"]
    assert run.json["summary"]["errors"] == 0, entry["diagnostics"]
    assert not [d for d in entry["diagnostics"] if d["code"] in ("tools-unknown", "field-type")]
    assert entry["harness"]["loads"] is True, entry["harness"]


@pytest.mark.parametrize(
    ("relative", "line", "code"),
    [
        (".claude/agents/reviewer.md", "tools: Read, Bask", "tools-unknown"),  # Bash or Task
        (".claude/agents/reviewer.md", "tools: Frobnicate", "tools-unknown"),
        (".gemini/agents/reviewer.md", "tools: [frobnicate]", "tools-unknown"),
        (".github/agents/reviewer.agent.md", "infer: maybe", "field-type"),
    ],
)
def test_no_fix_without_one_near_miss(tmp_path, relative, line, code):
    (tmp_path / ".git").mkdir()
    path = tmp_path / relative
    path.parent.mkdir(parents=True)
    text = f"---\nname: reviewer\ndescription: {DESCRIPTION}\n{line}\n---\nBody\n"
    path.write_text(text)
    env = {"HOME": str(tmp_path / "home")}
    run = run_cli("check", "--format", "json", relative, cwd=tmp_path, env=env)
    (entry,) = run.json["files"]
    found = [d for d in entry["diagnostics"] if d["code"] == code]
    assert found, entry["diagnostics"]
    assert all("Did you mean" not in d["message"] and "fix" not in d.get("data", {}) for d in found)
    run_cli("check", "--fix", "--unsafe-fixes", relative, cwd=tmp_path, env=env)
    assert path.read_text() == text


def test_gemini_says_once_at_the_tool_name_that_it_refuses_the_file(tmp_path):
    (tmp_path / ".git").mkdir()
    path = tmp_path / ".gemini/agents/reviewer.md"
    path.parent.mkdir(parents=True)
    text = f"---\nname: reviewer\ndescription: {DESCRIPTION}\ntools: [glob, read_fle]\n---\nB\n"
    path.write_text(text)
    run = run_cli("check", str(Path(".gemini/agents/reviewer.md")), cwd=tmp_path)
    lines = [line for line in run.out.splitlines() if " error " in line]
    assert len(lines) == 1, run.out
    (line,) = lines
    assert line.startswith(".gemini/agents/reviewer.md:4:15: error tools-unknown [!]"), line
    assert "Did you mean `read_file`?" in line
    assert "Gemini CLI will not load this file" in line
