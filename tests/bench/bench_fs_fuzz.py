"""File-system fuzz run: random project trees of agent files in hostile states (links out of
the tree, link loops, dangling links, hard links, FIFOs, read-only files, extended
attributes, odd names, deep folders, files over 1 MiB or binary), checked with ``check --fix``
through the console script while another process edits some files.

Each run must end with exit code 0 or 1 (2 when no agent file is found), without a
traceback, within ``SLOW_SECONDS``, and leave: every file outside the tree as it was; every
mode, hard-link count and extended attribute as it was; no temporary file; and every
concurrent edit kept (a file edited while it was being fixed holds the last edit, fixed or
not, never the fix of an older text).

Run: ``python tests/bench/bench_fs_fuzz.py [--trees N] [--start SEED]``. It prints how many
trees were tried, how many failed (with the first seeds and what went wrong) and the time
taken, and exits non-zero on any failure. A failing seed reproduces with ``trial(seed)``.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from seeded import run_seeds

SLOW_SECONDS = 60.0
DESCRIPTION = "Reviews code for defects and reports them. Use when a change is ready."
FIXABLE = [
    f"---\nname: {{name}}\ndescription: {DESCRIPTION}\ntools: Read, Grep\n---\nBody\n",
    f"---\nname: {{name}}\ndescription: {DESCRIPTION}\nmetadata:\n  v: 1.0\n---\nBody\n",
    "---\nname: {name}\ndescription: Use when: a change is ready\n---\nBody\n",
    f"---\r\nname: {{name}}\r\ndescription: {DESCRIPTION}\r\ntools: []\r\n---\r\nBody\r\n",
]
FOLDERS = [".claude/agents", ".agents/agents", ".github/agents", ".opencode/agent", "agents"]
NAMES = ["helper", "two words", "été", "a\u202eb", "tab\tname", "new\nline", "x" * 200, "-dash"]


def _fixable(rng: random.Random, name: str) -> str:
    return rng.choice(FIXABLE).replace("{name}", name.replace("\n", "-"))


def _snapshot(root: Path) -> dict[str, tuple]:
    """What must not change without a fix: per path (not followed), its kind, mode, links,
    attributes, and the bytes of a regular file."""
    seen: dict[str, tuple] = {}
    for folder, dirs, files in os.walk(root):
        for entry in dirs + files:
            path = os.path.join(folder, entry)
            info = os.lstat(path)
            data = b""
            if os.path.isfile(path) and not os.path.islink(path):
                with open(path, "rb") as handle:
                    data = handle.read()
            try:
                attributes = sorted(os.listxattr(path, follow_symlinks=False))
            except OSError:
                attributes = []
            seen[path] = (info.st_mode, info.st_nlink, tuple(attributes), data)
    return seen


def _build(rng: random.Random, project: Path, outside: Path) -> list[Path]:
    """A random tree; returns the regular agent files a concurrent editor may touch."""
    editable = []
    for index in range(rng.randrange(1, 9)):
        folder = project / rng.choice(FOLDERS)
        if rng.random() < 0.1:
            folder = folder / "/".join(f"d{i}" for i in range(rng.choice([5, 40])))
        folder.mkdir(parents=True, exist_ok=True)
        name = rng.choice(NAMES) + ("" if index == 0 else str(index))
        path = folder / f"{name}.md"
        roll = rng.random()
        if roll < 0.5:
            path.write_text(_fixable(rng, name), newline="")
            editable.append(path)
        elif roll < 0.55:
            path.write_bytes(b"---\nname: big\n" + b"x" * (1024 * 1024) + b"\n---\n")
        elif roll < 0.6:
            path.write_bytes(b"\x00\xff\xfe binary")
        elif roll < 0.68:
            target = outside / f"{index}.md"
            target.write_text(_fixable(rng, name))
            path.symlink_to(target)
        elif roll < 0.72:
            path.symlink_to(path)  # a loop
        elif roll < 0.76:
            path.symlink_to(project / "missing.md")
        elif roll < 0.8:
            os.mkfifo(path)
        elif roll < 0.86:
            path.write_text(_fixable(rng, name))
            os.link(path, outside / f"hard{index}.md")
        elif roll < 0.92:
            path.write_text(_fixable(rng, name))
            path.chmod(rng.choice([0o444, 0o400, 0o640, 0o604]))
        else:
            path.write_text(_fixable(rng, name))
            with contextlib.suppress(OSError):  # a file system without user attributes
                os.setxattr(path, "user.origin", b"kept")
            editable.append(path)
    if rng.random() < 0.2:
        (project / ".claude").mkdir(exist_ok=True)
        loop = project / ".claude" / "loop"
        if not loop.exists():
            loop.symlink_to(project / ".claude")
    if rng.random() < 0.15:
        linked = project / ".gemini"
        linked.mkdir(exist_ok=True)
        (outside / "agents").mkdir(exist_ok=True)
        (outside / "agents" / "far.md").write_text(_fixable(rng, "far"))
        if not (linked / "agents").exists():
            (linked / "agents").symlink_to(outside / "agents")
    return editable


def _editor(paths: list[Path], seed: int) -> subprocess.Popen:
    """Another process that rewrites some files while ``check --fix`` runs (an editor's saves,
    a checkout): each write puts its step number first after ``Body`` and prints the path and
    the step, so the caller knows which edit must be the file's last."""
    script = (
        "import json, sys, time, random\n"
        "rng = random.Random(int(sys.argv[1]))\n"
        "paths = sys.argv[2:]\n"
        "for step in range(40):\n"
        "    path = rng.choice(paths)\n"
        "    text = open(path, newline='').read().replace('Body', f'Body {step}', 1)\n"
        "    open(path, 'w', newline='').write(text)\n"
        "    print(json.dumps([path, str(step)]), flush=True)\n"
        "    time.sleep(rng.random() / 200)\n"
    )
    return subprocess.Popen(
        [sys.executable, "-c", script, str(seed), *map(str, paths)],
        stdout=subprocess.PIPE,
        text=True,
    )


def trial(seed: int) -> list[str]:
    """What went wrong with the tree of ``seed`` (empty: nothing)."""
    rng = random.Random(seed)
    base = Path(tempfile.mkdtemp(prefix="fs fuzz é "))
    project, outside = base / "project", base / "outside"
    project.mkdir()
    outside.mkdir()
    problems = []
    try:
        editable = _build(rng, project, outside)
        before_outside = _snapshot(outside)
        before = _snapshot(project)
        editor = _editor(editable, seed) if editable and rng.random() < 0.5 else None
        started = time.perf_counter()
        try:
            run = subprocess.run(
                ["subagent-ls", "check", "--fix", "."],
                cwd=project,
                capture_output=True,
                text=True,
                errors="replace",
                timeout=SLOW_SECONDS,
            )
        except subprocess.TimeoutExpired:
            return [f"check --fix took over {SLOW_SECONDS:.0f} s"]
        took = time.perf_counter() - started
        last_edit: dict[str, str] = {}
        if editor is not None:
            out, _ = editor.communicate(timeout=60)
            last_edit = dict(json.loads(line) for line in out.splitlines())
        nothing = run.returncode == 2 and "no agent file found" in run.stderr  # documented
        if (run.returncode not in (0, 1) and not nothing) or "Traceback" in run.stderr:
            problems.append(f"exit {run.returncode}: {run.stderr[-800:]}")
        if _snapshot(outside) != before_outside:
            problems.append("a file outside the tree changed")
        after = _snapshot(project)
        for path, (mode, links, attributes, _) in before.items():
            now = after.get(path)
            if now is None:
                problems.append(f"{path} is gone")
            elif now[:3] != (mode, links, attributes):
                problems.append(f"{path}: mode, links or attributes changed: {now[:3]}")
        left = [p for p in after if Path(p).name.startswith(".subagent-ls-")]
        if left:
            problems.append(f"temporary files left: {left}")
        for path, step in last_edit.items():
            newest = re.search(r"Body (\d+)", Path(path).read_text())
            if newest is None or newest[1] != step:
                problems.append(f"{path}: the last concurrent edit ({step}) is lost")
        if took > SLOW_SECONDS / 2:
            problems.append(f"check --fix took {took:.1f} s")
        return problems
    finally:
        shutil.rmtree(base, ignore_errors=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--trees", type=int, default=200)
    parser.add_argument("--start", type=int, default=0)
    args = parser.parse_args()
    return run_seeds(trial, range(args.start, args.start + args.trees), "trees")


if __name__ == "__main__":
    sys.exit(main())
