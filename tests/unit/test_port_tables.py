"""docs/port.md's table of tools by capability is the port facts the harness packages declare:
a row changed in one and not the other fails here."""

from __future__ import annotations

import re
from pathlib import Path

from subagent_ls.analysis.port import label, ports
from subagent_ls.harnesses.porting import CAPABILITIES

PAGE = Path(__file__).resolve().parents[2] / "docs" / "port.md"


def _tables() -> list[dict[str, dict[str, tuple[str, ...]]]]:
    """Each table of tools by capability on the page (the real harnesses', the seed formats'):
    capability → harness → the names of its cell."""
    text = PAGE.read_text("utf-8")
    tables = []
    for part in text.split("| capability |")[1:]:
        block = ("| capability |" + part).split("\n\n", 1)[0].splitlines()
        header = [cell.strip() for cell in block[0].strip("|").split("|")][1:]
        rows = {}
        for line in block[2:]:
            capability, *cells = (cell.strip() for cell in line.strip("|").split("|"))
            rows[capability] = {
                harness: tuple(re.findall(r"`([^`]+)`", cell))
                for harness, cell in zip(header, cells, strict=True)
            }
        tables.append(rows)
    return tables


def test_the_pages_tool_tables_are_every_harnesss_port_facts():
    tables = _tables()
    assert len(tables) == 2  # the real harnesses, the seed formats
    for table in tables:
        assert list(table) == list(CAPABILITIES)
    for capability in CAPABILITIES:
        cells = {h: names for table in tables for h, names in table[capability].items()}
        declared = {label(h): facts.tools.get(capability, ()) for h, (_, facts) in ports().items()}
        assert cells == declared, capability


def test_the_seed_formats_table_names_each_seed_format():
    _, seeds = _tables()
    declared = {label(h) for h, (dialect, _) in ports().items() if dialect.verified_with is None}
    assert (
        set(seeds["read"])
        == declared
        == {
            "the Harness Subagents format",
            "Synapse",
            "zut",
            "agent-core",
        }
    )
