"""Each rule's documentation: its URL (the rule's section of docs/rules.md in the repository,
which editors, SARIF viewers and the JSON output link to) and the Markdown of that section as
the installed package holds it (``subagent-ls rule CODE``, SARIF's ``help``).

The page ships in the wheel as ``subagent_ls/rules.md``; in a checkout (an editable install) it
is the repository's ``docs/rules.md``. It is read when first asked for, never at import: the
command line pays its start-up on every call.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from subagent_ls.core.patterns import LazyPattern

RULES_PAGE_URL = "https://github.com/subagent-ls/subagent-ls/blob/main/docs/rules.md"
"""docs/rules.md in the repository (``[project.urls] Repository`` of pyproject.toml)."""

_PACKAGE = Path(__file__).parents[1]
PAGES = (_PACKAGE / "rules.md", _PACKAGE.parents[1] / "docs" / "rules.md")
"""Where the page may be, first found first: in the wheel, then in a checkout."""

_LINK_TARGET = LazyPattern(r"\]\((?![a-z][a-z0-9+.-]*:)([^)\s]+)\)")
"""The target of a Markdown link that names no scheme: relative to the page."""
_DEFAULT_LINE = LazyPattern(r"Default: [^\n]*")
"""A section's first paragraph when it only states the rule's default severity."""


def rule_url(code: str) -> str:
    """The rule's section on the rules page (a code is its own GitHub anchor)."""
    return f"{RULES_PAGE_URL}#{code}"


def rule_section(code: str) -> str | None:
    """The Markdown of the rule's section, from below its ``## code`` heading to the next
    ``## `` heading, with its links made absolute; None when the page or the section is
    missing."""
    return _sections().get(code)


def rule_description(code: str) -> str | None:
    """The first paragraph of the rule's section that says more than its default severity (a
    one-line ``Default: ...`` paragraph is passed over); None when there is no section."""
    section = rule_section(code)
    if section is None:
        return None
    paragraphs = [p.strip() for p in section.split("\n\n") if p.strip()]
    if len(paragraphs) > 1 and _DEFAULT_LINE.fullmatch(paragraphs[0]):
        return paragraphs[1]
    return paragraphs[0] if paragraphs else None


@cache
def _sections() -> dict[str, str]:
    """The sections of the first page found, by heading; none when no page is installed."""
    for path in PAGES:
        try:
            page = path.read_text(encoding="utf-8")
        except OSError:
            continue
        return _split(page)
    return {}


def _split(page: str) -> dict[str, str]:
    """The ``## `` sections of ``page`` (not counting lines of fenced code), by heading."""
    sections: dict[str, list[str]] = {}
    lines: list[str] | None = None
    fenced = False
    for line in page.splitlines():
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and line.startswith("## "):
            sections[line[3:].strip()] = lines = []
            continue
        if lines is not None:
            lines.append(line)
    return {heading: _absolute_links("\n".join(body).strip()) for heading, body in sections.items()}


def _absolute_links(markdown: str) -> str:
    """``markdown`` with each relative link pointing into the repository's docs: it is shown
    away from the page (a terminal, a SARIF viewer)."""
    from urllib.parse import urljoin  # only a section shown needs it

    return _LINK_TARGET.sub(lambda match: f"]({urljoin(RULES_PAGE_URL, match[1])})", markdown)
