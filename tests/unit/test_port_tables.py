"""docs/port.md's table of tools by capability is the port facts the harness packages declare:
a row changed in one and not the other fails here."""

from __future__ import annotations

import re
from pathlib import Path

from subagent_ls.analysis.port import label, ports
from subagent_ls.harnesses.porting import CAPABILITIES

PAGE = Path(__file__).resolve().parents[2] / "docs" / "port.md"


def _table() -> dict[str, dict[str, tuple[str, ...]]]:
    text = PAGE.read_text("utf-8")
    block = text[text.index("| capability |") :].split("\n\n", 1)[0].splitlines()
    header = [cell.strip() for cell in block[0].strip("|").split("|")][1:]
    rows = {}
    for line in block[2:]:
        capability, *cells = (cell.strip() for cell in line.strip("|").split("|"))
        rows[capability] = {
            harness: tuple(re.findall(r"`([^`]+)`", cell))
            for harness, cell in zip(header, cells, strict=True)
        }
    return rows


def test_the_pages_tool_table_is_every_harnesss_port_facts():
    table = _table()
    assert list(table) == list(CAPABILITIES)
    for capability, cells in table.items():
        declared = {label(h): facts.tools.get(capability, ()) for h, (_, facts) in ports().items()}
        assert cells == declared, capability
