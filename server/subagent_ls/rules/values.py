"""Rules on the shape of particular values: ``tools`` (empty list, wrong shape for the dialect,
names the harness does not know) and ``metadata`` (string values only)."""

from __future__ import annotations

from subagent_ls.core.findings import Edit, Fix, excerpt
from subagent_ls.core.frontmatter import Span
from subagent_ls.core.yaml_edits import double_quoted, flow_list, plain_source
from subagent_ls.core.yamltree import YamlNode
from subagent_ls.harnesses.common.tools import split_tool_string, tool_names
from subagent_ls.rules.fields import accepts, invalid, kind_word, wanted_types
from subagent_ls.rules.registry import (
    METADATA_VALUE,
    TOOLS_EMPTY,
    TOOLS_FORMAT,
    TOOLS_UNKNOWN,
    LintContext,
)


def tools_rules(ctx: LintContext) -> None:
    spec = ctx.dialect.fields.get("tools")
    node = ctx.doc.field_value("tools")
    if spec is None or node is None:
        return
    empty = node.kind == "seq" and not node.value
    if empty and ctx.dialect.tools_empty_note:
        fix = _inherit_fix(ctx, node) if "null" in spec.types else None
        ctx.report(TOOLS_EMPTY, ctx.dialect.tools_empty_note, node.span, fix=fix)
    elif empty and ctx.dialect.tools_empty_means_none:
        fix = None
        if node.flow and "boolean" in spec.types:
            fix = Fix("Write `tools: false`", (Edit(node.span, "false"),), safe=True)
        ctx.report(
            TOOLS_EMPTY,
            "`tools: []` gives this subagent no tools at all; "
            + ("write `tools: false` to say so, or " if fix else "")
            + "remove the field to inherit the parent's tools.",
            node.span,
            fix=fix,
        )
    if spec.shape_code == TOOLS_FORMAT and not accepts(spec, node):
        _report_tools_shape(ctx, node)
    elif ctx.dialect.known_tools is not None:
        _report_unknown_tools(ctx, node)


def _inherit_fix(ctx: LintContext, node: YamlNode) -> Fix | None:
    """Where `[]` is not "no tools" and `tools` may be null (Synapse: absent or null inherits
    the default tools, `[]` keeps only the framework's): write `tools: null`, or remove the
    field (its line is left blank: a fix removes no line). Unsafe: the subagent then gets
    tools it did not have."""
    if not node.flow:
        return None
    key = ctx.doc.fields["tools"].key.span
    remove = Fix("Remove `tools`", (Edit(Span(key.start, node.span.end), ""),))
    return Fix("Write `tools: null`", (Edit(node.span, "null"),), alternatives=(remove,))


def _report_tools_shape(ctx: LintContext, node: YamlNode) -> None:
    spec = ctx.dialect.fields["tools"]
    severity, effect = invalid(ctx, spec)
    message = (
        f"`tools` cannot be {kind_word(node)}: {ctx.dialect.harness} wants {wanted_types(spec)}."
    )
    fix = None
    if node.kind == "str" and "string-list" in spec.types and _on_one_line(ctx, node):
        text = str(node.value).strip()
        names = split_tool_string(text)
        if text == "*" and "boolean" in spec.types:
            replacement = "true"
        elif not names and "boolean" in spec.types:
            replacement = "false"
        else:
            replacement = flow_list(names)
        message += f" Write it as `{replacement}`."
        fix = Fix(f"Write `tools: {replacement}`", (Edit(node.span, replacement),), safe=True)
    ctx.report(TOOLS_FORMAT, message + effect, node.span, fix=fix, severity=severity)


def _on_one_line(ctx: LintContext, node: YamlNode) -> bool:
    """Whether the value is written on one line: a fix that rewrites a value spread over
    several lines would join them."""
    lines = ctx.doc.lines
    return lines.line_of(node.span.start) == lines.line_of(node.span.end)


def _report_unknown_tools(ctx: LintContext, node: YamlNode) -> None:
    dialect = ctx.dialect
    known = dialect.known_tools or frozenset()
    for name, span, _ in tool_names(node, dialect.tools_split_on_spaces, ctx.doc.text):
        base = name.split("(", 1)[0].strip() if dialect.tool_patterns else name
        patterned = base == "*" or base.startswith("mcp__") or "/" in base
        if base in known or not base or (dialect.tool_patterns and patterned):
            continue
        message = f"`{excerpt(name)}` is not a tool {dialect.harness} knows; it grants nothing."
        words, fix = name.split(), None
        if not dialect.tools_split_on_spaces and len(words) > 1 and set(words) <= known:
            listed = ", ".join(words)
            message += (
                f" {dialect.harness} splits a `tools` string at commas only: write `{listed}`."
            )
            if node.kind == "str" and ctx.doc.source(span) == name:
                # unsafe: the names grant nothing as written, and the tools once split
                fix = Fix(f"Write `{listed}`", (Edit(span, listed),))
        ctx.report(TOOLS_UNKNOWN, message, span, fix=fix)


def metadata_rules(ctx: LintContext) -> None:
    node = ctx.doc.field_value("metadata")
    if node is None or node.kind != "map" or "metadata" not in ctx.dialect.fields:
        return
    for item in node.items:
        for part, role in ((item.key, "key"), (item.value, "value")):
            if part.kind in ("str", "tagged"):
                continue
            fix = None
            if (source := plain_source(ctx.doc, part)) is not None:
                quoted = double_quoted(source)
                fix = Fix(f"Quote the {role}: {quoted}", (Edit(part.span, quoted),), safe=True)
            ctx.report(
                METADATA_VALUE,
                f"metadata {role} `{excerpt(ctx.doc.source(part.span), 40)}` is "
                f"{kind_word(part)}, not a string; harnesses that expect strings may drop or "
                "misread it.",
                part.span,
                fix=fix,
            )
