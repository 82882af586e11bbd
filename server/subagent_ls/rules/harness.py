"""What the file's harness does with it: the ``harness-skip`` finding when it will not load the
file, and YAML errors the harness tolerates (it repairs the YAML, or its parser reads what
ours refuses) turned into warnings that say what it does."""

from __future__ import annotations

from subagent_ls.core.findings import Severity
from subagent_ls.core.frontmatter import Span
from subagent_ls.core.verdict import Verdict
from subagent_ls.rules.registry import (
    FRONTMATTER_MISSING,
    FRONTMATTER_NOT_MAPPING,
    FRONTMATTER_UNCLOSED,
    HARNESS_SKIP,
    YAML_SYNTAX,
    LintContext,
)

NOT_LOADED_BY = "notLoadedBy"
"""The detail of a finding that says the harness will not load the file (its ``harness-skip``,
or the finding of its cause that says it too)."""
TOLERATED = ("repaired", "degraded")
STRUCTURAL = (YAML_SYNTAX, FRONTMATTER_MISSING, FRONTMATTER_UNCLOSED, FRONTMATTER_NOT_MAPPING)
"""Findings about a frontmatter the harness could not read: warnings when it loads anyway."""


def apply_verdict(ctx: LintContext, verdict: Verdict) -> None:
    tolerated = verdict.outcome in TOLERATED or ctx.doc.yaml.error is not None
    if verdict.loads and tolerated and verdict.note:
        ctx.findings[:] = [
            f.replace(severity=Severity.WARNING, message=f"{f.message} {verdict.note}")
            if f.code in STRUCTURAL
            else f
            for f in ctx.findings
        ]
    if verdict.loads or verdict.outcome == "elsewhere":  # not a refusal: read elsewhere
        return
    span = verdict.span or Span(0, ctx.doc.lines.line_end(0))
    harness = verdict.harness or ctx.dialect.harness
    severity = ctx.severity_of(HARNESS_SKIP)
    if severity is not None and verdict.deliberate:
        severity = max(severity, Severity.INFO)
    ctx.report(
        HARNESS_SKIP,
        f"{harness} will not load this file: {(verdict.reason or '').rstrip('.')}.",
        span,
        severity=severity,
        related=verdict.related,
        details={NOT_LOADED_BY: harness},
    )
