"""Rules on the body, the subagent's system prompt: present, and not longer than the limit."""

from __future__ import annotations

from subagent_ls.core.frontmatter import Span
from subagent_ls.rules.registry import BODY_EMPTY, BODY_LENGTH, LintContext


def body_line_span(ctx: LintContext) -> tuple[int, int] | None:
    """First and last non-blank line of the body, or None when it is blank."""
    doc = ctx.doc
    body = doc.text[doc.layout.body_start :]
    if not body.strip():
        return None
    first = doc.lines.line_of(doc.layout.body_start + len(body) - len(body.lstrip()))
    last = doc.lines.line_of(doc.layout.body_start + len(body.rstrip()) - 1)
    return first, last


def body_rules(ctx: LintContext) -> None:
    doc, closing = ctx.doc, ctx.doc.layout.closing
    assert closing is not None
    lines = body_line_span(ctx)
    if lines is None:
        ctx.report(
            BODY_EMPTY,
            ctx.dialect.body_empty_effect
            or "The body is empty: it becomes the subagent's system prompt, so the subagent "
            "would run with no instructions.",
            closing,
        )
        return
    first, last = lines
    count, limit = last - first + 1, ctx.settings.body_max_lines
    if count > limit:
        over = first + limit
        ctx.report(
            BODY_LENGTH,
            f"The body is {count} lines; the limit is {limit}. It is paid on every run, so "
            "move conditional knowledge into skills.",
            Span(doc.lines.line_start(over), doc.lines.line_end(over)),
        )
