"""Configuration files read as the harnesses read them (an integer of any length, as
``JSON.parse``), and caches keyed on a file's stamp that cannot go stale: a file rewritten in
place at the same size, its modification time set back (as ``cp -p``, ``rsync -t`` or a backup
restore do), is read again, by the JSON readers (MCP servers, manifests) and the ignore files
alike."""

from __future__ import annotations

import os
from pathlib import Path

from subagent_ls.core.settings import Settings
from subagent_ls.harnesses.common.manifest_json import read_json
from subagent_ls.workspace.ignore import ignore_for


def rewrite_keeping_size_and_time(path: Path, text: str) -> None:
    before = path.stat()
    assert len(text.encode()) == before.st_size
    with open(path, "r+", encoding="utf-8") as out:  # in place: the same inode
        out.write(text)
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    after = path.stat()
    assert (after.st_ino, after.st_size, after.st_mtime_ns) == (
        before.st_ino, before.st_size, before.st_mtime_ns,
    )  # fmt: skip


def test_a_json_file_rewritten_at_the_same_size_and_time_is_read_again(tmp_path):
    path = tmp_path / ".mcp.json"
    path.write_text('{"mcpServers": {"aaaa": {}}}', encoding="utf-8")
    assert list(read_json(str(path)).value["mcpServers"]) == ["aaaa"]
    rewrite_keeping_size_and_time(path, '{"mcpServers": {"bbbb": {}}}')
    assert list(read_json(str(path)).value["mcpServers"]) == ["bbbb"]


def test_an_ignore_file_rewritten_at_the_same_size_and_time_is_read_again(tmp_path):
    (tmp_path / ".git").mkdir()
    ignore = tmp_path / ".gitignore"
    ignore.write_text("aaaa/\n", encoding="utf-8")
    (tmp_path / "aaaa").mkdir()
    (tmp_path / "bbbb").mkdir()
    walk = ignore_for(str(tmp_path), Settings())
    assert walk.reason(str(tmp_path / "aaaa"), True) is not None
    rewrite_keeping_size_and_time(ignore, "bbbb/\n")
    walk = ignore_for(str(tmp_path), Settings())
    assert walk.reason(str(tmp_path / "aaaa"), True) is None
    assert walk.reason(str(tmp_path / "bbbb"), True) is not None


def test_an_integer_of_thousands_of_digits_leaves_the_file_readable(tmp_path):
    """JSON.parse reads any number (as a double): a configuration file holding an integer of
    5,000 digits is read, its servers with it."""
    path = tmp_path / ".mcp.json"
    path.write_text('{"n": ' + "7" * 5_000 + ', "mcpServers": {"x": {}}}', encoding="utf-8")
    read = read_json(str(path))
    assert read.problem is None and list(read.value["mcpServers"]) == ["x"]
    assert read.value["n"] == float("inf")
