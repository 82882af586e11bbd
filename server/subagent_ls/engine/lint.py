"""Linting one document: run the registered checks in stage order, then apply the file's
suppression comments and the user's severities and selection."""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

import subagent_ls.rules  # noqa: F401  (registers every rule)
from subagent_ls.dialects.model import Dialect
from subagent_ls.engine.document import AgentDocument
from subagent_ls.engine.findings import Finding
from subagent_ls.engine.settings import Settings
from subagent_ls.engine.verdict import Verdict
from subagent_ls.rules.harness import apply_verdict
from subagent_ls.rules.registry import CHECKS, LintContext

_SUPPRESSION = re.compile(r"#[ \t]*subagent-ls:[ \t]*disable[ \t]*=[ \t]*([A-Za-z0-9_, \t-]+)")


@dataclass(frozen=True, slots=True)
class LintResult:
    findings: list[Finding]
    verdict: Verdict


def lint(doc: AgentDocument, dialect: Dialect, settings: Settings) -> LintResult:
    ctx = LintContext(doc, dialect, settings)
    for run in CHECKS["document"]:
        run(ctx)
    layout = doc.layout
    if doc.unreadable is None and layout.opening is not None and layout.closing is not None:
        root = doc.yaml.root
        if doc.yaml.error is None and (root is None or root.kind == "map"):
            for run in CHECKS["fields"]:
                run(ctx)
        for run in CHECKS["body"]:
            run(ctx)
    verdict = dialect.verdict(doc, ctx.findings).with_description(doc)
    apply_verdict(ctx, verdict)
    return LintResult(_visible(ctx.findings, suppressed_codes(doc), settings), verdict)


def suppressed_codes(doc: AgentDocument) -> frozenset[str]:
    """Codes named in ``# subagent-ls: disable=a,b`` comments of the frontmatter."""
    if "subagent-ls" not in doc.yaml_text:
        return frozenset()
    codes = set()
    for match in _SUPPRESSION.finditer(doc.yaml_text):
        codes.update(code.strip() for code in match[1].split(",") if code.strip())
    return frozenset(codes)


def silenced(code: str, suppressed: frozenset[str], settings: Settings) -> bool:
    """Whether the file's suppression comment or the selection hides ``code``."""
    return code in suppressed or "all" in suppressed or not settings.reports(code)


def _visible(
    findings: list[Finding], suppressed: frozenset[str], settings: Settings
) -> list[Finding]:
    visible = []
    for finding in findings:
        code = finding.code
        if silenced(code, suppressed, settings):
            continue
        if code in settings.rules:
            severity = settings.rules[code]
            if severity is None:
                continue
            finding = replace(finding, severity=severity)
        visible.append(finding)
    visible.sort(key=lambda f: (f.span.start, f.code))
    return visible
