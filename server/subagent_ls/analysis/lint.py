"""Linting one document: run the registered checks in stage order, then apply the file's
suppression comments (``suppressions``), the user's severities, selection and per-file
ignores, and the caps on findings (at most ``MAX_FINDINGS_PER_RULE`` of one rule and
``MAX_FINDINGS_PER_FILE`` in all, the rest counted in one "more findings" finding per rule;
the fixes of those left out are kept for fixing)."""

from __future__ import annotations

import os

from subagent_ls.analysis.results import LintResult
from subagent_ls.analysis.suppressions import Suppressions, hidden, suppressions_for, unused
from subagent_ls.core.document import AgentDocument
from subagent_ls.core.findings import Finding
from subagent_ls.core.frontmatter import Span
from subagent_ls.core.settings import Settings
from subagent_ls.core.verdict import Verdict
from subagent_ls.harnesses.common.tools import tool_names
from subagent_ls.harnesses.mcp import McpLookup
from subagent_ls.harnesses.model import Dialect
from subagent_ls.harnesses.references import AgentLookup
from subagent_ls.rules import checks
from subagent_ls.rules.harness import apply_verdict
from subagent_ls.rules.registry import (
    FILE_UNREADABLE,
    HARNESS_SKIP,
    MAX_FINDINGS_PER_RULE,
    LintContext,
)

REPAIRED = " (read after repair)"
"""What a finding on a field read entry by entry says: the file's YAML did not parse."""
MAX_FINDINGS_PER_FILE = 300
"""Findings shown for one file; the rest are counted in a "more findings" finding per rule."""


def lint(
    doc: AgentDocument,
    dialect: Dialect,
    settings: Settings,
    unread: str | None = None,
    mcp: McpLookup | None = None,
    agents: AgentLookup | None = None,
) -> LintResult:
    """The findings and the verdict of ``doc`` in ``dialect``; ``unread``: why the dialect's
    harness does not read the file where it lies (the verdict is then ``ignored``); ``mcp``:
    the MCP servers the harness connects where it runs (its MCP tool names are checked);
    ``agents``: the agents it loads there (the file's references to agents are checked)."""
    ctx, verdict = judge(doc, dialect, settings, unread, mcp, agents)
    suppressions = suppressions_for(doc, settings)
    visible, used = _visible(ctx.findings, doc, suppressions, settings)
    idle = unused(doc, suppressions, used, settings)
    if idle:
        visible = sorted(visible + _selected(idle, doc, settings), key=_order)
    visible = said_once(visible)
    hidden_fixes = [f for f in visible[MAX_FINDINGS_PER_FILE:] if f.fix is not None]
    hidden_fixes += _visible(ctx.beyond, doc, suppressions, settings)[0]
    return LintResult(_capped(visible, ctx.dropped), verdict, hidden_fixes=tuple(hidden_fixes))


def judge(
    doc: AgentDocument,
    dialect: Dialect,
    settings: Settings,
    unread: str | None = None,
    mcp: McpLookup | None = None,
    agents: AgentLookup | None = None,
) -> tuple[LintContext, Verdict]:
    """The findings at the dialect's severities (before the file's suppressions and the user's
    severities and selection) and the verdict, as for ``lint``."""
    ctx = LintContext(doc, dialect, settings, mcp=mcp, agents=agents)
    for run in checks.DOCUMENT:
        run(ctx)
    layout = doc.layout
    if doc.unreadable is None and layout.opening is not None and layout.closing is not None:
        root = doc.yaml.root
        if doc.yaml.error is None and (root is None or root.kind == "map"):
            for run in checks.FIELDS:
                run(ctx)
        for run in checks.BODY:
            run(ctx)
    verdict = dialect.verdict(doc, ctx.findings).with_description(doc)
    if ctx.withheld and verdict.loads:
        verdict = without_tools(verdict, doc, dialect, ctx.withheld)
    if unread is not None and verdict.loads:
        dot = os.path.basename(doc.path).startswith(".")  # a name that switches a file off
        verdict = Verdict(False, None, unread, "ignored", verdict.harness, deliberate=dot)
    apply_verdict(ctx, verdict)
    if doc.yaml.error is not None and layout.closing is not None and doc.unreadable is None:
        ctx.findings += findings_after_repair(doc, dialect, settings)
    return ctx, verdict


def said_once(findings: list[Finding]) -> list[Finding]:
    """``findings`` with each ``harness-skip`` that starts where another finding starts (the
    finding of its cause) said in that finding: one finding that says both, at the more
    severe of their severities."""
    if not any(f.code == HARNESS_SKIP for f in findings):
        return findings
    causes: dict[int, int] = {}
    for index, finding in enumerate(findings):
        if finding.code != HARNESS_SKIP:
            causes.setdefault(finding.span.start, index)
    kept: list[Finding | None] = list(findings)
    for index, skip in enumerate(findings):
        cause_index = causes.get(skip.span.start)
        if skip.code != HARNESS_SKIP or cause_index is None:
            continue
        cause = kept[cause_index]
        assert cause is not None
        message = cause.message
        if cause.code != FILE_UNREADABLE:  # a file that cannot be read loads nowhere
            message = f"{message.rstrip()} {_without(skip.message, cause.message)}"
        kept[cause_index] = cause.replace(
            message=message,
            severity=min(cause.severity, skip.severity),
            related=[*cause.related, *skip.related],
            details={**cause.details, **skip.details},
        )
        kept[index] = None
    return [f for f in kept if f is not None]


def _without(message: str, said: str) -> str:
    """``message`` without the words of ``said`` that it repeats (a verdict's reason quotes
    the finding of its cause)."""
    core = said.rstrip().rstrip(".")
    if not core or core not in message:
        return message
    return message.replace(core, "", 1).rstrip(" .").rstrip(":;,").rstrip() + "."


def without_tools(
    verdict: Verdict, doc: AgentDocument, dialect: Dialect, withheld: list[str]
) -> Verdict:
    """``verdict`` with the tools the agent gets less the listed names that grant nothing."""
    node = doc.field_value("tools")
    if verdict.tools is not None:
        listed = list(verdict.tools)
    elif node is not None:
        listed = [tool.name for tool in tool_names(node, dialect.tools_split_on_spaces)]
    else:
        return verdict
    return verdict._replace(tools=tuple(name for name in listed if name not in withheld))


def findings_after_repair(
    doc: AgentDocument, dialect: Dialect, settings: Settings
) -> list[Finding]:
    """The field rules' findings on the fields of a frontmatter that does not parse, read entry
    by entry (``doc.repaired``): each says so and carries no fix (the YAML error comes first;
    the verdict is not affected, each dialect's loader reads the file as its harness does).
    Where an entry could not be read, only findings on the fields that were are kept: what is
    missing may stand in the lost entry."""
    recovered = doc.repaired
    if recovered is None:
        return []
    ctx = LintContext(recovered.view, dialect, settings)
    for run in checks.FIELDS:
        run(ctx)
    return [
        f.replace(message=f.message + REPAIRED, fix=None)
        for f in ctx.findings
        if not recovered.lost
        or any(s.start <= f.span.start and f.span.end <= s.end for s in recovered.read)
    ]


def silenced(
    code: str,
    suppressions: Suppressions,
    settings: Settings,
    line: int | None = None,
    path: str | None = None,
) -> bool:
    """Whether a ``code`` finding starting on ``line`` of the file at ``path`` is hidden: by a
    suppression comment, the selection or the ``per-file-ignores``."""
    return suppressions.hides(code, line) or not settings.reports(code, path)


def shown(findings: list[Finding], doc: AgentDocument, settings: Settings) -> list[Finding]:
    """``findings`` as the file's suppressions and the user's selection and severities show
    them, in the order of the document."""
    return _visible(findings, doc, suppressions_for(doc, settings), settings)[0]


def _visible(
    findings: list[Finding], doc: AgentDocument, suppressions: Suppressions, settings: Settings
) -> tuple[list[Finding], set[tuple[int, str]]]:
    """The findings no comment hides, selected and at the user's severities, in the order of
    the document; and the (comment, code) pairs that hid one."""
    kept, used = hidden(findings, doc, suppressions)
    return _selected(kept, doc, settings), used


def _selected(findings: list[Finding], doc: AgentDocument, settings: Settings) -> list[Finding]:
    visible = []
    for finding in findings:
        code = finding.code
        if not settings.reports(code, doc.path):
            continue
        if code in settings.rules:
            severity = settings.rules[code]
            if severity is None:
                continue
            finding = finding.replace(severity=severity)
        visible.append(finding)
    visible.sort(key=_order)
    return visible


def _order(finding: Finding) -> tuple[int, str]:
    return finding.span.start, finding.code


def _capped(visible: list[Finding], dropped: dict[str, tuple[int, Span]]) -> list[Finding]:
    """The first ``MAX_FINDINGS_PER_FILE`` findings, and for each rule with findings left out
    (here, or beyond ``MAX_FINDINGS_PER_RULE`` when reported) one finding that counts them, at
    the first left out, with the rule's code and severity."""
    if len(visible) <= MAX_FINDINGS_PER_FILE and not dropped:
        return visible
    shown = visible[:MAX_FINDINGS_PER_FILE]
    severities = {f.code: f.severity for f in visible}
    more = {code: more for code, more in dropped.items() if code in severities}
    for finding in visible[MAX_FINDINGS_PER_FILE:]:
        count, first = more.get(finding.code, (0, finding.span))
        more[finding.code] = (count + 1, min(first, finding.span, key=lambda s: s.start))
    for code, (count, span) in more.items():
        message = (
            f"{count:,} more `{code}` finding(s) in this file are not shown: at most "
            f"{MAX_FINDINGS_PER_RULE} of one rule and {MAX_FINDINGS_PER_FILE} in all are."
        )
        shown.append(Finding(code, message, span, severities[code]))
    shown.sort(key=lambda f: (f.span.start, f.code))
    return shown
