"""Reading files and walking folders: the shared walker's order and limits, and reads that
never block on a file that is not a regular file."""

from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

from subagent_ls.core import source
from subagent_ls.workspace import walk
from subagent_ls.workspace.discovery import Candidate, collect


def test_the_walk_is_in_name_order_with_each_folder_where_it_sorts(tmp_path):
    folder = tmp_path / ".claude" / "agents"
    for name in ("a/z.md", "b.md", "c/d/e.md", "c/a.md"):
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text("x")
    (folder / "c/d/again").symlink_to(folder / "c", target_is_directory=True)
    found = [Path(c.path).relative_to(folder).as_posix() for c in collect([str(tmp_path)])]
    assert found == ["a/z.md", "b.md", "c/a.md", "c/d/e.md"]


def test_a_walk_stops_at_its_entry_limit_and_says_where(tmp_path, monkeypatch):
    monkeypatch.setattr(walk, "MAX_ENTRIES", 5)
    folder = tmp_path / ".claude" / "agents"
    for sub in ("a", "b", "c"):
        (folder / sub).mkdir(parents=True)
        for name in ("x.md", "y.md"):
            (folder / sub / name).write_text("x")
    found = list(collect([str(folder)]))
    assert found == [
        Candidate(str(folder / "a/x.md")),
        Candidate(str(folder / "a/y.md")),
        Candidate(str(folder / "b"), "the walk stopped after listing 5 entries"),
    ]


def test_a_fifo_that_replaces_a_file_after_the_first_look_is_not_read(tmp_path, monkeypatch):
    fifo = tmp_path / "swapped.md"
    os.mkfifo(fifo)
    regular = os.stat(__file__)
    real_stat = os.stat
    monkeypatch.setattr(
        source.os, "stat", lambda path, *a, **k: regular if path == str(fifo) else real_stat(path)
    )
    result: list[source.SourceText] = []
    reader = threading.Thread(target=lambda: result.append(source.read_source(str(fifo))))
    reader.start()
    reader.join(5)
    if reader.is_alive():  # blocked in open(): let it go before failing
        os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        reader.join()
        pytest.fail("read_source blocked on a FIFO")
    assert result[0].unreadable == "it is not a regular file (a FIFO)"
