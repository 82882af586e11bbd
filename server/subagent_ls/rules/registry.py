"""The rule registry: every code with its default severity and summary, the checks that emit
them, and the context a check reports through.

A check is a function of a :class:`LintContext`; it runs at one stage: ``document`` checks see
the raw layout, ``fields`` checks run only on a frontmatter that parsed to a mapping, ``body``
checks run once the closing fence is found. Dialects change severities (or switch a rule off)
through their ``severity`` map; users through settings.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Literal, NamedTuple

from subagent_ls.core.document import AgentDocument
from subagent_ls.core.findings import Finding, Fix, Related, Severity
from subagent_ls.core.frontmatter import Span
from subagent_ls.core.records import record_eq, record_repr
from subagent_ls.core.settings import Settings
from subagent_ls.harnesses.mcp import McpLookup
from subagent_ls.harnesses.model import Dialect
from subagent_ls.harnesses.references import AgentLookup

Stage = Literal["document", "fields", "body"]


class Rule(NamedTuple):
    code: str
    severity: Severity
    summary: str
    fixable: bool = False


RULES: dict[str, Rule] = {}
CHECKS: dict[Stage, list[Callable[[LintContext], None]]] = {
    "document": [],
    "fields": [],
    "body": [],
}


def declare(code: str, severity: Severity, summary: str, *, fixable: bool = False) -> str:
    """Register a rule code; returns the code so modules can keep it in a constant."""
    if code in RULES:
        raise ValueError(f"rule {code} declared twice")
    RULES[code] = Rule(code, severity, summary, fixable)
    return code


def check(stage: Stage) -> Callable[[Callable[[LintContext], None]], Callable[[LintContext], None]]:
    def register(function: Callable[[LintContext], None]) -> Callable[[LintContext], None]:
        CHECKS[stage].append(function)
        return function

    return register


MAX_FINDINGS_PER_RULE = 100
"""Findings one rule records in one file; the others are only counted (in ``dropped``)."""


class LintContext:
    """What a check sees, and where it reports. ``findings`` holds the findings at the
    dialect's severity, at most ``MAX_FINDINGS_PER_RULE`` per code; ``dropped`` counts the
    others per code, with the span of the first, and ``beyond`` keeps those of them that carry
    a fix (not shown, but fixed with the others: fixing never needs a pass per hundred).
    Severities the user changed are applied when linting ends."""

    __match_args__ = ("doc", "dialect", "settings", "findings", "recorded", "dropped", "beyond")
    __slots__ = (*__match_args__, "mcp", "agents", "withheld")

    doc: AgentDocument
    dialect: Dialect
    settings: Settings
    findings: list[Finding]
    recorded: dict[str, int]
    dropped: dict[str, tuple[int, Span]]
    beyond: list[Finding]
    mcp: McpLookup | None
    """The MCP servers the harness connects where it runs, read when first asked for (None:
    not known, not checked)."""
    agents: AgentLookup | None
    """The agents the harness loads where the file runs, read when first asked for (None: not
    known, references to other agents not checked)."""
    withheld: list[str]
    """Listed tool names the harness grants nothing for (an MCP server it does not connect)."""

    def __init__(
        self,
        doc: AgentDocument,
        dialect: Dialect,
        settings: Settings,
        findings: list[Finding] | None = None,
        recorded: dict[str, int] | None = None,
        dropped: dict[str, tuple[int, Span]] | None = None,
        beyond: list[Finding] | None = None,
        mcp: McpLookup | None = None,
        agents: AgentLookup | None = None,
    ) -> None:
        self.doc = doc
        self.dialect = dialect
        self.settings = settings
        self.findings = [] if findings is None else findings
        self.recorded = {} if recorded is None else recorded
        self.dropped = {} if dropped is None else dropped
        self.beyond = [] if beyond is None else beyond
        self.mcp = mcp
        self.agents = agents
        self.withheld = []

    __repr__ = record_repr
    __eq__ = record_eq
    __hash__ = None  # type: ignore[assignment]

    def severity_of(self, code: str) -> Severity | None:
        """The dialect's severity for ``code``, None when the dialect switches it off."""
        if code in self.dialect.severity:
            return self.dialect.severity[code]
        return RULES[code].severity

    def report(
        self,
        code: str,
        message: str,
        span: Span,
        *,
        fix: Fix | None = None,
        related: Iterable[Related] = (),
        severity: Severity | None = None,
        details: Mapping[str, object] | None = None,
    ) -> None:
        """Record a finding; ``severity`` overrides the rule's default for this one finding;
        ``details``: facts for tools beside the message (see ``Finding.details``)."""
        resolved = self.severity_of(code)
        if resolved is None:
            return
        level = max(severity or resolved, self.dialect.most_severe)
        recorded = self.recorded.get(code, 0)
        if recorded >= MAX_FINDINGS_PER_RULE:
            count, first = self.dropped.get(code, (0, span))
            self.dropped[code] = (count + 1, first)
            if fix is not None:
                self.beyond.append(
                    Finding(code, message, span, level, fix, list(related), details=details)
                )
            return
        self.recorded[code] = recorded + 1
        self.findings.append(
            Finding(code, message, span, level, fix, list(related), details=details)
        )
