"""Every real-world file of the corpus: no crash, no traceback, every range inside its file,
and ``--fix`` never breaks a file (bodies byte-identical, YAML that parsed still parses)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from cli_helpers import run_cli

from helpers import CORPUS

pytestmark = pytest.mark.skipif(
    not CORPUS.is_dir(), reason=f"the corpus folder {CORPUS} is missing (set SUBAGENT_LS_CORPUS)"
)

_BREAK = re.compile(r"\r\n|\r|\n")


def _utf16_lines(path: Path) -> list[int]:
    text = path.read_bytes().decode("utf-8", "replace").removeprefix("\ufeff")
    return [len(line.encode("utf-16-le")) // 2 for line in _BREAK.split(text)]


def _inside(position: dict[str, int], lines: list[int]) -> bool:
    line, character = position["line"], position["character"]
    return 0 <= line < len(lines) and 0 <= character <= lines[line]


@pytest.fixture(scope="module")
def corpus_report() -> dict:
    run = run_cli("check", "--dialect", "harness-subagents", "--format", "json", str(CORPUS))
    assert run.code in (0, 1), run.err
    return run.json


def test_every_file_is_checked(corpus_report):
    on_disk = {str(p) for p in CORPUS.rglob("*.md") if not p.name.startswith(".")}
    assert {f["path"] for f in corpus_report["files"]} == on_disk
    assert len(on_disk) > 1500


def test_every_range_is_inside_its_file(corpus_report):
    outside = []
    for entry in corpus_report["files"]:
        lines = _utf16_lines(Path(entry["path"]))
        for diagnostic in entry["diagnostics"]:
            start, end = diagnostic["range"]["start"], diagnostic["range"]["end"]
            if not (_inside(start, lines) and _inside(end, lines)) or (
                (start["line"], start["character"]) > (end["line"], end["character"])
            ):
                outside.append((entry["path"], diagnostic["code"], diagnostic["range"]))
    assert outside == []


def test_every_message_is_a_sentence_with_a_known_code(corpus_report):
    from subagent_ls.rules.registry import RULES

    for entry in corpus_report["files"]:
        for diagnostic in entry["diagnostics"]:
            assert diagnostic["code"] in RULES
            assert diagnostic["message"].strip() and diagnostic["message"][-1] in ".?)"


def test_fix_never_breaks_a_file(tmp_path, corpus_report):
    from subagent_ls.core.document import AgentDocument
    from subagent_ls.core.source import decode

    copy = tmp_path / "corpus"
    shutil.copytree(CORPUS, copy, copy_function=shutil.copyfile)  # writable copies
    for folder in (copy, *(p for p in copy.rglob("*") if p.is_dir())):
        folder.chmod(0o755)
    run = run_cli("check", "--dialect", "harness-subagents", "--fix", "--format", "json", str(copy))
    assert run.code in (0, 1)
    assert run.json["summary"]["fixed"] > 0
    for original in CORPUS.rglob("*.md"):
        fixed = copy / original.relative_to(CORPUS)
        before, after = decode(original.read_bytes()), decode(fixed.read_bytes())
        assert before.has_bom == after.has_bom
        doc_before = AgentDocument(str(original), before.text)
        doc_after = AgentDocument(str(fixed), after.text)
        body_before = before.text[doc_before.layout.body_start :]
        assert after.text.endswith(body_before), original
        if doc_before.yaml.error is None and doc_before.layout.closing is not None:
            assert doc_after.yaml.error is None, original
