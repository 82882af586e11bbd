"""Random subagent documents for fuzzing the engine, and what must hold for each of them.

``random_document(seed)`` builds a document from the pieces real files and their typos are made
of: fences (right, long, indented, missing), field names of every dialect and near misses,
values of every YAML shape (plain, quoted, flow and block collections, tags, anchors, aliases,
block scalars), broken indentation, tabs, CRLF and lone CR, comments, CJK and emoji, control
characters and lone surrogates (which an editor can send), and hostile shapes: nesting hundreds
of levels deep (flow collections, groups of a hook matcher), long runs (spaces, repeated ``a:``
and ``(?<``), lines of tens of kilobytes. ``failures`` lints the document in every dialect and
fixes it (safe, then unsafe) and returns what went wrong: an exception, a span outside the
text, damage by a fix (see ``mutations.damage``), or a dialect that took more than
``SLOW_SECONDS`` (time that grows faster than the text).
"""

from __future__ import annotations

import random
import time
import traceback

from mutations import agent_path, damage
from subagent_ls.analysis.lint import lint
from subagent_ls.core.document import AgentDocument
from subagent_ls.core.settings import Settings
from subagent_ls.harnesses.registry import DIALECTS

_KEYS = [
    *sorted({key for dialect in DIALECTS.values() for key in dialect.fields}),
    "descripton",
    "nam",
    "toolz",
    "Name",
    "x-custom",
    "1",
    "true",
    "?",
    "- name",
    "名前",
]
_WORDS = ["Use", "when", "reviewing", "code", "Read", "Grep", "Bash(git log:*)", "sonnet", "a"]
_ODD = ["\t", "\r", "\x00", "\x1b", "\u2028", "\ufeff", "\ud800", "\udfff", "😀", "日本語", "#"]
_VALUES = [
    "",
    "~",
    "null",
    "true",
    "no",
    "0",
    "-1",
    "1.5e3",
    "0x1F",
    "2024-01-01",
    "[]",
    "{}",
    "[Read, Grep]",
    "[Read, [nested]]",
    "{a: 1, b: [x]}",
    "'single ''quoted'''",
    '"double \\" quoted"',
    '"unterminated',
    "'unterminated",
    "!!int 3",
    "!custom value",
    "&anchor value",
    "*anchor",
    "|",
    ">-",
    "Use when: colon inside",
    "[draft] starts with a bracket",
    "@at sign",
    "`backtick`",
    "a # comment",
    "Read, Grep",
    "*",
]


SLOW_SECONDS = 5.0


def _hostile(rng: random.Random) -> str:
    """A value built to take a reader deep or long: nesting, runs, a huge line."""
    depth, run = rng.choice([50, 300, 1_000]), rng.choice([1_000, 10_000, 30_000])
    return rng.choice(
        [
            "[" * depth + "]" * depth,
            "{a: " * depth + "b" + "}" * depth,
            "'" + "(" * depth + "Bash" + ")" * depth + "'",
            "'" + "(?<a" * (run // 4) + "'",
            "a: b" + " " * run + "c",
            "a: " * (run // 3),
            "x" * run,
            "\t" * run,
            "-" * run,
            "\x1b]0;title\x07" * (run // 12),
        ]
    )


def _value(rng: random.Random) -> str:
    roll = rng.random()
    if roll < 0.03:
        return _hostile(rng)
    if roll < 0.45:
        return rng.choice(_VALUES)
    words = [rng.choice(_WORDS + _ODD) for _ in range(rng.randrange(1, 9))]
    return " ".join(words)


def _line(rng: random.Random) -> str:
    indent = rng.choice(["", "", "", "  ", "    ", "\t", " "])
    roll = rng.random()
    if roll < 0.6:
        return f"{indent}{rng.choice(_KEYS)}:{rng.choice([' ', ' ', '', '  '])}{_value(rng)}"
    if roll < 0.75:
        return f"{indent}- {_value(rng)}"
    if roll < 0.85:
        return f"{indent}{_value(rng)}"
    if roll < 0.9:
        return f"{indent}# subagent-ls: disable={rng.choice(['all', 'tools-unknown', 'x'])}"
    if roll < 0.93:
        return f"{indent}hooks:\n  PreToolUse:\n    - matcher: {_value(rng)}\n      hooks: []"
    return rng.choice(["", "---", "...", "----", " ---", "[", "{", "]", "?"])


def random_document(seed: int) -> str:
    rng = random.Random(seed)
    newline = rng.choice(["\n"] * 6 + ["\r\n", "\r"])
    lines = [_line(rng) for _ in range(rng.randrange(0, 14))]
    opening = rng.choice(["---"] * 8 + ["", " ---", "----", "\ufeff---", "--- "])
    closing = rng.choice(["---"] * 8 + ["", "-----", "---  ", "..."])
    body = rng.choice(["", "Body.", "# Role\n\nDo it.", "---\nmore\n---", "\x00binary"])
    return newline.join([opening, *lines, closing, body])


def failures(text: str, file_name: str = "helper.md") -> list[str]:
    """What went wrong with ``text`` in any dialect (empty: nothing)."""
    found = []
    for dialect_id, dialect in DIALECTS.items():
        path = agent_path(dialect_id, file_name)
        started = time.perf_counter()
        try:
            doc = AgentDocument(path, text)
            result = lint(doc, dialect, Settings())
            for finding in result.findings:
                span = finding.span
                if not 0 <= span.start <= span.end <= len(text):
                    found.append(f"{dialect_id}: {finding.code} span {span} outside the text")
            for unsafe in (False, True):
                if problems := damage(text, path, dialect_id, unsafe):
                    found.append(f"{dialect_id} ({'unsafe' if unsafe else 'safe'}): {problems}")
        except Exception:  # the point of fuzzing: report any exception as a failure
            found.append(f"{dialect_id}: {traceback.format_exc(limit=-3)}")
        if (took := time.perf_counter() - started) > SLOW_SECONDS:
            found.append(f"{dialect_id}: {took:.1f} s for {len(text):,} characters")
    return found
