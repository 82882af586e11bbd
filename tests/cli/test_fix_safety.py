"""``check --fix`` through the console script never damages a file: typos that used to lose
frontmatter lines, fixes that changed an agent's identity or renamed another harness's field,
tagged values, and files whose permissions, owner, extended attributes or hard links a rewrite
would break, a file edited while it is fixed, links out of the folders checked, and what a
killed run leaves behind."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
from pathlib import Path

import pytest
from cli_helpers import run_cli

from helpers import require

DESCRIPTION = "Use this agent when you need ML infrastructure."


def write(root: Path, relative: str, text: str) -> Path:
    path = root / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def test_a_field_indented_too_deep_is_never_quoted_into_the_value_above(tmp_path):
    text = (
        f'---\nname: mlops-engineer\n    description: "{DESCRIPTION}"\ntools: Read, Grep\n'
        "---\nBody\n"
    )
    path = write(tmp_path, ".agents/agents/mlops-engineer.md", text)
    run = run_cli("check", "--fix", ".", cwd=tmp_path)
    assert path.read_text() == text  # the only fix is a guess: not applied by --fix
    assert "`description:` is indented as if it continued the value above" in run.out
    assert "1 with `--fix --unsafe-fixes`" in run.out
    assert run.code == 1
    run = run_cli("check", "--fix", "--unsafe-fixes", ".", cwd=tmp_path)
    assert path.read_text() == (
        f'---\nname: mlops-engineer\ndescription: "{DESCRIPTION}"\ntools: [Read, Grep]\n---\nBody\n'
    )
    assert run.code == 0, run.out


def test_a_field_after_a_tool_list_stays_a_field(tmp_path):
    text = (
        f"---\nname: helper\ndescription: {DESCRIPTION}\ntools: Read, Grep\n   model: x\n---\nB\n"
    )
    path = write(tmp_path, ".agents/agents/helper.md", text)
    for flags in (["--fix"], ["--fix", "--unsafe-fixes"]):
        run_cli("check", *flags, ".", cwd=tmp_path)
        assert "Grep model" not in path.read_text()
    assert "\nmodel: x\n" in path.read_text()


@pytest.mark.parametrize(
    ("relative", "line"),
    [
        (".opencode/agent/reviewer.md", "permissionMode: plan"),  # a Claude Code field
        (".claude/agents/reviewer.md", "mode: subagent"),  # an OpenCode field
        (".github/agents/reviewer.agent.md", "mode: subagent"),
    ],
)
def test_another_harness_field_is_never_renamed(tmp_path, relative, line):
    text = f"---\nname: reviewer\ndescription: {DESCRIPTION}\n{line}\n---\nBody\n"
    path = write(tmp_path, relative, text)
    run = run_cli("check", "--fix", "--unsafe-fixes", "--format", "json", ".", cwd=tmp_path)
    assert path.read_text() == text
    (entry,) = run.json["files"]
    messages = [d["message"] for d in entry["diagnostics"] if d["code"] == "field-unknown"]
    assert messages and all("Did you mean" not in m for m in messages)
    assert entry["harness"]["loads"]


def test_the_name_that_identifies_a_claude_code_agent_is_kept(tmp_path):
    text = f"---\nname: ml-ops\ndescription: {DESCRIPTION}\n---\nBody\n"
    path = write(tmp_path, ".claude/agents/mlops-engineer.md", text)
    run = run_cli("check", "--fix", "--format", "json", ".", cwd=tmp_path)
    assert path.read_text() == text
    (entry,) = run.json["files"]
    (hint,) = [d for d in entry["diagnostics"] if d["code"] == "name-mismatch"]
    assert hint["data"]["fixKind"] == "unsafe"
    assert entry["harness"]["name"] == "ml-ops"


@pytest.mark.parametrize("value", ["!!int 3", "&three 3", "!custom 3"])
def test_tagged_and_anchored_values_are_not_quoted(tmp_path, value):
    text = f"---\nname: helper\ndescription: {DESCRIPTION}\nmetadata:\n  retries: {value}\n---\nB\n"
    path = write(tmp_path, ".agents/agents/helper.md", text)
    for flags in (["--fix"], ["--fix", "--unsafe-fixes"]):
        run = run_cli("check", *flags, ".", cwd=tmp_path)
        assert path.read_text() == text and run.code == 0, run.out


BROKEN = f"---\nname: helper\ndescription: {DESCRIPTION}\ntools: Read, Grep\n---\nBody\n"
FIXED = BROKEN.replace("tools: Read, Grep", "tools: [Read, Grep]")


def test_a_read_only_file_is_left_alone(tmp_path):
    path = write(tmp_path, ".agents/agents/helper.md", BROKEN)
    path.chmod(0o444)
    run = run_cli("check", "--fix", ".", cwd=tmp_path)
    assert path.read_text() == BROKEN
    assert "the file is read-only; it was not changed" in run.out
    assert run.code == 1


def test_owner_group_and_mode_are_kept(tmp_path):
    path = write(tmp_path, ".agents/agents/helper.md", BROKEN)
    path.chmod(0o640)
    owner = (4321, 4321) if os.geteuid() == 0 else (os.getuid(), os.getgid())
    os.chown(path, *owner)
    run_cli("check", "--fix", ".", cwd=tmp_path)
    info = path.stat()
    assert path.read_text() == FIXED
    assert (info.st_uid, info.st_gid, stat.S_IMODE(info.st_mode)) == (*owner, 0o640)
    assert not list(path.parent.glob(".subagent-ls-*"))


def test_a_hard_linked_file_is_left_alone_with_the_reason(tmp_path):
    """A new file would split the links, and writing into the shared one could be torn by a
    kill between write and truncate: neither is done, and the output says why."""
    path = write(tmp_path, ".agents/agents/helper.md", BROKEN)
    twin = tmp_path / "kept-elsewhere.md"
    os.link(path, twin)
    run = run_cli("check", "--fix", ".", cwd=tmp_path)
    assert path.read_text() == BROKEN and twin.read_text() == BROKEN
    assert path.stat().st_ino == twin.stat().st_ino
    assert "has 2 hard links" in run.out
    assert not list(path.parent.glob(".subagent-ls-*"))


def test_a_symlinked_file_is_fixed_at_its_target(tmp_path):
    target = write(tmp_path, "shared/helper.md", BROKEN)
    link = tmp_path / ".agents/agents/helper.md"
    link.parent.mkdir(parents=True)
    link.symlink_to(target)
    run_cli("check", "--fix", ".", cwd=tmp_path)
    assert link.is_symlink() and target.read_text() == FIXED


def test_extended_attributes_and_acls_are_kept(tmp_path):
    path = write(tmp_path, ".agents/agents/helper.md", BROKEN)
    try:
        os.setxattr(path, "user.origin", b"kept")
    except OSError as error:
        pytest.skip(f"this file system takes no user extended attributes: {error}")
    run_cli("check", "--fix", ".", cwd=tmp_path)
    assert path.read_text() == FIXED
    assert os.getxattr(path, "user.origin") == b"kept"


def test_a_link_out_of_the_folders_checked_is_not_written(tmp_path):
    outside = write(tmp_path / "home", "notes/helper.md", BROKEN)
    project = tmp_path / "project"
    (project / ".agents").mkdir(parents=True)
    (project / ".agents" / "agents").symlink_to(outside.parent)
    run = run_cli("check", "--fix", ".", cwd=project)
    assert outside.read_text() == BROKEN
    assert "outside the folders checked" in run.out
    run_cli("check", "--fix", ".agents/agents/helper.md", cwd=project)  # named: it is fixed
    assert outside.read_text() == FIXED
    outside.write_text(BROKEN)
    run = run_cli("check", "--fix", "--fix-through-links", ".", cwd=project)
    assert outside.read_text() == FIXED and "outside the folders checked" not in run.out


def test_a_temporary_file_left_by_a_killed_run_is_removed(tmp_path):
    path = write(tmp_path, ".agents/agents/helper.md", BROKEN)
    probe = subprocess.Popen(["true"])  # its process id is free once it has ended
    probe.wait()
    left = path.parent / f".subagent-ls-{probe.pid}-abc123.tmp"
    left.write_text(BROKEN)
    run_cli("check", "--fix", ".", cwd=tmp_path)
    assert path.read_text() == FIXED
    assert not left.exists()


def test_an_acl_is_kept_and_no_mode_widened(tmp_path):
    require([] if shutil.which("setfacl") else ["setfacl (Debian acl)"])
    path = write(tmp_path, ".agents/agents/helper.md", BROKEN)
    subprocess.run(["setfacl", "-m", "u:nobody:rw,g::r", str(path)], check=True)
    before = subprocess.run(["getfacl", "-c", str(path)], capture_output=True, text=True).stdout
    mode = stat.S_IMODE(path.stat().st_mode)
    run_cli("check", "--fix", ".", cwd=tmp_path)
    assert path.read_text() == FIXED
    after = subprocess.run(["getfacl", "-c", str(path)], capture_output=True, text=True).stdout
    assert after == before and stat.S_IMODE(path.stat().st_mode) == mode


def test_a_file_changed_while_it_is_fixed_is_left_alone(tmp_path):
    """What ``--fix`` read is compared with the file just before the new content replaces
    it (an editor's save or a checkout in between)."""
    from subagent_ls.workspace.writing import write_text

    path = write(tmp_path, "helper.md", "saved by the editor meanwhile\n")
    problem = write_text(str(path), FIXED.encode(), BROKEN.encode())
    assert problem == "the file changed while it was being fixed; it was not changed"
    assert path.read_text() == "saved by the editor meanwhile\n"
    assert not list(tmp_path.glob(".subagent-ls-*"))
