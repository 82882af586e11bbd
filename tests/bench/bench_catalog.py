"""Benchmark of the catalog: 10,000 definitions over four sources (user and project
``.agents/agents`` and ``.claude/agents``, a quarter of the names shadowed).

- cold ``subagent-ls catalog --format json`` (wall time of the console script);
- the server: its first scan (``initialized`` → the first ``subagents/catalogChanged``; also
  shown from the spawn of the process), then one file changed, created or deleted on disk →
  ``subagents/catalogChanged`` (medians of several), and the server's RSS;
- ``check --format json`` with the cross-file rules on 2,000 files of two sources.

Run: ``python tests/bench/bench_catalog.py``. Budgets: cold catalog ≤ 2 s (CLI, and the server's
scan); one change ≤ 20 ms;
RSS ≤ 200 MB; check on 2,000 files < 1 s. Exits 1 when one is missed.
"""

from __future__ import annotations

import asyncio
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from installed import as_installed
from lsprotocol import types
from pygls.lsp.client import LanguageClient

SCRIPT = Path(sys.executable).with_name("subagent-ls")
BODY = "".join(f"- Step {i}: check the change and report.\n" for i in range(40))


def write(folder: Path, name: str, description: str) -> Path:
    path = folder / f"{name}.md"
    path.write_text(
        f"---\nname: {name}\ndescription: {description}\ntools: [Read, Grep]\n---\n{BODY}"
    )
    return path


def generate(root: Path, total: int) -> tuple[Path, Path]:
    home, project = root / "home", root / "project"
    folders = [
        home / ".agents/agents",
        home / ".claude/agents",
        project / ".agents/agents",
        project / ".claude/agents",
    ]
    for folder in folders:
        folder.mkdir(parents=True)
    per = total // 4
    for index, folder in enumerate(folders):
        for n in range(per):
            name = f"agent-{n:05d}" if n < per // 4 else f"agent-{index}-{n:05d}"
            write(folder, name, f"Reviews area {n}. Use when a change touches area {n}.")
    return home, project


def cold_catalog(home: Path, project: Path) -> float:
    start = time.perf_counter()
    done = subprocess.run(
        [str(SCRIPT), "catalog", "--home", str(home), "--root", str(project), "--format", "json"],
        capture_output=True, env={**os.environ, "HOME": str(home)},
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    return time.perf_counter() - start


async def server_figures(
    home: Path, project: Path, runs: int
) -> tuple[float, float, float, float, float]:
    client = LanguageClient("bench", "1")
    changes: asyncio.Queue = asyncio.Queue()

    @client.feature("subagents/catalogChanged")
    def changed(*_: object) -> None:
        changes.put_nowait(time.perf_counter())

    start = time.perf_counter()
    await client.start_io(str(SCRIPT), "serve", env={**os.environ, "HOME": str(home)})
    await client.initialize_async(
        types.InitializeParams(capabilities=types.ClientCapabilities(), root_uri=project.as_uri())
    )
    initialized = time.perf_counter()
    client.initialized(types.InitializedParams())
    first = await asyncio.wait_for(changes.get(), 300)
    cold, scan = first - start, first - initialized
    target = project / ".agents/agents/agent-00001.md"
    timings = []
    for run in range(runs):
        target.write_text(
            target.read_text().replace(
                f"Reviews area 1{'.' if run % 2 == 0 else '!'}",
                f"Reviews area 1{'!' if run % 2 == 0 else '.'}",
            )
        )
        timings.append(await _notified(client, changes, target, types.FileChangeType.Changed))
    created = []
    for _ in range(runs):
        fresh = write(project / ".agents/agents", "agent-00001-new", "Reviews a new area.")
        created.append(await _notified(client, changes, fresh, types.FileChangeType.Created))
        fresh.unlink()
        created.append(await _notified(client, changes, fresh, types.FileChangeType.Deleted))
    rss = _rss_mb(client._server.pid)  # type: ignore[union-attr]
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()
    return cold, scan, statistics.median(timings), statistics.median(created), rss


async def _notified(
    client: LanguageClient, changes: asyncio.Queue, path: Path, kind: types.FileChangeType
) -> float:
    """Milliseconds from a watched-file event to the ``subagents/catalogChanged`` it causes."""
    sent = time.perf_counter()
    client.workspace_did_change_watched_files(
        types.DidChangeWatchedFilesParams([types.FileEvent(path.as_uri(), kind)])
    )
    return (await asyncio.wait_for(changes.get(), 30) - sent) * 1000


def _rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def check_two_sources(root: Path) -> float:
    project = root / "check"
    for folder in (project / ".agents/agents", project / ".claude/agents"):
        folder.mkdir(parents=True)
        for n in range(1000):
            write(
                folder, f"agent-{n:05d}", f"Reviews area {n}. Use when a change touches area {n}."
            )
    start = time.perf_counter()
    subprocess.run(
        [str(SCRIPT), "check", "--format", "json"],
        cwd=project,
        capture_output=True,
        env={**os.environ, "HOME": str(root / "nohome")},
    )
    return time.perf_counter() - start


def main() -> int:
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        home, project = generate(root, 10_000)
        cold = min(cold_catalog(home, project) for _ in range(3))
        server_cold, scan, change, created, rss = asyncio.run(server_figures(home, project, 15))
        check = min(check_two_sources(root) if i == 0 else _recheck(root) for i in range(3))
    rows = [
        ("cold catalog, 10,000 definitions (CLI)", cold, 2.0, "s"),
        ("server: initialized → first catalogChanged (the scan)", scan, 2.0, "s"),
        ("server: spawn → first catalogChanged (start-up and scan)", server_cold, None, "s"),
        ("one file changed → catalogChanged (median)", change, 20.0, "ms"),
        ("one file created or deleted → catalogChanged (median)", created, 20.0, "ms"),
        ("server RSS with 10,000 definitions", rss, 200.0, "MB"),
        ("check with cross-file rules, 2,000 files", check, 1.0, "s"),
    ]
    failed = False
    for label, value, budget, unit in rows:
        if budget is None:
            print(f"{label}: {value:.2f} {unit}")
            continue
        ok = value <= budget
        failed |= not ok
        print(
            f"{label}: {value:.2f} {unit} (budget {budget:g} {unit}) "
            + ("ok" if ok else "OVER BUDGET")
        )
    return 1 if failed else 0


def _recheck(root: Path) -> float:
    start = time.perf_counter()
    subprocess.run(
        [str(SCRIPT), "check", "--format", "json"],
        cwd=root / "check",
        capture_output=True,
        env={**os.environ, "HOME": str(root / "nohome")},
    )
    return time.perf_counter() - start


if __name__ == "__main__":
    as_installed()
    raise SystemExit(main())
