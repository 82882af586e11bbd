"""Porting a definition to another harness: the file as the target harness reads it, carried by
meaning (name, description, the body byte for byte, each tool mapped to the target's tool of the
same capability, the model, the fields of one meaning), with a report of what became of every
field, and judged by the target's own dialect before anything is written (the gate).

Each harness's facts (its ``PORT``: tools by capability, MCP names, models, naming) are declared
in its own package; this module reads them through the registry and names no harness."""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path
from typing import NamedTuple

from subagent_ls.analysis.dialect_choice import (
    choose_dialect,
    folder_source_holding,
    folder_sources,
)
from subagent_ls.analysis.lint import judge
from subagent_ls.analysis.port_fields import (
    PortedTools,
    Row,
    port_carried,
    port_model,
    port_name,
    port_tools,
    scalar,
)
from subagent_ls.analysis.projects import project_of
from subagent_ls.core.document import AgentDocument
from subagent_ls.core.findings import Severity
from subagent_ls.core.paths import git_top
from subagent_ls.core.settings import Settings
from subagent_ls.core.verdict import Verdict
from subagent_ls.harnesses.model import Dialect
from subagent_ls.harnesses.porting import PortFacts
from subagent_ls.harnesses.registry import HARNESS_OF, LISTED, PROFILES, port_facts

DEFINITIONS = ("mcpServers", "mcp-servers", "mcp_servers")
"""Keys whose value defines MCP servers (by a harness's own schema): not carried."""


@cache
def ports() -> dict[str, tuple[Dialect, PortFacts]]:
    """Every harness a definition can be ported to (its package declares ``PORT``), with its
    own dialect, in the order the registry lists them."""
    found = {h.PROFILE.id: (h.DIALECT, port_facts(h)) for h in LISTED}
    return {harness: (dialect, facts) for harness, (dialect, facts) in found.items() if facts}


def real_ports() -> tuple[str, ...]:
    """The harnesses of ``ports`` whose dialect is verified against the harness's own loader
    (``--to all``, the editor's actions); a seed format is a target by its name only."""
    return tuple(h for h, (dialect, _) in ports().items() if dialect.verified_with is not None)


def label(harness: str) -> str:
    return PROFILES[harness].harness


class Ported(NamedTuple):
    """One file ported to one harness: the text (None where there is none to write), where it
    goes, the report's rows, the tools mapped (None: every tool), the MCP servers they need,
    and whether the target's own dialect loads it as meant (``reason`` says why not)."""

    source: str
    harness: str
    target: str | None
    text: str | None
    rows: tuple[Row, ...]
    tools: tuple[str, ...] | None = None
    servers: tuple[str, ...] = ()
    loads: bool = False
    reason: str | None = None
    name: str | None = None
    verdict: Verdict | None = None
    own: str | None = None
    """The harness the source file is written for."""
    source_loads: bool = True
    """Whether the source's own harness loads it (a file it does not load is not ported)."""

    def as_json(self) -> dict[str, object]:
        return {
            "source": self.source,
            "harness": self.harness,
            "target": self.target,
            "name": self.name,
            "loads": self.loads,
            "reason": self.reason,
            "sourceHarness": self.own,
            "sourceLoads": self.source_loads,
            "tools": None if self.tools is None else list(self.tools),
            "mcpServers": list(self.servers),
            "fields": [row.as_json() for row in self.rows],
        }


def _project(path: str) -> Path:
    """The project of a file: the folder its agent folder is in, else its repository's top,
    else its own folder."""
    folder = Path(os.path.dirname(os.path.abspath(path)))
    return project_of(path) or git_top(folder) or folder


def target_folder(harness: str, near: str) -> Path | None:
    """The harness's agent folder in the project of ``near``: the first of the harness's
    project-level folders read in its own dialect, subfolders read where one is."""
    project = _project(near)
    found = [
        source
        for source in folder_sources(harness, Settings(), [project])
        if source.level == "project" and source.dialect == harness and source.path is not None
    ]
    found.sort(key=lambda source: not source.recursive)
    return found[0].path if found else None


def port_file(
    doc: AgentDocument, harness: str, out: str | None = None, forced: Dialect | None = None
) -> Ported:
    """``doc`` ported to ``harness``: into ``out`` when given, else into the harness's agent
    folder of the file's project."""
    settings = Settings()
    choice = choose_dialect(doc, settings, forced)
    mine = HARNESS_OF[choice.dialect.id]
    _, own = judge(doc, choice.dialect, settings)
    if not own.loads or own.name is None:
        why = f"{label(mine)} does not load it: {own.reason or 'it has no name'}"
        return Ported(doc.path, harness, None, None, (), reason=why, own=mine, source_loads=False)
    if harness == mine:
        why = f"it is a {label(mine)} definition already"
        return Ported(doc.path, harness, None, None, (), reason=why, own=mine)
    dialect, facts = ports()[harness]
    source_facts = ports().get(mine, (None, None))[1]
    name, stem, name_row = port_name(own.name, facts, label(harness))
    folder = Path(out) if out is not None else target_folder(harness, doc.path)
    if folder is None:
        why = f"{label(harness)} reads no agent folder in a project; give --out"
        return Ported(doc.path, harness, None, None, (name_row,), reason=why, own=mine)
    target = str(folder / (stem + facts.suffix))
    if os.path.abspath(target) == os.path.abspath(doc.path):
        why = f"{label(harness)} reads its agents from this file's own path; give --out"
        return Ported(doc.path, harness, None, None, (name_row,), reason=why, own=mine)
    labels = (label(mine), label(harness))
    view = doc if doc.yaml.error is None else doc.repaired.view if doc.repaired else None
    if view is None or (doc.repaired is not None and doc.repaired.lost):
        why = (
            "its YAML does not parse and cannot all be read entry by entry, so what its harness "
            "reads cannot all be told; fix it first (`check --fix`)"
        )
        return Ported(doc.path, harness, None, None, (name_row,), reason=why, own=mine)
    text, rows, tools = _compose(view, own, name, source_facts, facts, labels, view is not doc)
    rows = (name_row, *rows, *_read_already(doc.path, harness))
    ported = Ported(
        doc.path, harness, target, text, rows, tools.names, tools.servers, name=name, own=mine
    )
    return _gate(ported, dialect, facts)


def _read_already(path: str, harness: str) -> tuple[Row, ...]:
    """A row where the target harness reads the source file where it lies already (one harness
    reads another's agent folder): the port gives it a second definition."""
    source = folder_source_holding(harness, path, Settings(), [_project(path)])
    if source is None:
        return ()
    why = (
        f"{label(harness)} reads this file where it lies already ({source.label}); with the "
        "port it has two definitions of the agent (`check` says which it takes)"
    )
    return (Row("file", "kept", path, reason=why),)


def _compose(
    doc: AgentDocument,
    own: Verdict,
    name: str,
    source: PortFacts | None,
    target: PortFacts,
    labels: tuple[str, str],
    repaired: bool = False,
) -> tuple[str, list[Row], PortedTools]:
    """The ported text, its rows (but the name's) and the tools; ``doc`` is the file as read
    entry by entry where its YAML does not parse (its harness repaired it)."""
    theirs = labels[1]
    newline = "\r\n" if doc.text.startswith("---\r\n") else "\n"
    lines = ["---"]
    rows: list[Row] = []
    read = {"name", "description"}
    if target.name_field:
        lines.append(f"{target.name_key}: {scalar(name)}")
    if source is not None:
        read.add(source.name_key)
    described = _description(doc, own, repaired)
    if described is not None:
        lines.append(f"description: {scalar(described.after or str(described.before))}")
        rows.append(described)
    lines += [f"{key}: {value}" for key, value, _ in target.added]
    rows += [Row(key, "added", None, value, why) for key, value, why in target.added]
    names = source.read_tools(doc) if source is not None else _tools_of_unknown(doc)
    if own.tools == ():
        names = ()  # a harness that reads the entry as no tools at all
    tools = port_tools(names, source, target, labels)
    rows += tools.rows
    if source is not None:
        notes = source.tool_notes(doc)
        rows += [Row(key, "left-out", text, reason=why) for key, text, why in notes]
    read.update(("tools", "disallowedTools", "permission", *(source.tool_keys if source else ())))
    entry = target.write_tools(tools.names)
    if entry.yaml is not None:
        lines.append(entry.yaml)
    model = doc.field_value("model")
    if model is not None and model.kind == "str":
        read.add("model")
        row = port_model(str(model.value), source, target, theirs)
        rows.append(row)
        if row.after is not None:
            lines.append(f"model: {scalar(row.after)}")
    if source is not None:
        carried, carried_rows, keys = port_carried(doc, source, target, theirs)
        lines += carried
        rows += carried_rows
        read |= keys
    rows += _left_out(doc, read, theirs, tools.servers)
    lines.append("---")
    body = doc.text[doc.layout.body_start :] if doc.layout.opening is not None else doc.text
    return newline.join(lines) + newline + body, rows, tools


def _description(doc: AgentDocument, own: Verdict, repaired: bool) -> Row | None:
    """The description as the harness reads it after its repair of the YAML, else as written;
    none where the file has none (a stand-in is not carried)."""
    node = doc.field_value("description")
    written = str(node.value) if node is not None and node.kind == "str" else None
    if not repaired or not own.description:
        return Row("description", "kept", written) if written is not None else None
    if own.description == written:
        return Row("description", "kept", written)
    why = "as its harness reads it after repairing the YAML (the rest is not given to the model)"
    return Row("description", "mapped", written, own.description, why)


def _tools_of_unknown(doc: AgentDocument) -> tuple[str, ...] | None:
    from subagent_ls.harnesses.porting import listed_tools

    names = listed_tools(doc)
    return None if names is None else tuple(names)


def _left_out(
    doc: AgentDocument, read: set[str], theirs: str, servers: tuple[str, ...]
) -> list[Row]:
    rows = []
    for key, item in doc.fields.items():
        if key in read:
            continue
        text = doc.source(item.value.span)
        if key in DEFINITIONS:
            why = f"MCP server definitions are not carried; connect them in {theirs}"
            if servers:
                why += " (" + ", ".join(f"`{s}`" for s in servers) + ")"
        else:
            why = f"{theirs} has no field that means the same"
        rows.append(Row(key, "left-out", text[:200], reason=why))
    return rows


def _gate(ported: Ported, dialect: Dialect, facts: PortFacts) -> Ported:
    """The ported file judged by the target's own dialect: no error, loaded under the name it
    was given, with the mapped tools; else it is not to be written, and the reason says why."""
    assert ported.target is not None and ported.text is not None
    doc = AgentDocument(ported.target, ported.text)
    ctx, verdict = judge(doc, dialect, Settings())
    errors = [f for f in ctx.findings if f.severity is Severity.ERROR]
    theirs = label(ported.harness)
    if errors:
        first = min(errors, key=lambda f: f.span.start)
        return ported._replace(reason=f"{theirs} would report: {first.message}", verdict=verdict)
    if not verdict.loads:
        return ported._replace(reason=f"{theirs} would not load it: {verdict.reason}")
    if verdict.name != ported.name:
        why = f"{theirs} would load it as `{verdict.name}`, not `{ported.name}`"
        return ported._replace(reason=why, verdict=verdict)
    read = facts.read_tools(doc)  # None: every tool the harness gives (Synapse lists them)
    granted = None if read is None else verdict.tools if verdict.tools is not None else read
    if granted == ("*",):
        granted = None
    if (granted is None) != (ported.tools is None) or set(granted or ()) != set(ported.tools or ()):
        why = f"{theirs} would grant {_listed(granted)}, not {_listed(ported.tools)}"
        return ported._replace(reason=why, verdict=verdict)
    return ported._replace(loads=True, verdict=verdict)


def _listed(names: tuple[str, ...] | None) -> str:
    if names is None:
        return "every tool"
    return ", ".join(f"`{n}`" for n in names) if names else "no tool"
