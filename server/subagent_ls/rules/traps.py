"""Traps a harness's document names: a field that has no effect as written, a listed tool the
harness can never grant because of another field, and a tool that grants more than the list
reads. Each dialect lists its traps as data (``Dialect.traps``); this rule reports them."""

from __future__ import annotations

import re

from subagent_ls.core.document import AgentDocument
from subagent_ls.core.findings import Edit, Fix, excerpt
from subagent_ls.core.frontmatter import Span
from subagent_ls.core.yamltree import YamlNode
from subagent_ls.harnesses.common.tools import tool_names
from subagent_ls.harnesses.model import Trap
from subagent_ls.rules.fields import accepts
from subagent_ls.rules.registry import TOOL_UNAVAILABLE, LintContext


def scalar_text(node: YamlNode | None) -> str | None:
    """A scalar as a trap matches it: booleans as ``true``/``false``; None for a collection."""
    if node is None or node.is_collection:
        return None
    if node.kind == "bool":
        return "true" if node.value else "false"
    return "" if node.value is None else str(node.value)


def _holds(doc: AgentDocument, key: str, pattern: str | None) -> bool:
    text = scalar_text(doc.field_value(key))
    return text is not None and (pattern is None or re.fullmatch(pattern, text) is not None)


def _where(ctx: LintContext, trap: Trap) -> list[Span]:
    doc = ctx.doc
    if not all(_holds(doc, key, pattern) for key, pattern in trap.also):
        return []
    node = doc.field_value(trap.key)
    if node is None and trap.absent_too and trap.also and trap.key not in doc.fields:
        return [doc.fields[trap.also[0][0]].value.span]
    if node is None:
        return []
    if trap.tool is None:
        return [node.span] if trap.any_value or _holds(doc, trap.key, trap.value) else []
    listed = tool_names(node, ctx.dialect.tools_split_on_spaces, doc.text)
    if trap.unless_tool is not None and any(tool.name == trap.unless_tool for tool in listed):
        return []
    return [tool.span for tool in listed if tool.name == trap.tool]


def trap_rules(ctx: LintContext) -> None:
    for trap in ctx.dialect.traps:
        for span in _where(ctx, trap):
            ctx.report(trap.code, trap.message, span, fix=_setting(ctx.doc, trap))


def _setting(doc: AgentDocument, trap: Trap) -> Fix | None:
    """The fix that writes ``key: fix_value``: the value replaced, or a line added at the end
    of a block frontmatter; unsafe, since it changes what the harness does."""
    if trap.fix_value is None:
        return None
    title = f"Write `{trap.key}: {trap.fix_value}`"
    node = doc.field_value(trap.key)
    if node is not None:
        plain = node.style is None and not node.is_collection
        return Fix(title, (Edit(node.span, trap.fix_value),)) if plain else None
    closing, root = doc.layout.closing, doc.yaml.root
    if closing is None or root is None or root.kind != "map" or root.flow:
        return None
    newline = "\r\n" if doc.text[: closing.start].endswith("\r\n") else "\n"
    end = closing.start - len(newline)  # the end of the frontmatter's last line
    return Fix(title, (Edit(Span(end, end), f"{newline}{trap.key}: {trap.fix_value}"),))


def denied_tools(ctx: LintContext) -> None:
    """A tool that ``tools`` lists and the dialect's denylist names too is never exposed."""
    key = ctx.dialect.denylist
    spec = ctx.dialect.fields.get(key or "")
    tools, denied = ctx.doc.field_value("tools"), ctx.doc.field_value(key or "")
    if spec is None or tools is None or denied is None or not accepts(spec, denied):
        return
    split = ctx.dialect.tools_split_on_spaces
    names = {tool.name for tool in tool_names(denied, split)}
    for name, span, _ in tool_names(tools, split, ctx.doc.text):
        if name in names:
            message = (
                f"`{excerpt(name)}` is never exposed: `{key}` names it too, and wins over `tools`."
            )
            ctx.report(TOOL_UNAVAILABLE, message, span)
