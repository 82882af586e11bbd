"""The oracle matrix: every case of every ``oracle_<harness>.py`` through the real harness at its
pinned version, offline, compared with ``subagent-ls catalog`` (see ``oracle.py``). A harness's
cases run in parallel, once per session; each case is its own test."""

from __future__ import annotations

import importlib
import re
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from oracle import HERE, PINS, Case, Observation, build, compare, ours

from helpers import require

RUNNERS = {
    module.HARNESS: module
    for module in (importlib.import_module(path.stem) for path in sorted(HERE.glob("oracle_*.py")))
}
WORKERS = 4
BATCH_TIMEOUT = 1500
"""Seconds for one test: the first case of a matrix waits for the whole matrix (OpenCode's 86
cases take about 5 minutes on two busy cores)."""


def _judge(runner, case: Case) -> list[str]:
    with tempfile.TemporaryDirectory(prefix=f"oracle-{runner.HARNESS}-") as scratch:
        project, home = build(case, Path(scratch))
        started = project / case.start
        started.mkdir(parents=True, exist_ok=True)
        theirs: Observation = runner.observe(started, home)
        return compare(theirs, ours(runner.HARNESS, started, home)) or []


_RESULTS: dict[tuple[str, str], dict[str, list[str] | BaseException]] = {}


def read_by(reader: str, case: Case) -> bool:
    """Whether ``reader`` reads one of the case's files (the folders its module names)."""
    return any(path.startswith(RUNNERS[reader].READS) for path in case.files)


def cases_of(reader: str, owner: str) -> list[Case]:
    """The cases of ``owner``'s matrix that ``reader`` is judged on: all of them for the owner,
    for another harness the ones with a file in a folder it reads too."""
    cases = RUNNERS[owner].CASES
    return list(cases) if reader == owner else [c for c in cases if read_by(reader, c)]


def results_of(reader: str, owner: str) -> dict[str, list[str] | BaseException]:
    """Every case of ``owner``'s matrix that ``reader`` reads, judged by ``reader``, in
    parallel, the first time any of them is asked for."""
    if (reader, owner) not in _RESULTS:
        runner = RUNNERS[reader]

        def judge(case: Case) -> list[str] | BaseException:
            try:
                return _judge(runner, case)
            except Exception as error:  # reported by the case's own test
                return error

        cases = cases_of(reader, owner)
        with ThreadPoolExecutor(WORKERS) as pool:
            judged = pool.map(judge, cases)
            _RESULTS[reader, owner] = dict(zip((c.id for c in cases), judged, strict=True))
    return _RESULTS[reader, owner]


CASES = [
    (reader, owner, case)
    for owner in RUNNERS
    for reader in RUNNERS
    for case in cases_of(reader, owner)
]
"""Each matrix's cases judged by their own harness, and by every other harness that reads one
of their files (a `.claude/agents/` file is read by Claude Code and by Copilot CLI)."""


def _case_id(reader: str, owner: str, case: Case) -> str:
    return f"{owner}-{case.id}" if reader == owner else f"{reader}-reads-{owner}-{case.id}"


@pytest.mark.timeout(BATCH_TIMEOUT)
@pytest.mark.parametrize(
    ("reader", "owner", "case"), CASES, ids=[_case_id(*item) for item in CASES]
)
def test_the_harness_does_what_we_say(reader, owner, case):
    require(RUNNERS[reader].missing())
    result = results_of(reader, owner)[case.id]
    if isinstance(result, BaseException):
        raise result
    assert result == [], f"{case.note}\n" + "\n".join(result)


@pytest.mark.parametrize("harness", sorted(PINS))
def test_every_harness_has_a_matrix_of_at_least_50_cases(harness):
    assert harness in RUNNERS, f"no oracle_{harness.replace('-', '_')}.py"
    ids = [case.id for case in RUNNERS[harness].CASES]
    assert len(ids) >= 50 and len(set(ids)) == len(ids)


DOC_NAMES = {"claude-code": "Claude Code", "opencode": "OpenCode", "copilot": "Copilot CLI",
             "gemini": "Gemini CLI"}  # fmt: skip


@pytest.mark.parametrize("harness", sorted(PINS))
def test_the_docs_give_each_matrix_its_size(harness):
    text = " ".join((HERE.parents[1] / "docs" / "dialects.md").read_text().split())
    sizes = dict((name, int(n)) for n, name in re.findall(r"(\d+) for ([A-Z][\w ]*?)[,.]", text))
    assert sizes.get(DOC_NAMES[harness]) == len(RUNNERS[harness].CASES), sizes


@pytest.mark.parametrize("harness", sorted(PINS))
def test_each_dialect_states_the_pinned_version(harness):
    from subagent_ls.harnesses.registry import DIALECTS

    assert DIALECTS[harness].verified_with == PINS[harness]["version"]
