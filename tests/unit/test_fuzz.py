"""Fuzzed documents through the engine in every dialect: no exception, every span inside the
text, no fix that damages the file (see ``fuzzing.py``). A bounded sample runs here;
``tests/bench/bench_fuzz.py`` runs many more. Each crash found becomes a case below."""

from __future__ import annotations

import pytest

from fuzzing import failures, random_document

SEEDS = range(400)

FOUND = {
    "lone surrogates (an editor can send them)": "---\nname: a\ud800b\ndescription: \udfff\n---\n",
    "lone surrogate in a key": "---\n\ud800: x\n---\nBody\n",
}


def test_fuzzed_documents():
    failed = {s: f for s in SEEDS if (f := failures(random_document(s)))}
    assert not failed, "\n".join(f"seed {s}: {f[0]}" for s, f in list(failed.items())[:5])


@pytest.mark.parametrize("text", list(FOUND.values()), ids=list(FOUND))
def test_crashes_found_by_fuzzing(text):
    assert failures(text) == []
