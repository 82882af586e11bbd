"""Rules on the shape of particular values: ``tools`` (empty list, string where a list is
wanted and the reverse) and ``metadata`` (string values only)."""

from __future__ import annotations

from subagent_ls.engine.findings import Edit, Fix, Severity, excerpt
from subagent_ls.engine.yaml_edits import double_quoted, flow_list
from subagent_ls.engine.yamltree import YamlNode
from subagent_ls.rules.fields import accepts, kind_word, wanted_types
from subagent_ls.rules.registry import LintContext, check, declare

TOOLS_EMPTY = declare("tools-empty", Severity.WARNING, "`tools: []` means no tools", fixable=True)
TOOLS_FORMAT = declare(
    "tools-format", Severity.ERROR, "`tools` has the wrong shape for the dialect", fixable=True
)
METADATA_VALUE = declare(
    "metadata-value", Severity.WARNING, "a metadata key or value that is not a string", fixable=True
)


def split_tool_string(text: str) -> list[str]:
    """Split ``"Read, Bash(git log:*)"`` into tool names: on commas outside parentheses, or on
    spaces outside parentheses when there is no comma."""
    separator = "," if "," in text else " "
    names, depth, current = [], 0, []
    for char in text:
        depth += {"(": 1, ")": -1}.get(char, 0)
        if char == separator and depth <= 0:
            names.append("".join(current))
            current = []
        else:
            current.append(char)
    names.append("".join(current))
    return [name.strip() for name in names if name.strip()]


@check("fields")
def tools_rules(ctx: LintContext) -> None:
    spec = ctx.dialect.fields.get("tools")
    node = ctx.doc.field_value("tools")
    if spec is None or node is None:
        return
    if node.kind == "seq" and not node.value and ctx.dialect.tools_empty_means_none:
        fix = Fix("Write `tools: false`", (Edit(node.span, "false"),)) if node.flow else None
        ctx.report(
            TOOLS_EMPTY,
            "`tools: []` gives this subagent no tools at all (the same as `false`); write "
            "`tools: false` to say so, or remove the field to inherit the parent's tools.",
            node.span,
            fix=fix,
        )
    elif spec.shape_code != TOOLS_FORMAT or accepts(spec, node):
        return
    elif node.kind == "str" and "string-list" in spec.types:
        _report_string_tools(ctx, node)
    else:
        ctx.report(
            TOOLS_FORMAT,
            f"`tools` must be {wanted_types(spec)} in {ctx.dialect.harness}, "
            f"not {kind_word(node)}.",
            node.span,
        )


def _report_string_tools(ctx: LintContext, node: YamlNode) -> None:
    text = str(node.value).strip()
    names = split_tool_string(text)
    if text == "*":
        replacement, meaning = "true", "`true` (all tools)"
    elif not names:
        replacement, meaning = "false", "`false` (no tools)"
    else:
        replacement, meaning = flow_list(names), "a list"
    ctx.report(
        TOOLS_FORMAT,
        f"`tools` must be {wanted_types(ctx.dialect.fields['tools'])} in "
        f"{ctx.dialect.harness}, not a string; write it as {meaning}.",
        node.span,
        fix=Fix(f"Write `tools: {replacement}`", (Edit(node.span, replacement),)),
    )


@check("fields")
def metadata_rules(ctx: LintContext) -> None:
    node = ctx.doc.field_value("metadata")
    if node is None or node.kind != "map" or "metadata" not in ctx.dialect.fields:
        return
    for item in node.items:
        for part, role in ((item.key, "key"), (item.value, "value")):
            if part.kind in ("str", "tagged"):
                continue
            fix = None
            if not part.is_collection and part.kind != "null":
                quoted = double_quoted(ctx.doc.source(part.span))
                fix = Fix(f"Quote the {role}: {quoted}", (Edit(part.span, quoted),))
            ctx.report(
                METADATA_VALUE,
                f"metadata {role} `{excerpt(ctx.doc.source(part.span), 40)}` is "
                f"{kind_word(part)}, not a string; harnesses that expect strings may drop or "
                "misread it.",
                part.span,
                fix=fix,
            )
