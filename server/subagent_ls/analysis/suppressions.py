"""Suppression comments, as ruff and eslint users write them, and the findings they hide:

- ``# subagent-ls: disable=CODE[,CODE]`` anywhere in the frontmatter, or
  ``<!-- subagent-ls: disable=CODE -->`` in the body: the whole file;
- ``# subagent-ls: disable-line=CODE`` at the end of a frontmatter line: that line;
- ``# subagent-ls: disable-next-line=CODE`` on its own line: the line after it.

A finding is on a line when it starts there; ``all`` names every code. A code a comment names
that hides nothing, or that is no rule's, gets a ``suppression-unused`` finding; the cross-file
codes (``duplicate-name``, ``shadowed``, ``overrides``, ``description-budget``) and ``all`` are
not judged so (the cross-file findings are found beside the file, after it is linted)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Literal, NamedTuple

from subagent_ls.core.document import AgentDocument
from subagent_ls.core.findings import Finding
from subagent_ls.core.frontmatter import Span
from subagent_ls.core.patterns import LazyPattern
from subagent_ls.core.settings import Settings
from subagent_ls.rules.registry import (
    DESCRIPTION_BUDGET,
    DUPLICATE_NAME,
    OVERRIDES,
    RULES,
    SHADOWED,
    SUPPRESSION_UNUSED,
)

Kind = Literal["disable", "disable-line", "disable-next-line"]
ACROSS = frozenset((DUPLICATE_NAME, SHADOWED, OVERRIDES, DESCRIPTION_BUDGET, "all"))
"""Codes a comment may name that this module cannot judge unused: the findings found beside
the file, and ``all``, which hides them too."""
_LIST = r"([A-Za-z0-9_-]+(?:[ \t]*,[ \t]*[A-Za-z0-9_-]+)*)"
"""A comma list of codes; what follows it (a reason) is not read."""
_YAML_COMMENT = LazyPattern(
    r"(?:^|(?<=[ \t]))#[ \t]*subagent-ls:[ \t]*(disable(?:-next-line|-line)?)[ \t]*=[ \t]*" + _LIST,
    flags=re.MULTILINE,
)
_HTML_COMMENT = LazyPattern(
    r"<!--[ \t]*subagent-ls:[ \t]*disable[ \t]*=[ \t]*" + _LIST + r"(?:[ \t][^\n>]{0,200})?-->"
)


class Directive(NamedTuple):
    """One suppression comment: its kind, each code it names with that code's span, and the
    line it applies to (None: the whole file)."""

    kind: Kind
    codes: tuple[tuple[str, Span], ...]
    line: int | None

    def names(self, code: str) -> str | None:
        """The code of the list that hides ``code`` (``code`` itself or ``all``), or None."""
        written = {name for name, _ in self.codes}
        if code in written:
            return code
        return "all" if "all" in written else None


class Suppressions(NamedTuple):
    """A file's suppression comments (plain data: reports travel between processes)."""

    directives: tuple[Directive, ...] = ()

    def hiding(self, code: str, line: int | None) -> tuple[int, str] | None:
        """The directive (its index) and the code of its list that hide a ``code`` finding
        starting on ``line`` (None for a finding of the file as a whole), or None."""
        for index, directive in enumerate(self.directives):
            if directive.line is not None and directive.line != line:
                continue
            named = directive.names(code)
            if named is not None:
                return index, named
        return None

    def hides(self, code: str, line: int | None = None) -> bool:
        return self.hiding(code, line) is not None


NONE = Suppressions()


def suppressions_for(doc: AgentDocument, settings: Settings) -> Suppressions:
    """The file's suppression comments, unless the settings ignore them (an audit)."""
    return NONE if settings.ignore_suppressions else suppressions_of(doc)


def suppressions_of(doc: AgentDocument) -> Suppressions:
    """The suppression comments of the frontmatter and of the body."""
    text = doc.text
    if "subagent-ls" not in text:
        return NONE
    found: list[Directive] = []
    lines = doc.lines
    layout = doc.layout
    if layout.closing is not None and "subagent-ls" in doc.yaml_text:
        base = layout.yaml.start
        for match in _YAML_COMMENT.finditer(doc.yaml_text):
            kind: Kind = match[1]  # type: ignore[assignment]
            start = base + match.start()
            line = lines.line_of(start)
            applies = {"disable": None, "disable-line": line, "disable-next-line": line + 1}
            codes = _codes(match[2], base + match.start(2))
            found.append(Directive(kind, codes, applies[kind]))
    body = layout.body_start if layout.closing is not None else 0
    if "subagent-ls" in text[body:]:
        for match in _HTML_COMMENT.finditer(text, body):
            found.append(Directive("disable", _codes(match[1], match.start(1)), None))
    return Suppressions(tuple(found))


def _codes(listed: str, offset: int) -> tuple[tuple[str, Span], ...]:
    """Each code of a comma list, with its span (``offset``: where the list starts)."""
    codes = []
    position = 0
    for part in listed.split(","):
        name = part.strip()
        if name:
            start = offset + position + part.index(name)
            codes.append((name, Span(start, start + len(name))))
        position += len(part) + 1
    return tuple(codes)


def unused(
    doc: AgentDocument,
    suppressions: Suppressions,
    used: set[tuple[int, str]],
    settings: Settings,
) -> list[Finding]:
    """A ``suppression-unused`` finding for each code of a comment that hid nothing (among
    the codes this run reports) or that names no rule."""
    found = []
    for index, directive in enumerate(suppressions.directives):
        idle = [
            (code, span)
            for code, span in directive.codes
            if (index, code) not in used and _judged(code, doc.path, settings)
        ]
        for code, span in idle:
            if code not in RULES:
                import difflib  # only a misspelt code needs it

                near = difflib.get_close_matches(code, RULES, n=1)
                hint = f"; did you mean `{near[0]}`?" if near else "."
                message = f"`{code}` is not a rule code: this comment hides nothing{hint}"
            else:
                where = {"disable": "in this file", "disable-line": "on this line"}
                place = where.get(directive.kind, "on the next line")
                message = f"Unused suppression of `{code}`: no `{code}` finding is {place}."
            severity = RULES[SUPPRESSION_UNUSED].severity
            found.append(Finding(SUPPRESSION_UNUSED, message, span, severity))
    return found


def _judged(code: str, path: str, settings: Settings) -> bool:
    """Whether a comment naming ``code`` can be judged unused in this run: the code is found
    in the file, and reported (selected, not switched off)."""
    if code in ACROSS:
        return False
    if code not in RULES:
        return True
    return (
        settings.reports(code, path) and settings.rules.get(code, RULES[code].severity) is not None
    )


def hidden(
    findings: Iterable[Finding], doc: AgentDocument, suppressions: Suppressions
) -> tuple[list[Finding], set[tuple[int, str]]]:
    """The findings no comment hides, and the (comment, code) pairs that hid one."""
    if not suppressions.directives:
        return list(findings), set()
    kept, used = [], set()
    for finding in findings:
        hit = suppressions.hiding(finding.code, doc.lines.line_of(finding.span.start))
        if hit is None:
            kept.append(finding)
        else:
            used.add(hit)
    return kept, used
