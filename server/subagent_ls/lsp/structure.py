"""Document symbols (the frontmatter's fields, the body's headings as a tree) and folding ranges
(the frontmatter, each heading's section, fenced code blocks)."""

from __future__ import annotations

import re
from dataclasses import dataclass

from lsprotocol import types
from pygls.lsp.server import LanguageServer

from subagent_ls.core.document import AgentDocument
from subagent_ls.core.findings import excerpt
from subagent_ls.core.frontmatter import Span
from subagent_ls.lsp.convert import to_range
from subagent_ls.lsp.documents import current_agent
from subagent_ls.lsp.state import ServerState

_HEADING = re.compile(r"(#{1,6})[ \t]+(.+?)[ \t#]*")
_FENCE = re.compile(r"[ ]{0,3}(```+|~~~+)")


@dataclass(frozen=True, slots=True)
class Heading:
    level: int
    title: str
    line: int


def body_outline(doc: AgentDocument) -> tuple[list[Heading], list[tuple[int, int]]]:
    """Headings outside code blocks, and the line ranges of fenced code blocks."""
    headings, blocks = [], []
    fence, fence_line = None, 0
    for line in range(doc.lines.line_of(doc.layout.body_start), doc.lines.line_count):
        text = doc.text[doc.lines.line_start(line) : doc.lines.line_end(line)]
        marker = _FENCE.match(text)
        if marker and (fence is None or marker[1].startswith(fence)):
            if fence is None:
                fence, fence_line = marker[1][:3], line
            else:
                blocks.append((fence_line, line))
                fence = None
            continue
        if fence is None and (match := _HEADING.fullmatch(text)):
            headings.append(Heading(len(match[1]), match[2], line))
    return headings, blocks


def _section_end(doc: AgentDocument, headings: list[Heading], index: int) -> int:
    heading = headings[index]
    for later in headings[index + 1 :]:
        if later.level <= heading.level:
            return later.line - 1
    return doc.lines.line_count - 1


def _symbols(doc: AgentDocument, encoding: str) -> list[types.DocumentSymbol]:
    symbols = [
        types.DocumentSymbol(
            name=item.name,
            detail=excerpt(doc.source(item.value.span), 50),
            kind=types.SymbolKind.Property,
            range=to_range(
                doc,
                Span(item.key.span.start, max(item.key.span.end, item.value.span.end)),
                encoding,
            ),
            selection_range=to_range(doc, item.key.span, encoding),
        )
        for item in doc.fields.values()
    ]
    headings, _ = body_outline(doc)
    stack: list[tuple[int, types.DocumentSymbol]] = []
    for index, heading in enumerate(headings):
        end_line = _section_end(doc, headings, index)
        whole = Span(doc.lines.line_start(heading.line), doc.lines.line_end(end_line))
        title = Span(doc.lines.line_start(heading.line), doc.lines.line_end(heading.line))
        symbol = types.DocumentSymbol(
            name=heading.title,
            kind=types.SymbolKind.Namespace,
            range=to_range(doc, whole, encoding),
            selection_range=to_range(doc, title, encoding),
            children=[],
        )
        while stack and stack[-1][0] >= heading.level:
            stack.pop()
        (stack[-1][1].children.append(symbol) if stack else symbols.append(symbol))  # type: ignore[union-attr]
        stack.append((heading.level, symbol))
    return symbols


def _folds(doc: AgentDocument) -> list[types.FoldingRange]:
    folds = []
    layout = doc.layout
    if layout.opening is not None and layout.closing is not None:
        folds.append(
            types.FoldingRange(
                0, doc.lines.line_of(layout.closing.start), kind=types.FoldingRangeKind.Region
            )
        )
    headings, blocks = body_outline(doc)
    for index, heading in enumerate(headings):
        end = _section_end(doc, headings, index)
        while (
            end > heading.line
            and not doc.text[doc.lines.line_start(end) : doc.lines.line_end(end)].strip()
        ):
            end -= 1
        if end > heading.line:
            folds.append(types.FoldingRange(heading.line, end, kind=types.FoldingRangeKind.Region))
    folds += [types.FoldingRange(start, end) for start, end in blocks if end > start]
    return folds


def register(server: LanguageServer, state: ServerState) -> None:
    @server.feature(types.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
    def document_symbols(ls: LanguageServer, params: types.DocumentSymbolParams) -> list | None:
        analysis = current_agent(ls, state, params.text_document.uri)
        return _symbols(analysis.doc, state.encoding) if analysis else None

    @server.feature(types.TEXT_DOCUMENT_FOLDING_RANGE)
    def folding_ranges(ls: LanguageServer, params: types.FoldingRangeParams) -> list | None:
        analysis = current_agent(ls, state, params.text_document.uri)
        return _folds(analysis.doc) if analysis else None
