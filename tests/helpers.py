"""Shared helpers: lint a text as a file at a path and show findings with LSP ranges."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from subagent_ls.analysis.lint import lint
from subagent_ls.analysis.results import LintResult
from subagent_ls.core.document import AgentDocument
from subagent_ls.core.findings import Finding
from subagent_ls.core.settings import Settings
from subagent_ls.harnesses.registry import BASE

REPO = Path(__file__).resolve().parent.parent
CORPUS = Path(os.environ.get("SUBAGENT_LS_CORPUS", REPO.parent / "shared" / "corpus"))
AGENT_PATH = "/project/.agents/agents/code-helper.md"


@dataclass(frozen=True)
class Shown:
    """A finding as a test states it: code and LSP range ``"line:char-line:char"``."""

    code: str
    range: str


def lsp_range(doc: AgentDocument, finding: Finding) -> str:
    start = doc.lines.position(finding.span.start)
    end = doc.lines.position(finding.span.end)
    return f"{start.line}:{start.character}-{end.line}:{end.character}"


def run_lint(
    text: str, path: str = AGENT_PATH, settings: Settings | None = None
) -> tuple[AgentDocument, LintResult]:
    doc = AgentDocument(path, text)
    return doc, lint(doc, BASE, settings or Settings())


def shown(text: str, path: str = AGENT_PATH, settings: Settings | None = None) -> set[Shown]:
    doc, result = run_lint(text, path, settings)
    return {Shown(f.code, lsp_range(doc, f)) for f in result.findings}


def codes(text: str, path: str = AGENT_PATH, settings: Settings | None = None) -> set[str]:
    return {item.code for item in shown(text, path, settings)}


def agent(fields: str, body: str = "Do the work and report back.\n", nl: str = "\n") -> str:
    """A file with the given frontmatter lines (``\\n``-separated) and body."""
    text = f"---\n{fields.strip(chr(10))}\n---\n{body}"
    return text.replace("\n", nl)


GOOD_DESCRIPTION = "Reviews code for defects and reports them. Use when a change is ready."
