"""Generate a project of N realistic agent files for the benchmarks (mostly clean, some broken)."""

from __future__ import annotations

import random
import sys
from pathlib import Path

_TOOLS = ["Read", "Grep", "Glob", "Edit", "Write", "Bash", "WebFetch"]
_TIERS = ["mundane", "routine", "interpreting", "judgment", "critical"]


def agent_text(index: int, rng: random.Random) -> str:
    name = f"agent-{index:05d}"
    tools = ", ".join(rng.sample(_TOOLS, rng.randint(1, 4)))
    description = (
        f"Reviews area {index} of the codebase and reports findings grouped by severity. "
        "Use when a change touches this area; do not use for unrelated refactors."
    )
    broken = index % 10
    if broken == 1:
        description = f"Use this when: area {index} changes"
    if broken == 2:
        name = f"Agent_{index}"
    body = "\n".join(
        f"{'## Step ' + str(i) if i % 8 == 0 else '- Check item ' + str(i) + ' carefully.'}"
        for i in range(rng.randint(20, 120))
    )
    return (
        f"---\nname: {name}\ndescription: {description}\n"
        f"complexity: {rng.choice(_TIERS)}\ntools: [{tools}]\n"
        f'metadata:\n  owner: team-{index % 7}\n  version: "1.{index % 5}"\n---\n\n'
        f"# Role\n\n{body}\n"
    )


def generate(root: Path, count: int, seed: int = 7) -> Path:
    rng = random.Random(seed)
    folder = root / ".agents" / "agents"
    folder.mkdir(parents=True, exist_ok=True)
    for index in range(count):
        (folder / f"agent-{index:05d}.md").write_text(agent_text(index, rng), "utf-8")
    return root


if __name__ == "__main__":
    generate(Path(sys.argv[1]), int(sys.argv[2]))
