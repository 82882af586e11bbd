"""Reading a frontmatter that does not parse as YAML field by field, so that one YAML error does
not hide every other finding in the file.

Each top-level entry (a line that starts at the margin with ``key:``, with the indented, blank
and comment lines after it) is parsed on its own. An entry that still does not parse and is one
line ``key: value`` is read as that key with the rest of the line as a string: the value Claude
Code's repair gives it by quoting the line, and OpenCode's by turning it into a block scalar.
Any other entry that does not parse is left out. Every span is the document's own.

What the field rules make of the fields read this way is the analysis's business (they say
"read after repair"); ``AgentDocument.repaired`` reads them once per document.
"""

from __future__ import annotations

from typing import NamedTuple, Protocol

from subagent_ls.core.frontmatter import Layout, Span
from subagent_ls.core.patterns import LazyPattern
from subagent_ls.core.yamltree import MapItem, YamlNode, parse_yaml

_ENTRY = LazyPattern(r"([A-Za-z_$][\w$.-]*)[ \t]*:(?=[ \t]|\r?\n|$)")
"""A top-level ``key:`` at the margin (the keys of real files; quoted keys stay unread)."""
_CONTINUATION = LazyPattern(r"[ \t]|#|\r?\n|$")


def _entries(text: str) -> list[tuple[int, str]]:
    """The top-level entries: (offset in ``text``, entry text); lines at the margin that are
    no ``key:`` start an entry that is never read."""
    entries: list[tuple[int, str]] = []
    offset = 0
    for line in text.splitlines(keepends=True):
        if _CONTINUATION.match(line) and entries:
            start, chunk = entries[-1]
            entries[-1] = (start, chunk + line)
        else:
            entries.append((offset, line))
        offset += len(line)
    return entries


def _one_line_value(chunk: str, base: int) -> MapItem | None:
    """``key: rest of the line`` read as a string, where the entry is one line (the lines after
    it blank or comments)."""
    first, _, rest = chunk.partition("\n")
    if any(line.strip() and not line.lstrip().startswith("#") for line in rest.splitlines()):
        return None
    match = _ENTRY.match(first)
    if match is None:
        return None
    key = YamlNode("str", Span(base, base + len(match[1])), match[1])
    raw = first[match.end() :].rstrip("\r")
    value = raw.strip()
    start = base + match.end() + (len(raw) - len(raw.lstrip()))
    if not value:
        return MapItem(key, YamlNode("null", Span(start, start)))
    return MapItem(key, YamlNode("str", Span(start, start + len(value)), value))


class Frontmatter(Protocol):
    """What the reading needs of a document: its frontmatter's text and where it starts."""

    yaml_text: str
    layout: Layout


class EntryReading(NamedTuple):
    """A frontmatter read entry by entry: the fields that were read, the spans they cover, and
    whether an entry could not be read."""

    items: list[MapItem]
    read: tuple[Span, ...]
    lost: bool


def recover(doc: Frontmatter) -> EntryReading | None:
    """The frontmatter's fields read entry by entry (None: no field could be read). Use
    ``doc.repaired``, which reads them once per document."""
    text, base = doc.yaml_text, doc.layout.yaml.start
    items: list[MapItem] = []
    lost = False
    for offset, chunk in _entries(text):
        start = base + offset
        parsed = parse_yaml(chunk, start) if _ENTRY.match(chunk) else None
        root = parsed.root if parsed else None
        if parsed and parsed.error is None and root is not None and root.kind == "map":
            items += root.items
        elif parsed and parsed.error is not None and (item := _one_line_value(chunk, start)):
            items.append(item)
        elif chunk.strip() and not chunk.lstrip().startswith("#"):
            lost = True
    if not items:
        return None
    read = tuple(Span(i.key.span.start, max(i.key.span.end, i.value.span.end)) for i in items)
    return EntryReading(items, read, lost)
