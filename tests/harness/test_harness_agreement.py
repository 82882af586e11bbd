"""The harness verdict of ``check --format json`` against the real harnesses, run offline:
hand-made fixtures of every behaviour, and a fixed sample of the corpus (the full corpus is
``compare_corpus.py``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from compare_corpus import CORPUS, agrees, predicted, select
from runners import missing_tools, observe_all

from helpers import require

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture(autouse=True)
def harnesses_installed() -> None:
    """The real harnesses and ``unshare -n`` (see ``helpers.require``)."""
    require(missing_tools())


def assert_same_verdicts(harness: str, files: list[Path]) -> None:
    ours = predicted(harness, files)
    seen, builtins = observe_all(harness, files)
    differences = [
        (f.name, ours[f], seen[f])
        for f in files
        if ours[f]["name"] not in builtins and not agrees(ours[f], seen[f])
    ]
    assert differences == []


@pytest.mark.timeout(900)
@pytest.mark.parametrize("harness", ["claude-code", "opencode"])
def test_fixtures_get_the_harness_verdict(harness):
    files = sorted((FIXTURES / harness).glob("*.md"))
    assert len(files) >= 12
    assert_same_verdicts(harness, files)


@pytest.mark.skipif(not CORPUS.is_dir(), reason=f"the corpus folder {CORPUS} is missing")
@pytest.mark.timeout(900)
@pytest.mark.parametrize(("harness", "every"), [("claude-code", 20), ("opencode", 12)])
def test_corpus_sample_gets_the_harness_verdict(harness, every):
    files = select(harness, None, every)
    assert len(files) >= 20
    assert_same_verdicts(harness, files)
