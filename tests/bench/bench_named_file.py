"""Benchmark: ``subagent-ls check`` of one named file that lies in no git repository, beside
folders of 1,000, 10,000 and 100,000 files (a home folder of notes and other files, with one
collection of Claude Code agents). Three places: the file in a subfolder of the big folder,
run from the big folder (``check notes/reviewer.md`` in a home folder); the file elsewhere,
run from the big folder; the file at the top of the big folder, run from elsewhere. Only the
file and the files beside it decide the answer, so the cost must not grow with the big folder.

Run: ``python tests/bench/bench_named_file.py [--runs N] [--sizes 1000,10000,100000]``. It
prints the wall and CPU time (median of the runs) for each size and place, and exits non-zero
when, for a place, the median CPU time at the largest size is more than ``RATIO`` times the
one at the smallest.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

from bench_one_file import time_runs
from installed import as_installed

RATIO = 1.5
PER_FOLDER = 100
AGENT = "---\nname: {name}\ndescription: Reviews code. Use when it is ready.\n{extra}---\nBody\n"
CLAUDE = "tools: Read, Grep\nmodel: sonnet\n"


def big_folder(root: Path, total: int) -> Path:
    """``total`` files in folders of ``PER_FOLDER``: the first an ``agents/`` collection of
    Claude Code agents, the others notes (Markdown with a frontmatter) and other files."""
    for index in range(total):
        area = index // PER_FOLDER
        folder = root / f"area-{area:05d}" / ("agents" if area == 0 else "notes")
        folder.mkdir(parents=True, exist_ok=True)
        if area == 0:
            name = f"agent-{index}"
            path, text = folder / f"{name}.md", AGENT.format(name=name, extra=CLAUDE)
        elif index % 2:
            path, text = folder / f"note-{index}.md", f"---\ntitle: Note {index}\n---\nText\n"
        else:
            path, text = folder / f"data-{index}.txt", f"{index}\n"
        path.write_text(text, "utf-8")
    return root


def named_file(folder: Path) -> Path:
    """A plain agent file (its own clues name no harness)."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "reviewer.md"
    path.write_text(AGENT.format(name="reviewer", extra=""), "utf-8")
    return path


def places(root: Path, total: int) -> list[tuple[str, Path, Path]]:
    """(what, cwd, file) of each place, for a big folder of ``total`` files under ``root``."""
    big, other = big_folder(root / "home", total), root / "other"
    return [
        ("file inside the big folder, run from it", big, named_file(big / "notes")),
        ("file elsewhere, run from the big folder", big, named_file(other)),
        ("file at the big folder's top, run from elsewhere", other, named_file(big)),
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--sizes", default="1000,10000,100000")
    args = parser.parse_args()
    sizes = [int(size) for size in args.sizes.split(",")]
    script = Path(sys.executable).with_name("subagent-ls")
    cpu: dict[str, dict[int, float]] = {}
    for total in sizes:
        with tempfile.TemporaryDirectory() as folder:
            for what, cwd, path in places(Path(folder), total):
                command = [str(script), "check", "--format", "json", str(path)]
                wall, used = time_runs(command, cwd, args.runs)
                cpu.setdefault(what, {})[total] = statistics.median(used)
                print(f"{total:>7,} files, {what}: wall median {statistics.median(wall):.0f} ms, "
                      f"CPU median {statistics.median(used):.0f} ms")  # fmt: skip
    failed = False
    for what, by_size in cpu.items():
        ratio = by_size[sizes[-1]] / by_size[sizes[0]]
        verdict = "ok" if ratio <= RATIO else "GROWS WITH THE FOLDER"
        failed |= ratio > RATIO
        print(f"{what}: CPU {sizes[-1]:,} / {sizes[0]:,} files = {ratio:.2f} "
              f"(at most {RATIO}) {verdict}")  # fmt: skip
    return 1 if failed else 0


if __name__ == "__main__":
    as_installed()
    raise SystemExit(main())
