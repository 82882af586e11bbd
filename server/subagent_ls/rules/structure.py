"""Rules about the file as a whole: readable text, the frontmatter fences, YAML syntax, the
frontmatter being a mapping, and duplicated keys."""

from __future__ import annotations

import re
from functools import cache

from subagent_ls.core.document import AgentDocument
from subagent_ls.core.findings import Edit, Fix, Related, excerpt
from subagent_ls.core.frontmatter import Span
from subagent_ls.core.yaml_edits import quote_plain_value, unindent_key_line
from subagent_ls.core.yamltree import FLOW_COLON_ERROR, YamlError, YamlNode, parse_yaml
from subagent_ls.harnesses.registry import DIALECTS
from subagent_ls.rules.registry import (
    DUPLICATE_KEY,
    FILE_UNREADABLE,
    FRONTMATTER_FENCE,
    FRONTMATTER_MISSING,
    FRONTMATTER_NOT_MAPPING,
    FRONTMATTER_UNCLOSED,
    YAML_SYNTAX,
    LintContext,
)

FIELD_NAMES = frozenset(key for dialect in DIALECTS.values() for key in dialect.fields)
"""Every field any dialect defines: a line starting with one of these is meant as a field."""


@cache
def _field_inside() -> re.Pattern[str]:
    """A field name followed by ``:`` inside a value (compiled at first use: only a YAML error
    that quoting could fix needs it)."""
    return re.compile(
        r"(?:^|[\s,])(?:"
        + "|".join(map(re.escape, sorted(FIELD_NAMES, key=len, reverse=True)))
        + r"):(?:\s|$)"
    )


def file_and_fences(ctx: LintContext) -> None:
    doc, layout = ctx.doc, ctx.doc.layout
    if doc.unreadable is not None:
        ctx.report(FILE_UNREADABLE, f"Cannot check this file: {doc.unreadable}.", Span(0, 0))
        return
    if layout.opening is None:
        first_line = Span(0, doc.lines.line_end(0))
        if layout.misplaced_opening is not None:
            ctx.report(
                FRONTMATTER_MISSING,
                "No frontmatter: the opening `---` must be the very first line, unindented; "
                "harnesses do not see this block as a frontmatter.",
                layout.misplaced_opening,
            )
        else:
            ctx.report(
                FRONTMATTER_MISSING,
                "No frontmatter: the file must start with a `---` line, then `name:` and "
                "`description:`, then a closing `---`; without it a harness sees no name or "
                "description.",
                first_line,
            )
        return
    if layout.closing is None:
        ctx.report(
            FRONTMATTER_UNCLOSED,
            "The frontmatter opened here is never closed: add a line `---` after the last "
            "field; until then no harness reads its fields.",
            layout.opening,
        )
        return
    if layout.closing_dashes != 3:
        ctx.report(
            FRONTMATTER_FENCE,
            f"The closing fence has {layout.closing_dashes} dashes; the format wants exactly "
            "`---` (Claude Code accepts more, strict parsers do not).",
            layout.closing,
            fix=Fix("Close the frontmatter with `---`", (Edit(layout.closing, "---"),), safe=True),
        )
    error = doc.yaml.error
    if error is not None:
        _report_yaml_error(ctx, error)
        return
    root = doc.yaml.root
    if root is not None and root.kind != "map":
        shape = {"seq": "a list"}.get(root.kind, "a single value")
        ctx.report(
            FRONTMATTER_NOT_MAPPING,
            f"The frontmatter is {shape}, not `key: value` fields, so it has no name or "
            "description.",
            root.span,
        )
        return
    if root is not None:
        _report_duplicate_keys(ctx)


def _report_yaml_error(ctx: LintContext, error: YamlError) -> None:
    doc = ctx.doc
    line = doc.lines.line_of(error.offset)
    end = doc.lines.line_end(line)
    span = Span(error.offset, min(error.offset + 1, end)) if error.offset < end else Span(end, end)
    cause, quotable = _likely_cause(doc.text, doc.lines, error)
    fix = None
    if quotable and (unindent := unindent_key_line(doc, error.offset, FIELD_NAMES)):
        key = doc.text[unindent.span.end : doc.text.index(":", unindent.span.end)]
        cause = (
            f"Likely cause: `{key}:` is indented as if it continued the value above; "
            "unindent it to make it a field."
        )
        fix = Fix(f"Unindent `{key}:`", (unindent,))
    elif quotable:
        fix = _quote_fix(doc, error)
    message = f"Invalid YAML: {error.problem}."
    if cause:
        message += f" {cause}"
    message += " A harness that parses YAML strictly will not load this file."
    related = []
    if error.context and error.context_offset is not None:
        related.append(Related(Span(error.context_offset, error.context_offset), error.context))
    ctx.report(YAML_SYNTAX, message, span, fix=fix, related=related)


def _quote_fix(doc: AgentDocument, error: YamlError) -> Fix | None:
    """Quote the broken plain value. Safe when the quoted text holds no ``field:`` of any
    dialect (one value with a ``: `` in it); otherwise a guess (a line that reads as a field
    would become part of the value), hence unsafe."""
    edit = quote_plain_value(doc, error.offset)
    if edit is None:
        return None
    if _field_inside().search(doc.source(edit.span)):
        return Fix("Quote the value (it takes in text that reads as a field)", (edit,))
    if _read_as_yaml_1_2(doc, error):
        return Fix("Quote the value (a YAML 1.2 parser, as Claude Code's, reads it as is)", (edit,))
    return Fix("Quote the value", (edit,), safe=True)


def _read_as_yaml_1_2(doc: AgentDocument, error: YamlError) -> bool:
    """Whether a YAML 1.2 parser reads the frontmatter libyaml refuses (``[a:, b]``, a list
    holding a mapping): quoting the value would change what that harness gets."""
    if error.problem != FLOW_COLON_ERROR:
        return False
    return parse_yaml(doc.yaml_text, 0, yaml_1_2=True).error is None


def _likely_cause(text: str, lines, error: YamlError) -> tuple[str, bool]:
    """A plain-language cause for the common errors, and whether quoting the value fixes it."""
    problem = error.problem
    line = lines.line_of(error.offset)
    content = text[lines.line_start(line) : lines.line_end(line)]
    value = content.split(":", 1)[1].strip() if ":" in content else ""
    if "mapping values are not allowed" in problem:
        return "Likely cause: an unquoted `: ` inside a plain value; quote the value.", True
    if problem == FLOW_COLON_ERROR:
        return (
            "Likely cause: a `:` inside `[...]` or `{...}` that libyaml refuses (before `,`, `]` "
            "or `}`, YAML 1.2 parsers read it as a key: `[a:, b]` holds the mapping `a:`); "
            "quote the value.",
            True,
        )
    if "tab" in problem or ("\t" in content[: len(content) - len(content.lstrip())]):
        return "Likely cause: a tab used for indentation; YAML indents with spaces only.", False
    if value[:1] and value[0] in "[]{}*&!|>%@`,":
        return (
            f"Likely cause: a plain value cannot start with `{value[0]}`; quote the value.",
            True,
        )
    if "could not find expected ':'" in problem:
        return (
            "Likely cause: a line that is not `key: value`; indent a continuation line or "
            "move the text into the body.",
            False,
        )
    return "", bool(re.search(r"\S:\s", value))


def _report_duplicate_keys(ctx: LintContext) -> None:
    """Duplicated keys in every mapping of the frontmatter (the parser lists those mappings)."""
    for mapping in ctx.doc.yaml.repeated_keys:
        _report_duplicates_in(ctx, mapping)


def _report_duplicates_in(ctx: LintContext, mapping: YamlNode) -> None:
    first_seen: dict[str, Span] = {}
    for item in mapping.items:
        name, identity = excerpt(item.name), item.identity
        if identity in first_seen:
            ctx.report(
                DUPLICATE_KEY,
                f"`{name}` is defined twice; strict YAML parsers reject the file, others keep "
                "only the last value.",
                item.key.span,
                related=[Related(first_seen[identity], f"first `{name}` here")],
            )
        else:
            first_seen[identity] = item.key.span
