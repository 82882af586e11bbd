"""Compare subagent-ls's harness verdict with the real harness on corpus collections.

Run: ``python tests/harness/compare_corpus.py claude-code|opencode [--limit N] [--every K]``.
Prints one line per disagreement and the agreement figures; exits 1 on any disagreement.
Needs the harnesses installed in ``.harness/`` (``.ci/run`` does it) and root for
``unshare -n``.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

from runners import REPO, Observed, missing_tools, observe_all

CORPUS = REPO.parent / "shared" / "corpus"
COLLECTIONS = {
    "claude-code": [
        "wshobson__agents",
        "0xfurai__claude-code-subagents",
        "lst97__claude-code-sub-agents",
        "vijaythecoder__awesome-claude-agents",
        "davila7__claude-code-templates",
        "lingxling__awesome-subagents-cn",
    ],
    "opencode": ["ferg-cod3s__codeflow"],
}


def predicted(dialect: str, files: list[Path]) -> dict[Path, dict]:
    script = Path(sys.executable).with_name("subagent-ls")
    args = [str(script), "check", "--dialect", dialect, "--format", "json", *map(str, files)]
    done = subprocess.run(args, capture_output=True, text=True, check=False)
    return {Path(f["path"]): f["harness"] for f in json.loads(done.stdout)["files"]}


def agrees(ours: dict, seen: Observed) -> bool:
    """Whether our verdict of the file where it lies is what the harness does with it in its
    folder (where the runners put it): `elsewhere` says it would load it there, by the name."""
    if seen.broke_configuration:
        return ours["outcome"] == "breaks-configuration"
    loads = ours["loads"] or ours["outcome"] == "elsewhere"
    return loads == seen.loads and (not seen.loads or ours["name"] == seen.name)


def select(harness: str, limit: int | None, every: int) -> list[Path]:
    files = sorted(p for c in COLLECTIONS[harness] for p in (CORPUS / c).rglob("*.md"))
    return files[::every][:limit]


def compare(
    harness: str, files: list[Path]
) -> tuple[list[tuple[Path, dict, Observed]], list[Path]]:
    """Disagreements, and the files named like a built-in (the listing cannot show them)."""
    ours = predicted(harness, files)
    seen, builtins = observe_all(harness, files)
    hidden = [f for f in files if ours[f]["name"] in builtins]
    decided = [f for f in files if f not in hidden]
    return [(f, ours[f], seen[f]) for f in decided if not agrees(ours[f], seen[f])], hidden


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("harness", choices=sorted(COLLECTIONS))
    parser.add_argument("--limit", type=int)
    parser.add_argument("--every", type=int, default=1)
    args = parser.parse_args()
    if missing := missing_tools():
        print(f"cannot run the harnesses: missing {', '.join(missing)}")
        return 2
    files = select(args.harness, args.limit, args.every)
    start = time.perf_counter()
    disagreements, hidden = compare(args.harness, files)
    for path, ours, seen in disagreements:
        print(f"DISAGREE {path}: ours={ours} harness={seen}")
    for path in hidden:
        print(f"NOT COUNTED {path}: named like a built-in agent, which the listing hides")
    counted = len(files) - len(hidden)
    print(
        f"{args.harness}: {counted - len(disagreements)}/{counted} files get the harness's own "
        f"verdict, {len(hidden)} not counted ({time.perf_counter() - start:.0f} s)"
    )
    return 1 if disagreements else 0


if __name__ == "__main__":
    raise SystemExit(main())
