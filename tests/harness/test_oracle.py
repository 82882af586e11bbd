"""The oracle matrix: every case of every ``oracle_<harness>.py`` through the real harness at its
pinned version, offline, compared with ``subagent-ls catalog`` (see ``oracle.py``). A harness's
cases run in parallel, once per session; each case is its own test."""

from __future__ import annotations

import importlib
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from oracle import HERE, PINS, Case, Observation, build, compare, ours

RUNNERS = {
    module.HARNESS: module
    for module in (importlib.import_module(path.stem) for path in sorted(HERE.glob("oracle_*.py")))
}
WORKERS = 4


def _judge(runner, case: Case) -> list[str]:
    with tempfile.TemporaryDirectory(prefix=f"oracle-{runner.HARNESS}-") as scratch:
        project, home = build(case, Path(scratch))
        theirs: Observation = runner.observe(project, home)
        return compare(theirs, ours(runner.HARNESS, project, home)) or []


_RESULTS: dict[str, dict[str, list[str] | BaseException]] = {}


def results_of(harness: str) -> dict[str, list[str] | BaseException]:
    """Every case of ``harness`` judged, in parallel, the first time any of them is asked for."""
    if harness not in _RESULTS:
        runner = RUNNERS[harness]

        def judge(case: Case) -> list[str] | BaseException:
            try:
                return _judge(runner, case)
            except Exception as error:  # reported by the case's own test
                return error

        with ThreadPoolExecutor(WORKERS) as pool:
            judged = pool.map(judge, runner.CASES)
            _RESULTS[harness] = dict(zip((c.id for c in runner.CASES), judged, strict=True))
    return _RESULTS[harness]


CASES = [(harness, case) for harness, runner in RUNNERS.items() for case in runner.CASES]


@pytest.mark.parametrize(
    ("harness", "case"), CASES, ids=[f"{harness}-{case.id}" for harness, case in CASES]
)
def test_the_harness_does_what_we_say(harness, case):
    if missing := RUNNERS[harness].missing():
        pytest.skip(f"cannot run {harness}: missing {', '.join(missing)}")
    result = results_of(harness)[case.id]
    if isinstance(result, BaseException):
        raise result
    assert result == [], f"{case.note}\n" + "\n".join(result)


@pytest.mark.parametrize("harness", sorted(PINS))
def test_every_harness_has_a_matrix_of_at_least_50_cases(harness):
    assert harness in RUNNERS, f"no oracle_{harness.replace('-', '_')}.py"
    ids = [case.id for case in RUNNERS[harness].CASES]
    assert len(ids) >= 50 and len(set(ids)) == len(ids)


@pytest.mark.parametrize("harness", sorted(PINS))
def test_each_dialect_states_the_pinned_version(harness):
    from subagent_ls.dialects import DIALECTS

    assert DIALECTS[harness].verified_with == PINS[harness]["version"]
