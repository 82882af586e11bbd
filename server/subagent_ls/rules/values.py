"""Rules on the shape of particular values: ``tools`` (empty list, wrong shape for the dialect,
names the harness does not know) and ``metadata`` (string values only)."""

from __future__ import annotations

from subagent_ls.core.findings import Edit, Fix, excerpt
from subagent_ls.core.frontmatter import Span
from subagent_ls.core.yaml_edits import double_quoted, flow_list, plain_source, replace_scalar
from subagent_ls.core.yamltree import YamlNode
from subagent_ls.harnesses.common.tools import split_tool_string, tool_names
from subagent_ls.harnesses.model import Dialect
from subagent_ls.rules.fields import accepts, invalid, kind_word, near_miss, wanted_types
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
    elif ctx.dialect.known_tools is not None and node.kind == "map":
        _report_unknown_switches(ctx, node)
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
    for name, span, scalar in tool_names(node, dialect.tools_split_on_spaces, ctx.doc.text):
        if _tool_known(dialect, name, known):
            continue
        message = f"`{excerpt(name)}` is not a tool {dialect.harness} knows; "
        message += dialect.unknown_tool_effect
        words, fix = name.split(), None
        if not dialect.tools_split_on_spaces and len(words) > 1 and set(words) <= known:
            listed = ", ".join(words)
            message += (
                f" {dialect.harness} splits a `tools` string at commas only: write `{listed}`."
            )
            if node.kind == "str" and ctx.doc.source(span) == name:
                # unsafe: the names grant nothing as written, and the tools once split
                fix = Fix(f"Write `{listed}`", (Edit(span, listed),))
        elif meant := near_miss(base := _base(dialect, name), grantable_tools(dialect)):
            message += f" Did you mean `{meant}`?"
            written = meant + name[len(base) :] if name.startswith(base) else None
            fix = _renamed_tool(ctx, name, span, scalar, written) if written else None
        ctx.report(TOOLS_UNKNOWN, message, span, fix=fix)


def _report_unknown_switches(ctx: LintContext, node: YamlNode) -> None:
    """A map of tools to switches (OpenCode's, each made a permission of that name): a key
    that is a near miss of one of the harness's tools switches nothing. Other unknown keys
    are not reported: they may name an MCP server's tool (``server_tool``) or a pattern."""
    dialect, present = ctx.dialect, {item.name for item in node.items}
    for item in node.items:
        name, key = item.name, item.key
        if key.kind != "str" or name in (dialect.known_tools or ()) or set(name) & set("*?_"):
            continue
        meant = near_miss(name, grantable_tools(dialect))
        if meant is None or meant.lower() == name.lower():
            continue
        message = (
            f"`{excerpt(name)}` is not a tool {dialect.harness} knows; switching it on or off "
            f"does nothing. Did you mean `{meant}`?"
        )
        fix = None
        if meant not in present and (edit := replace_scalar(key, meant)) is not None:
            fix = Fix(f"Change to `{meant}`", (edit,))
        ctx.report(TOOLS_UNKNOWN, message, key.span, fix=fix)


def _tool_known(dialect: Dialect, name: str, known: frozenset[str]) -> bool:
    """Whether the harness takes the listed ``name``: by its own check where it has one, else
    a known tool (or, where it resolves them, a pattern: ``*``, ``mcp__…``, ``x/y``)."""
    if dialect.valid_tool is not None:
        return dialect.valid_tool(name)
    base = _base(dialect, name)
    patterned = base == "*" or base.startswith("mcp__") or "/" in base
    return base in known or not base or (dialect.tool_patterns and patterned)


def _base(dialect: Dialect, name: str) -> str:
    """The tool a listed name grants, without its pattern (``Bash`` of ``Bash(git:*)``) where
    the harness reads patterns."""
    if dialect.valid_tool is not None or not dialect.tool_patterns:
        return name
    return name.split("(", 1)[0].strip()


def grantable_tools(dialect: Dialect) -> list[str]:
    """The tools the harness knows, less those a trap says it never grants whatever else the
    file says (no "did you mean" points to one), in order."""
    never = {t.tool for t in dialect.traps if t.tool and not t.also and not t.unless_tool}
    return sorted((dialect.known_tools or frozenset()) - never)


def _renamed_tool(
    ctx: LintContext, name: str, span: Span, scalar: YamlNode, meant: str
) -> Fix | None:
    """Write ``meant`` (the tool meant, with the name's pattern) in place of the tool name:
    the name alone where the string spells it as is, else the whole scalar in its own quoting
    when the scalar is that name. Unsafe: the agent then gets a tool it did not."""
    if span != scalar.span and ctx.doc.source(span) == name:
        edit: Edit | None = Edit(span, meant)
    elif scalar.kind == "str" and str(scalar.value) == name:
        edit = replace_scalar(scalar, meant)
    else:
        edit = None
    return Fix(f"Change to `{meant}`", (edit,)) if edit is not None else None


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
