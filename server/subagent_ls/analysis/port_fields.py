"""The fields of a ported definition, one by one: the name (by the target's naming), the tools
(each mapped to the target's tool of the same capability, MCP tools re-spelled), the model (by
what it means) and the fields of one meaning across harnesses (``color``, ``max-turns``...),
each with the row of the report that says what became of it."""

from __future__ import annotations

import re
from typing import Literal, NamedTuple

from subagent_ls.core.document import AgentDocument
from subagent_ls.core.yaml_edits import double_quoted, is_plain_safe
from subagent_ls.core.yamltree import YamlNode
from subagent_ls.harnesses.porting import Carried, PortFacts, slug

Status = Literal["kept", "mapped", "left-out", "added"]
FILE_STEM = r"[A-Za-z0-9_][A-Za-z0-9_.-]*"
"""A name that is a file name as it stands on every system."""


class Row(NamedTuple):
    """What became of one field (or one tool of ``tools``): kept as is, mapped (``before`` →
    ``after``), left out (``reason`` says why) or added for the target."""

    field: str
    status: Status
    before: str | None
    after: str | None = None
    reason: str | None = None

    def as_json(self) -> dict[str, object]:
        data: dict[str, object] = {"field": self.field, "status": self.status}
        if self.before is not None:
            data["from"] = self.before
        if self.after is not None:
            data["to"] = self.after
        if self.reason is not None:
            data["reason"] = self.reason
        return data


def scalar(value: str) -> str:
    """``value`` as a YAML scalar that every harness's reader reads back as that string."""
    return value if is_plain_safe(value) else double_quoted(value)


def port_name(name: str, facts: PortFacts, label: str) -> tuple[str, str, Row]:
    """The target's name, the file stem that carries it, and the row."""
    target = name if re.fullmatch(facts.name_pattern, name) else slug(name, facts.name_charset)
    target = target or "agent"
    if facts.name_field:
        stem = target if re.fullmatch(FILE_STEM, target) else slug(target, "a-z0-9-") or "agent"
    else:
        stem = target
    if target == name:
        why = None if facts.name_field else f"{label} names an agent by its file name"
        return target, stem, Row("name", "kept", name, reason=why)
    why = f"{label}'s names must match `{facts.name_pattern}`"
    return target, stem, Row("name", "mapped", name, target, why)


class PortedTools(NamedTuple):
    names: tuple[str, ...] | None
    rows: list[Row]
    servers: tuple[str, ...]


def port_tools(
    names: tuple[str, ...] | None,
    source: PortFacts | None,
    target: PortFacts,
    labels: tuple[str, str],
) -> PortedTools:
    """Each tool mapped to the target's tool of its capability (None: every tool)."""
    if names is None:
        return PortedTools(None, [Row("tools", "kept", "every tool", "every tool")], ())
    mapped: dict[str, None] = {}
    rows: list[Row] = []
    servers: dict[str, None] = {}
    for name in names:
        row, written, server = _port_tool(name, source, target, labels)
        rows.append(row)
        mapped.update(dict.fromkeys(written))
        if server is not None:
            servers[server] = None
    for group in target.together:
        if any(name in mapped for name in group):
            for name in group:
                if name not in mapped:
                    mapped[name] = None
                    why = f"{labels[1]} grants {', '.join(f'`{n}`' for n in group)} together"
                    rows.append(Row("tools", "added", None, name, why))
    return PortedTools(tuple(mapped), rows, tuple(servers))


def _port_tool(
    name: str, source: PortFacts | None, target: PortFacts, labels: tuple[str, str]
) -> tuple[Row, tuple[str, ...], str | None]:
    mine, theirs = labels
    base, _, rule = name.partition("(")
    base = base.strip()
    widened = f"; the rule `({rule}` is not carried: {theirs} gets the whole tool" if rule else ""
    if source is None:
        why = f"{mine} declares no capability of its tools"
        return Row("tools", "left-out", name, reason=why), (), None
    if source.verbatim_tools or target.verbatim_tools:
        return _port_verbatim(name, source, target, labels)
    mcp = source.mcp_parse(base)
    if mcp is not None:
        server, tool = mcp
        to = target.mcp_name(server, tool)
        if to is None:
            why = f"{theirs}'s document does not say how it names an MCP server's tools"
            return Row("tools", "left-out", name, reason=why), (), None
        why = f"the MCP server `{server}` must be connected in {theirs}" + widened
        return Row("tools", "kept" if to == name else "mapped", name, to, why), (to,), server
    capabilities = source.capabilities_of(base)
    if not capabilities and base in source.uncharted:
        return Row("tools", "left-out", name, reason=source.uncharted[base]), (), None
    if not capabilities:
        why = f"{mine} has no tool of that name, so it grants nothing"
        return Row("tools", "left-out", name, reason=why), (), None
    written = tuple(target.tools[c][0] for c in capabilities if target.tools.get(c))
    missing = [c for c in capabilities if not target.tools.get(c)]
    if not written:
        why = f"{theirs} has no tool that does what it does ({', '.join(capabilities)})"
        return Row("tools", "left-out", name, reason=why), (), None
    why = ", ".join(capabilities) + widened
    if missing:
        why += f"; {theirs} has no tool for {', '.join(missing)}"
    to = ", ".join(written)
    status: Status = "kept" if to == name else "mapped"
    return Row("tools", status, name, to, why), written, None


def _port_verbatim(
    name: str, source: PortFacts, target: PortFacts, labels: tuple[str, str]
) -> tuple[Row, tuple[str, ...], str | None]:
    """A tool of a format whose tool names are the harness's own: carried as written to it;
    from it, kept where the target knows the name (a tool or an MCP tool of its own)."""
    mine, theirs = labels
    if target.verbatim_tools:
        why = f"{theirs} leaves tool names to the harness: carried as written"
        return Row("tools", "kept", name, name, why), (name,), None
    base = name.partition("(")[0].strip()
    mcp = target.mcp_parse(base)
    if target.capabilities_of(base) or mcp is not None:
        why = f"{mine} leaves tool names to the harness; this one is {theirs}'s own"
        return Row("tools", "kept", name, name, why), (name,), mcp[0] if mcp else None
    why = f"{mine} leaves tool names to the harness, and {theirs} has no tool of that name"
    return Row("tools", "left-out", name, reason=why), (), None


def port_model(value: str, source: PortFacts | None, target: PortFacts, theirs: str) -> Row:
    """The model by its meaning: an alias both have, or a model id of a vendor both run."""
    meaning = source.models(value) if source is not None else None
    written = target.write_model(meaning) if meaning is not None else None
    if written is None:
        why = f"{theirs} has no equivalent; the agent runs on the session's model"
        if target.model_note is not None and meaning is not None and meaning != "inherit":
            why = target.model_note
        return Row("model", "left-out", value, reason=why)
    if written == "":
        why = f"the session's model, {theirs}'s default"
        return Row("model", "left-out", value, reason=why)
    return Row("model", "kept" if written == value else "mapped", value, written)


def read_value(node: YamlNode, kind: str) -> object | None:
    """A field's value as the meaning its kind says, None where it is not of that kind."""
    if kind in ("string", "color"):
        return str(node.value) if node.kind == "str" and str(node.value).strip() else None
    if kind == "positive-integer":
        text = str(node.value).strip() if node.kind in ("int", "str") else ""
        return int(text) if text.isdigit() and int(text) > 0 else None
    if kind == "number":
        return node.value if node.kind in ("int", "float") else None
    if kind == "string-list":
        if node.kind == "str":
            return [part.strip() for part in str(node.value).split(",") if part.strip()] or None
        if node.kind == "seq":
            items = [str(e.value) for e in node.value if e.kind == "str"]  # type: ignore[union-attr]
            return items or None
    return None


def write_value(value: object, kind: str) -> str:
    if kind == "string-list":
        return "[" + ", ".join(scalar(str(v)) for v in value) + "]"  # type: ignore[union-attr]
    if kind in ("string", "color"):
        return scalar(str(value))
    return str(value)


def port_color(value: str, source: PortFacts, target: PortFacts) -> str | None:
    """The target's colour for ``value``: its name of the same ``#rrggbb``, the same name, or
    the ``#rrggbb`` itself where it takes any."""
    hexa = value.lower() if re.fullmatch(r"#[0-9a-fA-F]{6}", value) else source.colors.get(value)
    if value in target.colors and (not hexa or target.colors[value] in ("", hexa)):
        return value
    named = [name for name, code in target.colors.items() if hexa and code == hexa]
    if named:
        return named[0]
    return hexa if hexa and target.any_hex_color else None


def port_carried(
    doc: AgentDocument, source: PortFacts, target: PortFacts, theirs: str
) -> tuple[list[str], list[Row], set[str]]:
    """The entries of the fields both define, their rows, and the source keys read."""
    lines: list[str] = []
    rows: list[Row] = []
    read: set[str] = set()
    for meaning, mine in source.carried.items():
        item = doc.fields.get(mine.key)
        if item is None:
            continue
        read.add(mine.key)
        text = doc.source(item.value.span)
        goal: Carried | None = target.carried.get(meaning)
        if goal is None:
            rows.append(Row(mine.key, "left-out", text, reason=f"{theirs} has no such field"))
            continue
        value = read_value(item.value, mine.kind)
        if value is not None and mine.kind == "color":
            value = port_color(str(value), source, target)
        if goal.values and str(value) not in goal.values:
            value = None
        if value is None or goal.kind != mine.kind:
            why = f"{theirs} has no value for it that means the same"
            rows.append(Row(mine.key, "left-out", text, reason=why))
            continue
        written = write_value(value, goal.kind)
        lines.append(f"{goal.key}: {written}")
        same = goal.key == mine.key and written == text
        rows.append(Row(mine.key, "kept" if same else "mapped", text, f"{goal.key}: {written}"))
    return lines, rows, read
