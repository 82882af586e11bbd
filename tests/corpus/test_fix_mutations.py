"""Typo'd corpus files through ``--fix`` in every dialect: no fix damages a file (see
``mutations.py`` for the invariants). A bounded sample runs here; ``tests/bench/bench_mutations.py``
runs the whole corpus."""

from __future__ import annotations

import pytest

from helpers import CORPUS
from mutations import agent_path, damage, mutations
from subagent_ls.harnesses.registry import DIALECTS

pytestmark = pytest.mark.skipif(
    not CORPUS.is_dir(), reason=f"the corpus folder {CORPUS} is missing (set SUBAGENT_LS_CORPUS)"
)

SAMPLE_FILES = 160
MUTATIONS_PER_FILE = 2


def _sample() -> list:
    files = sorted(p for p in CORPUS.rglob("*.md") if not p.name.startswith("."))
    step = max(1, len(files) // SAMPLE_FILES)
    return files[::step][:SAMPLE_FILES]


@pytest.mark.parametrize("dialect_id", sorted(DIALECTS))
@pytest.mark.parametrize("unsafe", [False, True], ids=["safe", "unsafe"])
def test_no_fix_damages_a_typod_corpus_file(dialect_id, unsafe):
    damaged = []
    for file in _sample():
        text = file.read_bytes().decode("utf-8", "replace").removeprefix("\ufeff")
        path = agent_path(dialect_id, file.name)
        for number, mutated in enumerate(mutations(text, str(file.relative_to(CORPUS)), 2)):
            if problems := damage(mutated, path, dialect_id, unsafe):
                damaged.append(f"{file.relative_to(CORPUS)} #{number}: {problems}")
    assert not damaged, "\n".join(damaged[:20])
