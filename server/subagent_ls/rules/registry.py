"""The rule registry: every rule, per-file and cross-file, written once in ``TABLE`` with its
default severity, summary and whether it can be fixed, so that ``RULES`` is complete as soon as
this module is imported, whatever was imported before; and the context a check reports through.

The table lists the rules in the order of the summary of docs/rules.md (``rule --all`` and
SARIF list them so). A module that emits a rule imports its code constant from here. Dialects
change severities (or switch a rule off) through their ``severity`` map; users through
settings. The checks that emit the per-file rules, and the order they run in, are listed in
``rules.checks``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import NamedTuple

from subagent_ls.core.document import AgentDocument
from subagent_ls.core.findings import Finding, Fix, Related, Severity
from subagent_ls.core.frontmatter import Span
from subagent_ls.core.records import record_eq, record_repr
from subagent_ls.core.settings import Settings
from subagent_ls.harnesses.mcp import McpLookup
from subagent_ls.harnesses.model import Dialect
from subagent_ls.harnesses.references import AgentLookup


class Rule(NamedTuple):
    code: str
    severity: Severity
    summary: str
    fixable: bool = False


# The file as a whole (rules.structure) and what its harness does with it (rules.harness).
FILE_UNREADABLE = "file-unreadable"
FRONTMATTER_MISSING = "frontmatter-missing"
FRONTMATTER_UNCLOSED = "frontmatter-unclosed"
FRONTMATTER_FENCE = "frontmatter-fence"
YAML_SYNTAX = "yaml-syntax"
FRONTMATTER_NOT_MAPPING = "frontmatter-not-mapping"
DUPLICATE_KEY = "duplicate-key"
HARNESS_SKIP = "harness-skip"
HARNESS_OTHER = "harness-other"
# The fields (rules.fields, rules.identity, rules.values, rules.tools_mcp,
# rules.agent_references, rules.traps).
FIELD_REQUIRED = "field-required"
FIELD_TYPE = "field-type"
FIELD_UNKNOWN = "field-unknown"
VALUE_UNKNOWN = "value-unknown"
COMPLEXITY_UNKNOWN = "complexity-unknown"
NAME_CHARSET = "name-charset"
NAME_HYPHEN = "name-hyphen"
NAME_LENGTH = "name-length"
NAME_MISMATCH = "name-mismatch"
DESCRIPTION_LENGTH = "description-length"
DESCRIPTION_VAGUE = "description-vague"
TOOLS_EMPTY = "tools-empty"
TOOLS_FORMAT = "tools-format"
TOOLS_UNKNOWN = "tools-unknown"
TOOLS_MCP_UNKNOWN = "tools-mcp-unknown"
TOOLS_MCP_OFF = "tools-mcp-off"
AGENT_UNKNOWN = "agent-unknown"
METADATA_VALUE = "metadata-value"
FIELD_NO_EFFECT = "field-no-effect"
TOOL_UNAVAILABLE = "tool-unavailable"
TOOL_GRANTS_MORE = "tool-grants-more"
SETTING_UNSUPPORTED = "setting-unsupported"
# A suppression comment (analysis.suppressions) and the body (rules.body).
SUPPRESSION_UNUSED = "suppression-unused"
BODY_EMPTY = "body-empty"
BODY_LENGTH = "body-length"
# The file beside the other definitions its harness loads (workspace.catalog).
DUPLICATE_NAME = "duplicate-name"
SHADOWED = "shadowed"
DESCRIPTION_BUDGET = "description-budget"
OVERRIDES = "overrides"

TABLE: tuple[Rule, ...] = (
    Rule(FILE_UNREADABLE, Severity.ERROR, "the file cannot be read as UTF-8 text of at most 1 MiB"),
    Rule(FRONTMATTER_MISSING, Severity.ERROR, "no frontmatter block"),
    Rule(FRONTMATTER_UNCLOSED, Severity.ERROR, "opening `---` with no closing `---`"),
    Rule(
        FRONTMATTER_FENCE,
        Severity.WARNING,
        "a closing fence of more than three dashes",
        fixable=True,
    ),
    Rule(YAML_SYNTAX, Severity.ERROR, "the frontmatter is not valid YAML", fixable=True),
    Rule(FRONTMATTER_NOT_MAPPING, Severity.ERROR, "the frontmatter is a list or a scalar"),
    Rule(DUPLICATE_KEY, Severity.ERROR, "a key appears twice"),
    Rule(
        HARNESS_SKIP, Severity.ERROR, "the file's harness will not load it (or its configuration)"
    ),
    Rule(
        HARNESS_OTHER,
        Severity.INFO,
        "what other harnesses that read the file's folder would do with it, where it differs",
    ),
    Rule(FIELD_REQUIRED, Severity.ERROR, "a required field is missing"),
    Rule(FIELD_TYPE, Severity.ERROR, "a field has the wrong type", fixable=True),
    Rule(FIELD_UNKNOWN, Severity.WARNING, "a key the dialect does not define", fixable=True),
    Rule(VALUE_UNKNOWN, Severity.ERROR, "a value outside the field's allowed set", fixable=True),
    Rule(
        COMPLEXITY_UNKNOWN, Severity.ERROR, "complexity is not one of the five tiers", fixable=True
    ),
    Rule(NAME_CHARSET, Severity.ERROR, "characters outside a-z, 0-9 and -", fixable=True),
    Rule(NAME_HYPHEN, Severity.ERROR, "leading, trailing or consecutive hyphens", fixable=True),
    Rule(NAME_LENGTH, Severity.ERROR, "name empty or over 64 characters"),
    Rule(NAME_MISMATCH, Severity.ERROR, "name differs from the file name", fixable=True),
    Rule(DESCRIPTION_LENGTH, Severity.ERROR, "description empty or over 1024 characters"),
    Rule(DESCRIPTION_VAGUE, Severity.INFO, "description too short or without a delegation trigger"),
    Rule(TOOLS_EMPTY, Severity.WARNING, "`tools: []` means no tools", fixable=True),
    Rule(TOOLS_FORMAT, Severity.ERROR, "`tools` has the wrong shape for the dialect", fixable=True),
    Rule(
        TOOLS_UNKNOWN,
        Severity.WARNING,
        "a tool name the dialect's harness does not know",
        fixable=True,
    ),
    Rule(
        TOOLS_MCP_UNKNOWN,
        Severity.WARNING,
        "MCP tools of a server the harness has no configuration for (one finding per server)",
    ),
    Rule(
        TOOLS_MCP_OFF,
        Severity.WARNING,
        "MCP tools of a server the harness does not connect (one finding per server)",
    ),
    Rule(AGENT_UNKNOWN, Severity.WARNING, "a reference to an agent the harness does not load"),
    Rule(
        METADATA_VALUE,
        Severity.WARNING,
        "a metadata key or value that is not a string",
        fixable=True,
    ),
    Rule(FIELD_NO_EFFECT, Severity.WARNING, "a field the harness does not apply as written"),
    Rule(TOOL_UNAVAILABLE, Severity.WARNING, "a listed tool the harness can never grant"),
    Rule(TOOL_GRANTS_MORE, Severity.INFO, "a listed tool that grants more than the list reads"),
    Rule(
        SETTING_UNSUPPORTED,
        Severity.WARNING,
        "an inherited host setting the agent's provider does not support",
        fixable=True,
    ),
    Rule(
        SUPPRESSION_UNUSED,
        Severity.WARNING,
        "a suppression comment that hides nothing, or names no rule code",
    ),
    Rule(BODY_EMPTY, Severity.WARNING, "no system prompt after the frontmatter"),
    Rule(BODY_LENGTH, Severity.WARNING, "body longer than the configured limit"),
    Rule(DUPLICATE_NAME, Severity.ERROR, "two files of one source define one name"),
    Rule(SHADOWED, Severity.INFO, "a more specific source overrides this definition"),
    Rule(
        DESCRIPTION_BUDGET,
        Severity.WARNING,
        "the agents' descriptions together are over the harness's limit",
    ),
    Rule(OVERRIDES, Severity.HINT, "this definition overrides a less specific one"),
)
"""Every rule, once, in the order of the summary of docs/rules.md."""
RULES: Mapping[str, Rule] = MappingProxyType({rule.code: rule for rule in TABLE})
"""The rules by code (read-only: a rule exists by being written in ``TABLE``)."""

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
