"""Where a position is in a subagent file, as completion and hover need it: in the body, on a
fence, on a top-level key, in a value (and in a flow list), read from the text of the line so it
works while the YAML is half typed."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from subagent_ls.core.document import AgentDocument

Place = Literal["body", "fence", "key", "value", "item", "nested", "outside"]
_KEY = re.compile(r"([A-Za-z_][\w-]*)[ \t]*:")


@dataclass(frozen=True, slots=True)
class Context:
    """``key`` is the top-level key the position belongs to; ``prefix`` the word typed so far."""

    place: Place
    key: str | None = None
    prefix: str = ""
    line_start: int = 0


def context_at(doc: AgentDocument, offset: int) -> Context:
    layout = doc.layout
    line = doc.lines.line_of(offset)
    start = doc.lines.line_start(line)
    if layout.opening is None:
        return Context("outside")
    if start == layout.opening.start or (layout.closing and start == layout.closing.start):
        return Context("fence", line_start=start)
    if layout.closing is not None and offset >= layout.body_start:
        return Context("body")
    before = doc.text[start:offset]
    if before[:1] in (" ", "\t", "-"):
        return _nested(doc, line, before, start)
    match = _KEY.match(before)
    if match is None:
        return Context("key", prefix=before.strip(), line_start=start)
    value = before[match.end() :]
    return _in_value(match[1], value, start)


def _in_value(key: str, value: str, start: int) -> Context:
    if "[" in value and "]" not in value[value.rindex("[") :]:
        item = re.split(r"[\[,]", value)[-1].strip().strip("\"'")
        return Context("item", key, item, start)
    return Context("value", key, value.strip().strip("\"'"), start)


def _nested(doc: AgentDocument, line: int, before: str, start: int) -> Context:
    """A more indented line: a block list item of the key above, or a nested map."""
    owner = None
    for above in range(line - 1, doc.lines.line_of(doc.layout.yaml.start) - 1, -1):
        text = doc.text[doc.lines.line_start(above) : doc.lines.line_end(above)]
        if text and text[0] not in " \t-#":
            match = _KEY.match(text)
            owner = match[1] if match else None
            break
    stripped = before.lstrip()
    if stripped.startswith("-"):
        return Context("item", owner, stripped[1:].strip().strip("\"'"), start)
    return Context("nested", owner, stripped, start)
