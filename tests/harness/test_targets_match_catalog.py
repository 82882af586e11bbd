"""What ``check`` says each target harness does with a file is what the catalog of that harness
says, for every file of every case of every oracle matrix (the catalog is the side the real
harnesses prove, in ``test_oracle.py``). No harness binary is needed here: both sides are
subagent-ls, read in this process."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest
from oracle import Case, build
from test_oracle import CASES

from subagent_ls.analysis.dialect_choice import choose_dialect
from subagent_ls.analysis.targets import lint_for_targets
from subagent_ls.core.document import AgentDocument
from subagent_ls.core.settings import Settings
from subagent_ls.core.source import read_source
from subagent_ls.harnesses.environment import process_environment
from subagent_ls.harnesses.registry import PROFILES
from subagent_ls.workspace.catalog.scan import analyze_on_disk, build_catalog


def differences(reader: str, case: Case, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    with tempfile.TemporaryDirectory(prefix="targets-") as scratch:
        project, home = build(case, Path(scratch))
        if (project.parent / ".git").exists() or reader == "copilot":
            (project / ".git").mkdir(exist_ok=True)  # as the Copilot oracle makes it
        monkeypatch.setenv("HOME", str(home))
        monkeypatch.chdir(project)
        settings = Settings()
        env = process_environment(settings, str(home), [project])
        catalog, _, _ = build_catalog(PROFILES[reader], env, analyze_on_disk(settings))
        found = []
        for entry in catalog.entries:
            if entry.path is None:
                continue
            source = read_source(str(entry.path))
            doc = AgentDocument(
                str(entry.path), source.text, has_bom=source.has_bom, unreadable=source.unreadable
            )
            targeted = Settings(targets=(reader,))
            choice = choose_dialect(doc, targeted, roots=[project])
            result = lint_for_targets(doc, choice, targeted, roots=[project])
            (judged,) = result.harnesses
            verdict = judged.verdict
            said = (verdict.outcome, verdict.name if verdict.loads else None)
            # a definition switched off still takes part in OpenCode's merge: the catalog keeps
            # it as loaded and disabled, the file alone is ignored; and the merge can switch
            # off a file that is not (its own state is kept in ``own``)
            disabled = entry.own[1] if entry.own else entry.disabled
            offered = entry.loads and not disabled
            listed = (entry.outcome, entry.name if offered else None)
            if said != listed:
                where = os.path.relpath(entry.path, scratch)
                found.append(f"{where}: check says {said}, the catalog {listed}")
        return found


@pytest.mark.parametrize(
    ("reader", "owner", "case"), CASES, ids=[f"{r}-{o}-{c.id}" for r, o, c in CASES]
)
def test_each_target_verdict_is_the_catalogs(reader, owner, case, monkeypatch):
    assert differences(reader, case, monkeypatch) == []
