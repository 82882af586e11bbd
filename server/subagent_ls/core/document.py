"""One subagent file as the engine sees it: text, line index, layout and parsed frontmatter.

A document is immutable. Building one from the previous version of the same file reuses the
parsed YAML when the frontmatter text did not change, so an edit in the body never reparses.
"""

from __future__ import annotations

from functools import cached_property
from typing import NamedTuple

from subagent_ls.core.frontmatter import Layout, Span, find_layout
from subagent_ls.core.text import LineIndex
from subagent_ls.core.yamltree import FLOW_COLON_ERROR, MapItem, YamlNode, YamlParse, parse_yaml


class Recovered(NamedTuple):
    """A frontmatter read entry by entry (see ``recovery``): the document as if that were its
    parse, the spans of the fields that were read, and whether an entry could not be."""

    view: AgentDocument
    read: tuple[Span, ...]
    lost: bool


class AgentDocument:
    """``unreadable`` holds the reason when the file's bytes are not text; ``parsed`` stands
    for the frontmatter's parse (a frontmatter read otherwise than as one YAML document)."""

    def __init__(
        self,
        path: str,
        text: str,
        *,
        has_bom: bool = False,
        unreadable: str | None = None,
        previous: AgentDocument | None = None,
        parsed: YamlParse | None = None,
    ) -> None:
        self.path = path
        self.text = text
        self.has_bom = has_bom
        self.unreadable = unreadable
        self.lines = LineIndex(text)
        self.layout: Layout = find_layout(self.lines)
        self.yaml_text = text[self.layout.yaml.start : self.layout.yaml.end]
        if parsed is not None:
            self.__dict__["yaml"] = parsed
        elif (
            previous is not None
            and previous.yaml_text == self.yaml_text
            and previous.layout.yaml.start == self.layout.yaml.start
            and "yaml" in previous.__dict__
        ):
            self.__dict__["yaml"] = previous.yaml

    @cached_property
    def yaml(self) -> YamlParse:
        if self.layout.opening is None or self.layout.closing is None:
            return YamlParse(None)
        return parse_yaml(self.yaml_text, self.layout.yaml.start)

    @cached_property
    def fields(self) -> dict[str, MapItem]:
        """Top-level keys of a mapping frontmatter; the last of duplicated keys wins."""
        root = self.yaml.root
        if root is None or root.kind != "map":
            return {}
        return {item.name: item for item in root.items}

    @cached_property
    def repaired(self) -> Recovered | None:
        """The fields of a frontmatter that does not parse, read entry by entry (see
        ``recovery``), once for every dialect that lints this document; None when it parses
        or no field could be read. What only libyaml refuses (a ``:`` before a flow
        indicator) is read whole as YAML 1.2 parsers read it (Claude Code's, OpenCode's)."""
        if self.yaml.error is None or self.layout.closing is None:
            return None
        if self.yaml.error.problem == FLOW_COLON_ERROR:
            whole = parse_yaml(self.yaml_text, self.layout.yaml.start, yaml_1_2=True)
            if whole.error is None and whole.root is not None and whole.root.kind == "map":
                view = AgentDocument(
                    self.path,
                    self.text,
                    has_bom=self.has_bom,
                    unreadable=self.unreadable,
                    parsed=whole,
                )
                return Recovered(view, (self.layout.yaml,), False)
        from subagent_ls.core import recovery  # only broken YAML needs it

        reading = recovery.recover(self)
        if reading is None:
            return None
        root = YamlNode("map", self.layout.yaml, items=reading.items)
        view = AgentDocument(
            self.path,
            self.text,
            has_bom=self.has_bom,
            unreadable=self.unreadable,
            parsed=YamlParse(root),
        )
        return Recovered(view, reading.read, reading.lost)

    def field_value(self, key: str) -> YamlNode | None:
        item = self.fields.get(key)
        return item.value if item else None

    def is_false(self, key: str) -> bool:
        node = self.field_value(key)
        return node is not None and node.kind == "bool" and node.value is False

    @property
    def body(self) -> Span:
        return Span(self.layout.body_start, len(self.text))

    def source(self, span: Span) -> str:
        return self.text[span.start : span.end]
