"""Typo mutations of a subagent file and the invariants ``--fix`` must keep on any of them.

A mutation is one typo an author makes in the frontmatter: a character deleted or inserted, an
indentation changed, a line duplicated or deleted, a ``: `` or a quote inserted. ``damage``
fixes the mutated text in one dialect and returns what went wrong, judged independently of the
guards inside the engine:

- nothing outside the frontmatter changes, and no line is added or removed;
- a frontmatter that parsed still parses; the harness verdict is not worse;
- safe fixes keep every word of every line of the frontmatter on that line, and the agent's
  name (when it loaded);
- fixing is stable: fixing the result again changes nothing.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterator

from subagent_ls.analysis.fixes import fix_document
from subagent_ls.analysis.lint import lint
from subagent_ls.core.document import AgentDocument
from subagent_ls.core.settings import Settings
from subagent_ls.harnesses.registry import DIALECTS

INSERTED = [" ", ":", ": ", "'", '"', "-", "#", "[", "{", "\t", "a", ",", "*", "!", "|", ">"]
_WORD = re.compile(r"[^\W_]+")
_LINES = re.compile(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$")


def frontmatter_lines(text: str) -> tuple[int, int]:
    """The line range (first, end) of the frontmatter between the fences, or the first 12
    lines when there is no closed frontmatter (typos near the top of a file)."""
    lines = text.splitlines()
    if lines and lines[0].strip() == "---":
        for index in range(1, len(lines)):
            if lines[index].startswith("---"):
                return 1, index
    return 0, min(len(lines), 12)


def mutate(text: str, rng: random.Random) -> str:
    """``text`` with one typo inside its frontmatter."""
    lines = _LINES.findall(text)
    first, end = frontmatter_lines(text)
    if end <= first:
        return text
    index = rng.randrange(first, end)
    line = lines[index]
    content = line.rstrip("\r\n")
    ending = line[len(content) :]
    kind = rng.choice(["delete", "insert", "indent", "dedent", "duplicate", "drop", "colon"])
    at = rng.randrange(len(content) + 1)
    if kind == "delete" and content:
        at = min(at, len(content) - 1)
        content = content[:at] + content[at + 1 :]
    elif kind == "insert":
        content = content[:at] + rng.choice(INSERTED) + content[at:]
    elif kind == "indent":
        content = " " * rng.choice([1, 2, 3, 4]) + content
    elif kind == "dedent":
        content = content.lstrip(" ")
    elif kind == "duplicate":
        lines.insert(index, line)
    elif kind == "drop":
        content, ending = "", ""
    elif kind == "colon":
        content = content[:at] + rng.choice([": ", ' "', " '", ":"]) + content[at:]
    lines[index] = content + ending
    return "".join(lines)


def mutations(text: str, seed: str, count: int) -> Iterator[str]:
    rng = random.Random(seed)
    for _ in range(count):
        yield mutate(text, rng)


def agent_path(dialect_id: str, file_name: str) -> str:
    """Where a file of ``file_name`` lies in the first agent folder of the dialect (an
    ``agents`` folder for a dialect that names none)."""
    folders = DIALECTS[dialect_id].folders
    folder = "/".join(folders[0].segments) if folders else "agents"
    return f"/project/{folder}/{file_name}"


def damage(text: str, path: str, dialect_id: str, unsafe: bool = False) -> list[str] | None:
    """What fixing ``text`` as the file ``path`` in the dialect broke (empty: nothing; None:
    no fix changed the text)."""
    dialect, settings = DIALECTS[dialect_id], Settings()

    def run(doc: AgentDocument):
        return lint(doc, dialect, settings)

    before = AgentDocument(path, text)
    outcome = fix_document(before, run, unsafe=unsafe)
    after = outcome.doc
    if after.text == text:
        return None
    problems = []
    if after.text[after.layout.body_start :] != text[before.layout.body_start :]:
        problems.append("the body changed")
    if after.lines.line_count != before.lines.line_count:
        problems.append("the number of lines changed")
    if before.yaml.error is None and after.yaml.error is not None:
        problems.append("the frontmatter no longer parses")
    old, new = run(before).verdict, outcome.result.verdict
    if new.worse_than(old):
        problems.append(f"the verdict got worse: {old.outcome} -> {new.outcome}")
    if not unsafe:
        if old.loads and new.name != old.name:
            problems.append(f"the name changed: {old.name} -> {new.name}")
        problems += _lost_words(text, after.text)
    again = fix_document(after, run, unsafe=unsafe)
    if again.doc.text != after.text:
        problems.append("fixing the fixed file changes it again")
    return problems


def _lost_words(before: str, after: str) -> list[str]:
    old_lines, new_lines = before.splitlines(), after.splitlines()
    lost = []
    for number, (old, new) in enumerate(zip(old_lines, new_lines, strict=False), start=1):
        missing = Counter(_WORD.findall(old)) - Counter(_WORD.findall(new))
        if missing:
            lost.append(f"line {number} lost {sorted(missing)}: {old!r} -> {new!r}")
    return lost
