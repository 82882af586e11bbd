"""Which of two agents of one name GitHub Copilot CLI runs, against the binary at its pinned
version: Copilot lists every agent to the model (the matrix, ``oracle_copilot.py``, compares
those listings), but when the model calls a name it runs one. The stub model answers the first
request with a call of the ``task`` tool naming the agent; the agent that runs sends its own
prompt (the file's body) in the next request. The catalog's definition of that name that no
other shadows is the one that must run (a built-in sends no body of a file)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import oracle_copilot as copilot
import pytest
from oracle import HERE, Case, build, free_port

from helpers import require

G, C, U = copilot.G, copilot.C, copilot.U


def agent(name: str, marker: str) -> str:
    return f"---\nname: {name}\ndescription: Agent {marker}.\n---\nRUNS-{marker}\n"


CASES = [
    (Case("one-folder", {G + "b.md": agent("twin", "B"), G + "a.md": agent("twin", "A")}), "twin"),
    (
        Case("github-first", {C + "a.md": agent("twin", "C"), G + "b.md": agent("twin", "G")}),
        "twin",
    ),
    (Case("user-first", {G + "a.md": agent("twin", "P"), U + "b.md": agent("twin", "U")}), "twin"),
    (Case("built-in", {G + "a.md": agent("explore", "MINE")}), "explore"),
]


def ran(project: Path, home: Path, name: str) -> str:
    """The marker of the file whose body the agent Copilot ran sends (``built-in``: none)."""
    copilot.prepare(project)
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="copilot-runs-") as scratch:
        log = Path(scratch) / "requests.jsonl"
        call = {"name": "task", "args": {"agent_type": name}}
        command = [str(copilot.BINARY), "--no-auto-update", "-p", "hello", "--allow-all-tools"]
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": str(home)}
        subprocess.run(
            ["unshare", "-n", sys.executable, str(HERE / "offline.py"), "--timeout", "60",
             "--stub-port", str(port), "--stub-log", str(log),
             "--stub-openai-call", json.dumps(call), "--", *command],
            cwd=project, env={**env, **copilot.environment(port)}, capture_output=True,
            timeout=90, check=False,
        )  # fmt: skip
        requests = [json.loads(line) for line in log.read_text().splitlines()]
    assert len(requests) >= 3, "Copilot did not run the agent the model called"
    prompt = json.dumps(requests[1]["body"].get("messages", [])[:2])
    return ",".join(sorted(set(re.findall(r"RUNS-(\w+)", prompt)))) or "built-in"


def ours(project: Path, home: Path, name: str) -> str:
    done = subprocess.run(
        [str(Path(sys.executable).with_name("subagent-ls")), "catalog", "--harness", "copilot",
         "--home", str(home), "--format", "json"],
        cwd=project, env={**os.environ, "HOME": str(home)}, capture_output=True, text=True,
        timeout=60, check=False,
    )  # fmt: skip
    entries = json.loads(done.stdout)["entries"]
    (runs,) = [e for e in entries if e["name"] == name and e["effective"] and not e["shadowedBy"]]
    if runs["uri"] is None:
        return "built-in"
    return re.findall(r"RUNS-(\w+)", Path(runs["uri"].removeprefix("file://")).read_text())[0]


def judged(item: tuple[Case, str]) -> tuple[str, str]:
    case, name = item
    with tempfile.TemporaryDirectory(prefix="oracle-copilot-runs-") as scratch:
        project, home = build(case, Path(scratch))
        return ran(project, home, name), ours(project, home, name)


_RESULTS: dict[str, tuple[str, str]] = {}


@pytest.mark.timeout(600)
@pytest.mark.parametrize("item", CASES, ids=[case.id for case, _ in CASES])
def test_copilot_runs_the_definition_the_catalog_keeps(item):
    require(copilot.missing())
    if not _RESULTS:
        with ThreadPoolExecutor(len(CASES)) as pool:
            found = pool.map(judged, CASES)
            _RESULTS.update(zip((case.id for case, _ in CASES), found, strict=True))
    theirs, mine = _RESULTS[item[0].id]
    assert theirs == mine, f"Copilot runs {theirs}; the catalog says {mine}"
