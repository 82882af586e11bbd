"""A file named on the command line that lies in no git repository is answered from itself, its
harness's folders and the files beside it: neither the current folder's tree nor the folders
below its own are read, wherever it lies (an audit hook of the real console script records
every file and folder it opens or lists)."""

from __future__ import annotations

import os
from pathlib import Path

from cli_helpers import run_cli

PLAIN = "---\nname: {name}\ndescription: Reviews code. Use when a change is ready.\n---\nBody\n"
CLAUDE = PLAIN.replace("---\nBody", "tools: Read, Grep\nmodel: sonnet\n---\nBody")
AUDIT = """\
import atexit, os, sys
_seen = []
def _hook(event, args):
    if event in ("open", "os.scandir", "os.listdir") and args and isinstance(args[0], str):
        _seen.append(os.path.abspath(args[0]))
sys.addaudithook(_hook)
def _write():
    lines = "".join(path + "\\n" for path in _seen)
    with open(os.environ["AUDIT_LOG"], "w", encoding="utf-8") as log:
        log.write(lines)
atexit.register(_write)
"""


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text.format(name=path.stem), encoding="utf-8")
    return path


def big_folder(root: Path) -> Path:
    """Many Markdown notes, a collection of Claude Code agents (a walk would read the plain
    files beside it as Claude Code's), a broken agent file, a FIFO and an unreadable folder."""
    for index in range(200):
        write(root / f"area-{index % 10}" / f"note-{index}.md", "---\ntitle: x\n---\nText\n")
    for name in ("a", "b", "c", "d"):
        write(root / "projects" / "agents" / f"{name}.md", CLAUDE)
    write(root / "broken" / "agents" / "broken.md", "---\nname: [unclosed\ndescription:\n---\n")
    os.mkfifo(root / "pipe.md")
    write(root / "locked" / "agents" / "locked.md", PLAIN).parent.parent.chmod(0)
    return root


def check_audited(tmp_path: Path, path: Path, cwd: Path) -> tuple[dict, list[str]]:
    """The JSON report of ``check`` of one file, and every path the run opened or listed."""
    hook, log = tmp_path / "hook", tmp_path / "audit.log"
    hook.mkdir(exist_ok=True)
    (hook / "sitecustomize.py").write_text(AUDIT, encoding="utf-8")
    env = {"PYTHONPATH": str(hook), "AUDIT_LOG": str(log), "HOME": str(tmp_path / "home")}
    run = run_cli("check", "--format", "json", str(path), cwd=cwd, env=env, timeout=60)
    assert run.code == 0 and not run.err, run.err
    read = log.read_text("utf-8").splitlines()
    assert str(path) in read  # the hook sees what the run reads
    return run.json, read


def read_as(report: dict, path: Path) -> tuple[str, str]:
    [only] = report["files"]
    assert Path(only["path"]).resolve() == path.resolve()
    return only["dialect"], only["dialectReason"]


def test_a_named_file_in_the_current_folder_is_judged_without_walking_it(tmp_path):
    big = big_folder(tmp_path / "big")
    named = write(big / "team" / "agents" / "reviewer.md", PLAIN)
    report, read = check_audited(tmp_path, named, cwd=big)
    dialect, reason = read_as(report, named)
    assert dialect == "harness-subagents" and "agent files" not in reason
    assert {p for p in read if p.startswith(f"{big}{os.sep}")} <= {str(named.parent), str(named)}
    # the folder checked as a whole is the project: its collections count
    walked = run_cli("check", "--format", "json", cwd=big)
    files = {f["path"]: f for f in walked.json["files"]}
    reason = files["team/agents/reviewer.md"]["dialectReason"]
    assert "4 of the 4 agent files in its repository are written for Claude Code" in reason


def test_a_named_file_elsewhere_reads_nothing_of_the_current_folder(tmp_path):
    big = big_folder(tmp_path / "big")
    named = write(tmp_path / "other" / "reviewer.md", PLAIN)
    report, read = check_audited(tmp_path, named, cwd=big)
    assert read_as(report, named)[0] == "harness-subagents"
    assert [p for p in read if p.startswith(f"{big}{os.sep}") or p == str(big)] == []


def test_a_named_file_above_a_big_tree_reads_only_the_files_beside_it(tmp_path):
    big = big_folder(tmp_path / "big")
    named = write(big / "reviewer.md", PLAIN)
    (tmp_path / "other").mkdir()
    report, read = check_audited(tmp_path, named, cwd=tmp_path / "other")
    dialect, reason = read_as(report, named)
    assert dialect == "harness-subagents" and "agent files" not in reason
    below = [p for p in read if p.startswith(f"{big}{os.sep}") and os.path.dirname(p) != str(big)]
    assert below == []


def test_the_agent_files_beside_a_named_file_count(tmp_path):
    folder = tmp_path / "loose"
    for name in ("a", "b", "c"):
        write(folder / f"{name}.md", CLAUDE)
    named = write(folder / "reviewer.md", PLAIN)
    (tmp_path / "other").mkdir()
    report, _ = check_audited(tmp_path, named, cwd=tmp_path / "other")
    dialect, reason = read_as(report, named)
    assert dialect == "claude-code"
    assert "3 of the 3 agent files beside it are written for Claude Code" in reason
