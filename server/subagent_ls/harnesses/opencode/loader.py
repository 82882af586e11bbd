"""What OpenCode 1.18.33 does with a file in ``.opencode/agent(s)/``, reproduced step by step.

OpenCode reads the file with gray-matter 4 (js-yaml 3, ``safeLoad``, which reads a ``:`` before
a flow indicator as YAML 1.2 does: ``[a:, b]`` is a list holding ``{a: null}``):

- a byte order mark is dropped; the text must start with ``---`` and the fourth character must
  not be ``-`` (``----`` is no frontmatter); the rest of the first line names the language
  (empty or ``yaml``); the frontmatter runs to the first ``\\n---`` anywhere (so ``----`` or
  ``---x`` close it too), or to the end of the file when there is none; the body starts after
  that fence, one ``\\r`` and one ``\\n`` dropped;
- when that throws, OpenCode rewrites every unindented ``key: value`` line of the frontmatter
  (up to the first ``\\n---``) whose value holds a ``:`` and is not quoted, empty, ``>`` or
  ``|`` as a block scalar (``key: |-`` and the value on the next line), and reads again;
- gray-matter caches each text before parsing it: when the rewrite changed nothing (no such
  line, no closing fence, a byte order mark), the second read returns the cached first attempt,
  that is no frontmatter and the whole text as the prompt; when the rewritten text throws too,
  OpenCode skips the file without a word.

Then ``{name: <path>, ...frontmatter, prompt: <body>}`` goes through the agent schema: any
schema error refuses the whole configuration. The frontmatter's ``name`` (any value) replaces
the path name; ``prompt`` is always the body.
"""

from __future__ import annotations

import math
import re
from typing import Literal, NamedTuple

from subagent_ls.core.patterns import LazyPattern
from subagent_ls.core.yamltree import YamlNode, YamlParse, parse_yaml

Reading = Literal["parsed", "repaired", "bare", "skipped"]
"""``bare``: no frontmatter is used (none, or one that does not parse and was not rewritten:
``error`` says why); ``skipped``: the rewritten frontmatter does not parse either."""


class Loaded(NamedTuple):
    """The outcome of reading one file: ``root`` is the frontmatter (None: ``{}``), ``source``
    the text its spans point into (the file, or the rewritten file), ``content`` the body."""

    reading: Reading
    root: YamlNode | None
    source: str
    content: str
    error: str | None = None


class _Failed(Exception):
    """gray-matter threw (a YAML error, an unknown language)."""


def _matter(text: str) -> tuple[YamlNode | None, str] | None:
    """gray-matter's ``matter(text)``: the parsed frontmatter and the body (None: the text has
    no frontmatter and is all body)."""
    if not text.startswith("---") or text[3:4] == "-":
        return None
    rest = text[3:]
    newline = re.search(r"\r?\n", rest)
    language = rest[: newline.start()] if newline else rest[:-1]
    offset = 3
    if language.strip():
        if language.strip().lower() not in ("yaml", "yml"):
            raise _Failed(f'gray-matter engine "{language.strip()}" is not registered')
        rest, offset = rest[len(language) :], offset + len(language)
    close = rest.find("\n---")
    end = len(rest) if close == -1 else close
    block = rest[:end]
    root = None if _only_comments(block) else _js_yaml(block, offset)
    if close == -1:
        return root, ""
    content = rest[close + 4 :]
    content = content[1:] if content.startswith("\r") else content
    return root, content[1:] if content.startswith("\n") else content


def _only_comments(block: str) -> bool:
    """Whether gray-matter takes the block for empty: nothing is left once
    ``/^\\s*#[^\\n]+/gm`` is removed and the rest trimmed, that is, each line is blank or,
    after its leading whitespace, a ``#`` with something after it (read line by line, in
    linear time)."""
    for line in block.split("\n"):
        content = line.lstrip()
        if content and not (content.startswith("#") and len(content) > 1):
            return False
    return True


def _js_yaml(block: str, base: int) -> YamlNode | None:
    """js-yaml's ``safeLoad``: the YAML parser, plus what js-yaml refuses that it accepts.
    Like js-yaml, a text that does not end in a line break gets one (so a block scalar on the
    last line keeps its final line break)."""
    if not block.endswith(("\n", "\r")):
        block += "\n"
    parsed: YamlParse = parse_yaml(block, base, yaml_1_2=True)  # `[a:, b]` holds `{a: null}`
    if parsed.error is not None:
        raise _Failed(parsed.error.problem)
    if parsed.root is not None and (problem := _js_yaml_problem(parsed.root)):
        raise _Failed(problem)
    return parsed.root


def _js_yaml_problem(node: YamlNode) -> str | None:
    """A duplicated key (js-yaml refuses it at any depth) or a tag js-yaml does not know."""
    if node.kind == "tagged":
        return "unknown tag"
    if node.kind == "map":
        seen: set[str] = set()
        for item in node.items:
            if item.name in seen:
                return "duplicated mapping key"
            seen.add(item.name)
            if problem := _js_yaml_problem(item.value):
                return problem
    if node.kind == "seq":
        for child in node.value or []:
            if problem := _js_yaml_problem(child):
                return problem
    return None


_SANITIZED = LazyPattern(r"^---\r?\n([\s\S]*?)\r?\n---")
_SANITIZED_LINE = LazyPattern(r"([a-zA-Z_][a-zA-Z0-9_]*)\s*:\s*([^\n\r\u2028\u2029]*)")


def sanitize(text: str) -> str:
    """OpenCode's rewrite of a frontmatter gray-matter refused."""
    match = _SANITIZED.match(text)
    if match is None:
        return text
    lines = []
    for line in re.split(r"\r?\n", match[1]):
        found = _SANITIZED_LINE.fullmatch(line)
        value = found[2].strip() if found else ""
        if (
            found is None
            or line.strip().startswith("#")
            or not line.strip()
            or line[:1].isspace()
            or value in ("", ">", "|")
            or value[0] in "\"'"
            or ":" not in value
        ):
            lines.append(line)
        else:
            lines += [f"{found[1]}: |-", f"  {value}"]
    return text.replace(match[1], "\n".join(lines), 1)


def load(text: str) -> Loaded:
    """Read ``text`` (without its byte order mark) as OpenCode does."""
    try:
        matter = _matter(text)
    except _Failed as error:
        first = str(error)
    else:
        if matter is None:
            return Loaded("bare", None, text, text)
        return Loaded("parsed", matter[0], text, matter[1])
    repaired = sanitize(text)
    if repaired == text:
        return Loaded("bare", None, text, text, first)
    try:
        matter = _matter(repaired)
    except _Failed as error:
        return Loaded("skipped", None, repaired, "", str(error))
    root, content = matter or (None, repaired)
    return Loaded("repaired", root, repaired, content, first)


JsType = Literal["string", "number", "boolean", "null", "date", "array", "object"]

_FLOAT = LazyPattern(
    r"[-+]?(?:0|[1-9][0-9_]*)(?:\.[0-9_]*)?(?:[eE][-+]?[0-9]+)?"
    r"|\.[0-9_]+(?:[eE][-+]?[0-9]+)?"
    r"|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*"
    r"|[-+]?\.(?:inf|Inf|INF)"
    r"|\.(?:nan|NaN|NAN)"
)
_DATE = LazyPattern(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
_TIMESTAMP = LazyPattern(
    r"[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(?:[Tt]|[ \t]+)[0-9]{1,2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]*)?"
    r"(?:[ \t]*(?:Z|[-+][0-9]{1,2}(?::[0-9]{2})?))?"
)


_MAX_DIGITS = 300


def _number(digits: str, base: int = 10) -> int | float:
    """``int(digits, base)``, or infinity past ``_MAX_DIGITS`` digits (what parseInt gives:
    such a number is no float, and past 4,300 decimal digits no int Python converts)."""
    return math.inf if len(digits) > _MAX_DIGITS else int(digits, base)


def _js_int(text: str) -> int | float | None:
    """js-yaml 3's integer: decimal, ``0b``, ``0x``, ``0``-octal or base 60, ``_`` allowed."""
    sign, digits = (-1 if text[:1] == "-" else 1), text[1:] if text[:1] in ("-", "+") else text
    if not digits or digits[0] == "_" or digits[-1] == "_":
        return None
    plain = digits.replace("_", "")
    if digits[0] == "0" and len(digits) > 1:
        base, body, allowed = 8, plain[1:], "01234567"
        if digits[1] in "bx":
            base, body = (2, plain[2:]) if digits[1] == "b" else (16, plain[2:])
            allowed = "01" if base == 2 else "0123456789abcdefABCDEF"
        return sign * _number(body, base) if body and set(body) <= set(allowed) else None
    head, colon, tail = digits.partition(":")
    if not re.fullmatch(r"_*[0-9][0-9_]*", head):
        return None
    if colon and not re.fullmatch(r"(:[0-5]?[0-9])+", colon + tail):
        return None
    value: int | float = 0
    for part in plain.split(":"):
        value = value * 60 + _number(part)
    return sign * value


def _js_float(text: str) -> float | None:
    if not _FLOAT.fullmatch(text) or text.endswith("_"):
        return None
    plain = text.replace("_", "").lower()
    if plain.lstrip("+-") == ".inf":
        return -math.inf if plain.startswith("-") else math.inf
    if plain == ".nan":
        return math.nan
    if ":" in plain:
        sign = -1.0 if plain.startswith("-") else 1.0
        value = 0.0
        for part in plain.lstrip("+-").split(":"):
            value = value * 60 + float(part)
        return sign * value
    return float(plain)


def js_value(node: YamlNode, source: str) -> tuple[JsType, object]:
    """The JavaScript type and value js-yaml 3 gives ``node`` (``source``: the text its span
    points into). Plain scalars are resolved by js-yaml's own rules (``010`` is 8, ``yes`` a
    string, ``2024-01-01`` a date)."""
    if node.kind == "seq":
        return "array", node.value
    if node.kind == "map":
        return "object", node.items
    if node.style is not None:
        return "string", str(node.value)
    text = str(node.value) if node.kind == "str" else source[node.span.start : node.span.end]
    if text in ("", "~", "null", "Null", "NULL"):
        return "null", None
    if text in ("true", "True", "TRUE", "false", "False", "FALSE"):
        return "boolean", text.lower() == "true"
    if (number := _js_int(text)) is not None:
        return "number", number
    if (real := _js_float(text)) is not None:
        return "number", real
    if _DATE.fullmatch(text) or _TIMESTAMP.fullmatch(text):
        return "date", text
    return "string", text


def js_string(kind: JsType, value: object) -> str:
    """``String(value)`` for a frontmatter value used as an object key (the agent's name)."""
    if kind == "null":
        return "null"
    if kind == "boolean":
        return "true" if value else "false"
    if kind == "number":
        number = float(value)  # type: ignore[arg-type]
        if math.isnan(number):
            return "NaN"
        if math.isinf(number):
            return "Infinity" if number > 0 else "-Infinity"
        return str(int(number)) if number.is_integer() and abs(number) < 1e21 else repr(number)
    if kind == "object":
        return "[object Object]"
    if kind == "date":
        return _js_date_string(str(value))
    return str(value)


def _js_date_string(text: str) -> str:
    """``String(new Date(...))`` in UTC, for a date used as a name."""
    from datetime import date, datetime  # only a date used as a name needs it

    try:
        moment = datetime.fromisoformat(text.replace("t", "T").replace("Z", "+00:00"))
    except ValueError:
        moment = datetime.combine(date.fromisoformat(text), datetime.min.time())
    return moment.strftime("%a %b %d %Y %H:%M:%S GMT+0000 (Coordinated Universal Time)")
