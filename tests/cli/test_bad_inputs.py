"""``check`` and ``catalog`` on hostile trees and files, through the console script: special
files, links into pseudo file systems and to the root, very deep trees. Each run must end
quickly, without a traceback, and say what it did not read."""

from __future__ import annotations

import os
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest
from cli_helpers import run_cli

GOOD = (
    "---\nname: {name}\ndescription: Reviews code and reports defects. Use when a change is "
    "ready.\n---\nReview the change.\n"
)
QUICK = 30
"""Seconds a run on these trees may take; the walks and reads they test never end, or end in
a traceback, without their limits."""


def messages(run_json: dict) -> dict[str, list[str]]:
    """Each reported file's name (the last part of its path) and its messages."""
    return {
        Path(f["path"]).name: [d["message"] for d in f["diagnostics"]] for f in run_json["files"]
    }


def catalog(home: Path, root: Path, *extra: str, harness: str = "claude-code"):
    args = ["--harness", harness, "--home", str(home), "--root", str(root), *extra]
    return run_cli("catalog", *args, cwd=root, env={"HOME": str(home)}, timeout=QUICK)


@pytest.fixture
def special_files(tmp_path: Path) -> Path:
    """An agent folder with a FIFO, a socket, links to character devices, and a good file."""
    folder = tmp_path / ".claude" / "agents"
    folder.mkdir(parents=True)
    os.mkfifo(folder / "fifo.md")
    (folder / "zero.md").symlink_to("/dev/zero")
    (folder / "null.md").symlink_to("/dev/null")
    here = os.getcwd()
    os.chdir(folder)  # a socket path must be short
    try:
        server = socket.socket(socket.AF_UNIX)
        server.bind("socket.md")
        server.close()
    finally:
        os.chdir(here)
    (folder / "good.md").write_text(GOOD.format(name="good"))
    return tmp_path


def test_special_files_are_reported_and_never_read(special_files):
    run = run_cli("check", "--format", "json", cwd=special_files, timeout=QUICK)
    found = messages(run.json)
    not_regular = "Cannot check this file: it is not a regular file"
    assert found["fifo.md"][0] == f"{not_regular} (a FIFO)."
    assert found["socket.md"][0] == f"{not_regular} (a socket)."
    assert found["zero.md"][0] == f"{not_regular} (a character device)."
    assert found["null.md"][0] == f"{not_regular} (a character device)."
    assert found["good.md"] == []
    assert run.code == 1


def test_a_fifo_named_on_the_command_line_is_reported(special_files):
    fifo = special_files / ".claude/agents/fifo.md"
    run = run_cli("check", str(fifo), timeout=QUICK)
    assert run.out.splitlines()[0] == (
        f"{fifo}:1:1: error file-unreadable Cannot check this file: "
        "it is not a regular file (a FIFO)."
    )


@pytest.mark.parametrize(
    "fifo",
    [
        "agents/waiting.md",  # beside a collection's agents: read for the repository's evidence
        ".gitignore",
        ".git/info/exclude",
        ".subagent-ls.toml",
        "pyproject.toml",
    ],
)
def test_a_fifo_among_the_files_a_run_reads_on_the_side_never_blocks_it(tmp_path, fifo):
    """Not only the agent files: the files read for evidence, ignore patterns and settings
    are read without blocking, and a FIFO among them is passed over (found by
    tests/bench/bench_fs_fuzz.py)."""
    (tmp_path / ".git" / "info").mkdir(parents=True)
    for index in range(3):  # no clue of their own: the repository's files are looked at
        write = tmp_path / "agents" / f"agent{index}.md"
        write.parent.mkdir(exist_ok=True)
        write.write_text(GOOD.format(name=f"agent{index}"))
    os.mkfifo(tmp_path / fifo)
    run = run_cli("check", "--format", "json", ".", cwd=tmp_path, timeout=QUICK)
    assert "agents/agent0.md" in {f["path"] for f in run.json["files"]}
    assert "Traceback" not in run.err


def test_the_catalog_skips_special_files_with_a_reason(special_files, tmp_path):
    run = catalog(tmp_path / "home", special_files, "--format", "json")
    assert run.code == 0
    assert [e["name"] for e in run.json["entries"] if e["source"] == "project"] == ["good"]
    folder = special_files / ".claude/agents"
    for name, kind in [("fifo", "a FIFO"), ("socket", "a socket"), ("zero", "a character device")]:
        line = f"subagent-ls: {folder / name}.md: skipped, it is not a regular file ({kind})"
        assert line in run.err.splitlines()


@pytest.fixture
def links_out(tmp_path: Path) -> Path:
    """Agent folders with links to /proc, /sys and the root folder, and one good file."""
    folder = tmp_path / ".claude" / "agents"
    folder.mkdir(parents=True)
    (folder / "proc").symlink_to("/proc", target_is_directory=True)
    (folder / "sys").symlink_to("/sys", target_is_directory=True)
    (folder / "root").symlink_to("/", target_is_directory=True)
    (folder / "good.md").write_text(GOOD.format(name="good"))
    return tmp_path


def test_links_to_pseudo_file_systems_and_to_the_root_are_not_walked(links_out):
    run = run_cli("check", "--format", "json", cwd=links_out, timeout=QUICK)
    found = messages(run.json)
    assert set(found) == {"good.md", "proc", "sys"}
    pseudo = "Cannot check this file: the folder is on a pseudo file system"
    assert found["proc"][0] == f"{pseudo} (proc)."
    assert found["sys"][0] == f"{pseudo} (sysfs)."


def test_the_catalog_does_not_walk_pseudo_file_systems_or_the_root(links_out, tmp_path):
    (links_out / ".subagent-ls.toml").write_text('extraDirs = ["/proc"]\n')
    run = catalog(tmp_path / "home", links_out, "--format", "json", harness="harness-subagents")
    assert run.code == 0
    assert "subagent-ls: /proc: skipped, the folder is on a pseudo file system (proc)" in run.err
    folder = links_out / ".claude/agents"
    assert f"{folder / 'proc'}: skipped, the folder is on a pseudo file system (proc)" in run.err
    project = [e["name"] for e in run.json["entries"] if e["source"] == "project-claude"]
    assert project == ["good"]


def test_a_plugin_folder_that_holds_no_plugin_gives_no_source(links_out, tmp_path):
    """Claude Code reads `extraDirs` as `--plugin-dir` folders: /proc is neither a plugin nor
    a folder of plugins, and is not walked."""
    (links_out / ".subagent-ls.toml").write_text('extraDirs = ["/proc"]\n')
    run = catalog(tmp_path / "home", links_out, "--format", "json")
    assert run.code == 0
    assert [s["level"] for s in run.json["sources"]] == ["builtin", "user", "project"]
    project = [e["name"] for e in run.json["entries"] if e["source"] == "project"]
    assert project == ["good"]


def test_a_folder_on_another_file_system_is_reported(tmp_path):
    shm = Path("/dev/shm")
    if not shm.is_dir() or shm.stat().st_dev == tmp_path.stat().st_dev:
        pytest.skip("needs /dev/shm on a file system of its own")
    folder = tmp_path / ".claude" / "agents"
    folder.mkdir(parents=True)
    (folder / "shm").symlink_to(shm, target_is_directory=True)
    run = run_cli("check", "--format", "json", cwd=tmp_path, timeout=QUICK)
    (report,) = run.json["files"]
    assert report["path"] == ".claude/agents/shm"
    assert report["diagnostics"][0]["message"] == (
        "Cannot check this file: the folder is on another file system."
    )


@pytest.fixture
def deep_folder(tmp_path: Path) -> Iterator[Path]:
    """An agent folder holding 1,000 nested folders ``a/a/...`` with ``bottom.md`` at the end
    and ``near.md`` two levels down. Built and removed one level at a time: ``os.makedirs`` and
    ``shutil.rmtree`` recurse."""
    folder = tmp_path / ".claude" / "agents"
    folder.mkdir(parents=True)
    here = os.getcwd()
    os.chdir(folder)
    try:
        for _ in range(1000):
            os.mkdir("a")
            os.chdir("a")
        Path("bottom.md").write_text(GOOD.format(name="bottom"))
    finally:
        os.chdir(here)
    (folder / "a/a/near.md").write_text(GOOD.format(name="near"))
    yield folder
    (folder / "a/a/near.md").unlink()
    os.chdir(folder)
    try:
        for _ in range(1000):
            os.chdir("a")
        os.unlink("bottom.md")
        for _ in range(1000):
            os.chdir("..")
            os.rmdir("a")
    finally:
        os.chdir(here)


def test_a_tree_a_thousand_folders_deep(tmp_path, deep_folder):
    run = run_cli("check", "--format", "json", cwd=tmp_path, timeout=QUICK)
    too_deep = ".claude/agents/" + "/".join(["a"] * 63)  # 65 levels below the current folder
    found = {f["path"]: [d["message"] for d in f["diagnostics"]] for f in run.json["files"]}
    assert list(found) == [too_deep, ".claude/agents/a/a/near.md"]
    assert found[too_deep][0] == "Cannot check this file: the folder is more than 64 levels deep."
    assert found[".claude/agents/a/a/near.md"] == []
    listed = catalog(tmp_path / "home", tmp_path, "--format", "json")
    assert [e["name"] for e in listed.json["entries"] if e["source"] == "project"] == ["near"]
    deepest = deep_folder.joinpath(*["a"] * 65)
    assert f"subagent-ls: {deepest}: skipped, the folder is more than 64 levels deep" in listed.err


@pytest.fixture
def undecodable_name(tmp_path: Path) -> Path:
    """An agent file whose name is the byte 0xff, which is not UTF-8."""
    folder = tmp_path / ".agents" / "agents"
    folder.mkdir(parents=True)
    with open(os.fsencode(folder) + b"/\xff.md", "wb") as out:
        out.write(GOOD.format(name="good").encode())
    return tmp_path


SHOWN = ".agents/agents/\\xff.md"
"""How every output shows the path: the byte that is not UTF-8 as ``\\xff``."""


@pytest.mark.parametrize("output", ["text", "json", "sarif", "github"])
def test_a_file_name_that_is_not_utf8_is_shown_escaped(undecodable_name, output):
    run = run_cli("check", "--format", output, cwd=undecodable_name)  # decodes stdout strictly
    mismatch = "`name` is `good` but the file is `\\xff.md`"
    if output == "text":
        assert run.out.startswith(f"{SHOWN}:2:7: error name-mismatch {mismatch};")
    elif output == "json":
        (report,) = run.json["files"]
        assert report["path"] == SHOWN
        assert report["diagnostics"][0]["message"].startswith(mismatch)
    elif output == "sarif":
        (result,) = run.json["runs"][0]["results"]
        location = result["locations"][0]["physicalLocation"]["artifactLocation"]
        assert location["uri"] == ".agents/agents/%FF.md"
        assert result["message"]["text"].startswith(mismatch)
    else:
        assert run.out.startswith(f"::error file={SHOWN},line=2,col=7,")
        assert f"::{mismatch};" in run.out
    assert run.code == 1


def test_the_catalog_shows_a_name_that_is_not_utf8_escaped(undecodable_name, tmp_path):
    home = tmp_path / "home"
    listed = catalog(home, undecodable_name, "--format", "json", harness="harness-subagents")
    (entry,) = [e for e in listed.json["entries"] if e["source"] == "project"]
    assert entry["name"] == "\\xff"
    assert entry["uri"] == (undecodable_name / ".agents/agents").as_uri() + "/%FF.md"
    tree = catalog(home, undecodable_name, harness="harness-subagents")
    assert f"  \\xff  (project .agents/agents)  {SHOWN}  [not loaded" in tree.out


DESCRIPTION = "Reviews code and reports defects. Use when a change is ready."
BRACKETS = "[" * 201


@pytest.mark.parametrize(
    "frontmatter",
    [
        f'description: "{DESCRIPTION} {BRACKETS}"\n',
        f"description: '{DESCRIPTION} {BRACKETS}'\n",
        f"description: {DESCRIPTION} {BRACKETS}\n",
        f"description: {DESCRIPTION} # {BRACKETS}\n",
        f"description: |\n  {DESCRIPTION}\n  {BRACKETS}\n",
        f'description: "{DESCRIPTION} {"- " * 201}"\n',
        f"description: {DESCRIPTION}\nmetadata:\n  note: '{'{' * 201}'\n",
    ],
    ids=["double-quoted", "single-quoted", "plain", "comment", "block", "dashes", "braces"],
)
def test_brackets_that_are_text_are_not_nesting(tmp_path, frontmatter):
    folder = tmp_path / ".agents" / "agents"
    folder.mkdir(parents=True)
    (folder / "text.md").write_text(f"---\nname: text\n{frontmatter}---\nBody.\n")
    run = run_cli("check", "--format", "json", cwd=tmp_path)
    (report,) = run.json["files"]
    assert [d["code"] for d in report["diagnostics"]] == []
    assert report["harness"]["loads"] is True


@pytest.mark.parametrize("levels, refused", [(200, False), (201, True)])
def test_flow_collections_nest_at_most_200_levels(tmp_path, levels, refused):
    folder = tmp_path / ".agents" / "agents"
    folder.mkdir(parents=True)
    nested = "[" * levels + "]" * levels
    (folder / "deep.md").write_text(
        f"---\nname: deep\ndescription: {DESCRIPTION}\ntools: {nested}\n---\nBody.\n"
    )
    run = run_cli("check", "--format", "json", cwd=tmp_path)
    messages = [d["message"] for d in run.json["files"][0]["diagnostics"]]
    too_deep = [m for m in messages if "nests deeper than 200 levels" in m]
    assert bool(too_deep) is refused, messages


def more(diagnostics: list[dict]) -> dict[str, str]:
    """The "more findings" findings, by code."""
    return {d["code"]: d["message"] for d in diagnostics if " more `" in d["message"]}


def test_one_rule_shows_at_most_100_findings_in_a_file(tmp_path):
    folder = tmp_path / ".claude" / "agents"
    folder.mkdir(parents=True)
    tools = ",".join(["a"] * 500_000)  # just under 1 MiB
    (folder / "many.md").write_text(
        f"---\nname: many\ndescription: {DESCRIPTION}\ntools: [{tools}]\n---\nBody.\n"
    )
    run = run_cli("check", "--format", "json", cwd=tmp_path)
    assert len(run.out) < 100_000
    (report,) = run.json["files"]
    codes = [d["code"] for d in report["diagnostics"]]
    assert codes == ["tools-unknown"] * 101
    assert more(report["diagnostics"]) == {
        "tools-unknown": "499,900 more `tools-unknown` finding(s) in this file are not shown: "
        "at most 100 of one rule and 300 in all are."
    }
    counted = next(d for d in report["diagnostics"] if " more `" in d["message"])
    assert counted["range"]["start"] == {"line": 3, "character": 8 + 2 * 100}  # the 101st `a`
    assert counted["severity"] == 2


@pytest.fixture
def crowded(tmp_path: Path) -> Path:
    """A file with 150 findings of each of four rules."""
    folder = tmp_path / ".agents" / "agents"
    folder.mkdir(parents=True)
    keys = "".join(f"u{i}: 1\n" for i in range(150))
    metadata = "".join(f"  m{i}: {i}\n" for i in range(150))
    tools = ", ".join(str(i) for i in range(150))
    (folder / "crowded.md").write_text(
        f"---\nname: crowded\ndescription: {DESCRIPTION}\ntools: [{tools}]\n"
        f"metadata:\n{metadata}{keys}{keys}---\nBody.\n"
    )
    return tmp_path


def test_a_file_shows_at_most_300_findings(crowded):
    run = run_cli("check", "--format", "json", cwd=crowded)
    diagnostics = run.json["files"][0]["diagnostics"]
    counted = more(diagnostics)
    assert len(diagnostics) - len(counted) == 300
    assert {code: message.split(" more")[0] for code, message in counted.items()} == {
        "field-type": "50",
        "metadata-value": "50",
        "duplicate-key": "100",
        "field-unknown": "100",
    }
    assert run.json["summary"]["errors"] + run.json["summary"]["warnings"] == 304


def test_the_caps_apply_to_what_is_selected(crowded):
    run = run_cli("check", "--format", "json", "--select", "field-unknown", cwd=crowded)
    diagnostics = run.json["files"][0]["diagnostics"]
    assert [d["code"] for d in diagnostics] == ["field-unknown"] * 101
    assert more(diagnostics)["field-unknown"].startswith("50 more `field-unknown` finding(s)")
    hidden = run_cli("check", "--format", "json", "--ignore", "field-unknown", cwd=crowded)
    assert "field-unknown" not in {d["code"] for d in hidden.json["files"][0]["diagnostics"]}


def test_a_link_to_itself_in_an_agent_folder_is_reported(tmp_path):
    folder = tmp_path / ".claude" / "agents"
    folder.mkdir(parents=True)
    (folder / "self").symlink_to("self")
    (folder / "self.md").symlink_to("self.md")
    run = run_cli("check", "--format", "json", cwd=tmp_path, timeout=QUICK)
    found = messages(run.json)
    assert found["self"][0] == (
        "Cannot check this file: it cannot be read: Too many levels of symbolic links."
    )
    assert found["self.md"][0] == "Cannot check this file: it is a broken symbolic link."
