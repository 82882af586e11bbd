"""Every real-world file of the corpus that loads in its own harness, ported to each other real
harness: the port loads there by the target's own dialect (the gate ``port`` writes by), or it
is refused for a reason a user can act on. The figures per pair are printed (``-s``). The
Claude Code files are ported to each seed format too."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from cli_helpers import run_cli

from helpers import CORPUS

pytestmark = pytest.mark.skipif(
    not CORPUS.is_dir(), reason=f"the corpus folder {CORPUS} is missing (set SUBAGENT_LS_CORPUS)"
)

COLLECTIONS = {
    "claude-code": [
        "wshobson__agents",
        "0xfurai__claude-code-subagents",
        "lst97__claude-code-sub-agents",
        "vijaythecoder__awesome-claude-agents",
        "davila7__claude-code-templates",
        "lingxling__awesome-subagents-cn",
    ],
    "copilot": ["github__awesome-copilot"],
    "opencode": ["ferg-cod3s__codeflow"],
}
"""The harness each collection is written for (the corpus's README)."""
REFUSED = (
    # Copilot CLI reserves the name of its built-in agent
    "GitHub Copilot CLI would report: GitHub Copilot will not load this file: Copilot ignores "
    "the custom agent `general-purpose`: the name is reserved.",
)


@pytest.fixture(scope="module")
def ports(tmp_path_factory) -> list[dict]:
    out = tmp_path_factory.mktemp("ported")
    return [
        port for harness, collections in COLLECTIONS.items()
        for port in ported(harness, "all", out, collections)
    ]  # fmt: skip


def ported(dialect: str, to: str, out: Path, collections: list[str]) -> list[dict]:
    """What ``port --check`` reports for the collections read in ``dialect``, ported ``to``."""
    paths = [str(CORPUS / c) for c in collections]
    done = run_cli(
        "port", "--dialect", dialect, "--to", to, "--out", str(out), "--check",
        "--format", "json", *paths, timeout=600,
    )  # fmt: skip
    assert done.code in (0, 1), done.err
    return done.json["ports"]


def test_every_port_of_a_file_that_loads_loads_in_its_target(ports):
    ported = [p for p in ports if p["sourceLoads"]]
    assert len(ported) > 4000
    refused = [(p["source"], p["harness"], p["reason"]) for p in ported if not p["loads"]]
    assert [r for r in refused if not r[2].startswith(REFUSED)] == []
    figures = Counter((p["sourceHarness"], p["harness"], p["loads"]) for p in ported)
    left_out: dict[tuple[str, str], Counter] = {}
    for p in ported:
        counted = left_out.setdefault((p["sourceHarness"], p["harness"]), Counter())
        counted.update({f["field"] for f in p["fields"] if f["status"] == "left-out"})
    for (source, target), counted in sorted(left_out.items()):
        loaded, not_loaded = figures[source, target, True], figures[source, target, False]
        print(
            f"{source} → {target}: ported {loaded + not_loaded}, loaded {loaded}; "
            f"left out most: {counted.most_common(4)}"
        )
    assert len(refused) < len(ported) // 20


def test_the_report_names_every_tool_the_port_grants(ports):
    """The tools a report says each tool became are the tools the ported file grants."""
    differ = []
    for p in ports:
        if not p["loads"] or p["tools"] is None:
            continue
        rows = [f for f in p["fields"] if f["field"] == "tools" and f["status"] != "left-out"]
        said = {name for f in rows for name in f.get("to", "").split(", ") if name}
        if said != set(p["tools"]):
            differ.append((p["source"], p["harness"], sorted(said), p["tools"]))
    assert differ == []


SEEDS = ("harness-subagents", "synapse", "zut", "agent-core")
TOO_LONG = "the Harness Subagents format would report: `description` is "
"""The base format's limit of 1,024 characters (its specification, l. 25)."""


@pytest.fixture(scope="module")
def seed_ports(tmp_path_factory) -> list[dict]:
    """The Claude Code collections ported to each seed format (by its name: not in ``all``)."""
    out = tmp_path_factory.mktemp("seeds")
    claude = COLLECTIONS["claude-code"]
    return [port for seed in SEEDS for port in ported("claude-code", seed, out / seed, claude)]


def test_every_claude_code_file_that_loads_loads_in_each_seed_format(seed_ports):
    ported = [p for p in seed_ports if p["sourceLoads"]]
    assert len(ported) > 4000
    refused = [(p["source"], p["harness"], p["reason"]) for p in ported if not p["loads"]]
    assert [r for r in refused if not r[2].startswith(TOO_LONG)] == []
    assert len(refused) < len(ported) // 20
    differ = []
    for p in ported:
        if p["loads"] and p["tools"] is not None:
            rows = [f for f in p["fields"] if f["field"] == "tools" and f["status"] != "left-out"]
            said = {name for f in rows for name in f.get("to", "").split(", ") if name}
            if said != set(p["tools"]):
                differ.append((p["source"], p["harness"], sorted(said), p["tools"]))
    assert differ == []
