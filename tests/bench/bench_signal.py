"""Benchmark of signal: what ``subagent-ls check`` says about whole repositories, run from their
roots with an empty HOME (as a CI runner has it).

For each repository (by default each folder of the shared corpus; or the folders given) it
prints the files checked, the loud findings (errors and warnings) and how many per file, the
share of loud findings that start where another finding of the same file starts, the most
findings one MCP server gets in one file, and the loud findings about a harness other than the
file's own.

Run: ``python tests/bench/bench_signal.py [REPO ...] [--isolated]``. It prints a table and
exits non-zero when a repository misses the bounds: more than 5% of loud findings sharing a
start, an MCP server reported twice in one file, or a loud finding about another harness.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from collections import Counter
from pathlib import Path

from installed import as_installed

REPO = Path(__file__).resolve().parents[2]
CORPUS = Path(os.environ.get("SUBAGENT_LS_CORPUS", REPO.parent / "shared" / "corpus"))
SHARED_START_BOUND = 0.05
_SERVER = re.compile(r"MCP server `([^`]*)`")


def run_check(repository: Path, home: Path, isolated: bool) -> dict[str, object]:
    script = Path(sys.executable).with_name("subagent-ls")
    command = [str(script), "check", "--format", "json", *(["--isolated"] if isolated else [])]
    environment = {**os.environ, "HOME": str(home)}
    for variable in ("CLAUDE_CONFIG_DIR", "COPILOT_HOME", "GEMINI_CLI_HOME", "XDG_CONFIG_HOME"):
        environment.pop(variable, None)
    done = subprocess.run(
        command, cwd=repository, env=environment, capture_output=True, text=True, check=False
    )
    if done.returncode == 2 and "no agent file found" in done.stderr:
        return {"files": []}
    if done.returncode not in (0, 1):
        raise SystemExit(f"{repository}: check exited {done.returncode}: {done.stderr[-2000:]}")
    return json.loads(done.stdout)


def _server_of(diagnostic: dict[str, object]) -> str | None:
    """The MCP server a tools-mcp-* finding is about."""
    data = diagnostic.get("data")
    if isinstance(data, dict) and isinstance(data.get("server"), str):
        return str(data["server"])
    match = _SERVER.search(str(diagnostic["message"]))
    return match[1] if match else None


def measure(report: dict[str, object]) -> dict[str, float]:
    files = report["files"]
    assert isinstance(files, list)
    loud = shared = others = 0
    worst_server = 0
    for entry in files:
        diagnostics = entry["diagnostics"]
        starts = Counter(
            (d["range"]["start"]["line"], d["range"]["start"]["character"]) for d in diagnostics
        )
        servers: Counter[str] = Counter()
        for diagnostic in diagnostics:
            if diagnostic["severity"] > 2:
                continue
            loud += 1
            start = diagnostic["range"]["start"]
            if starts[(start["line"], start["character"])] > 1:
                shared += 1
            data = diagnostic.get("data") or {}
            if data.get("targets"):
                others += 1
            if str(diagnostic["code"]).startswith("tools-mcp-"):
                server = _server_of(diagnostic)
                if server is not None:
                    servers[server.lower()] += 1
        worst_server = max(worst_server, max(servers.values(), default=0))
    return {
        "files": len(files),
        "loud": loud,
        "per_file": loud / len(files) if files else 0.0,
        "shared": shared / loud if loud else 0.0,
        "server_max": worst_server,
        "others": others,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("repositories", nargs="*", type=Path)
    parser.add_argument("--isolated", action="store_true", help="pass --isolated to check")
    args = parser.parse_args()
    repositories = args.repositories or sorted(p for p in CORPUS.iterdir() if p.is_dir())
    header = f"{'repository':<40} {'files':>6} {'loud':>6} {'/file':>6} {'shared':>7} "
    print(header + f"{'mcp max':>8} {'others':>7}")
    totals = Counter[str]()
    failed = False
    with tempfile.TemporaryDirectory() as home:
        for repository in repositories:
            figures = measure(run_check(repository, Path(home), args.isolated))
            print(
                f"{repository.name[:40]:<40} {figures['files']:>6} {figures['loud']:>6} "
                f"{figures['per_file']:>6.2f} {figures['shared']:>7.1%} "
                f"{figures['server_max']:>8} {figures['others']:>7}"
            )
            totals["files"] += int(figures["files"])
            totals["loud"] += int(figures["loud"])
            totals["shared"] += round(figures["shared"] * figures["loud"])
            failed |= figures["shared"] > SHARED_START_BOUND or figures["server_max"] > 1
            failed |= figures["others"] > 0
    share = totals["shared"] / totals["loud"] if totals["loud"] else 0.0
    print(f"{'all':<40} {totals['files']:>6} {totals['loud']:>6} "
          f"{totals['loud'] / max(totals['files'], 1):>6.2f} {share:>7.1%}")  # fmt: skip
    return 1 if failed else 0


if __name__ == "__main__":
    as_installed()
    raise SystemExit(main())
