"""Completion in the frontmatter: field names of the file's dialect (with documentation and a
snippet), allowed values, booleans and tool names, and the file name for ``name``. Nothing is
offered in the body."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from lsprotocol import types
from pygls.lsp.server import LanguageServer

from subagent_ls.core.frontmatter import Span
from subagent_ls.lsp.context import Context, context_at
from subagent_ls.lsp.convert import to_offset, to_range
from subagent_ls.lsp.documents import current_agent
from subagent_ls.lsp.fielddocs import field_markdown, markdown
from subagent_ls.lsp.state import Analysis, ServerState

if TYPE_CHECKING:
    from subagent_ls.harnesses.model import Dialect, FieldSpec

_TOP_KEY = re.compile(r"^([A-Za-z_][\w-]*)[ \t]*:", re.MULTILINE)
TOOL_KEYS = ("tools", "disallowedTools", "disallowed_tools", "allowed-tools")


def _placeholder(spec: FieldSpec) -> str:
    if spec.values and spec.open_values:
        return "${1:" + next(iter(spec.values)).replace("}", "\\}") + "}"
    if spec.values:
        return "${1|" + ",".join(v.replace(",", "\\,") for v in spec.values) + "|}"
    if spec.types[0] == "boolean":
        return "${1|true,false|}"
    if spec.types[0] in ("string-list", "list"):
        return "[${1}]"
    if spec.types[0] in ("map", "bool-map"):
        return "\n  ${1:key}: ${2:value}"
    return "${1}"


def written_keys(analysis: Analysis) -> set[str]:
    """Top-level keys on the frontmatter's lines (read from the text: the YAML may be broken
    while the user types)."""
    doc = analysis.doc
    return set(_TOP_KEY.findall(doc.yaml_text))


def _field_items(state: ServerState, analysis: Analysis, ctx: Context, end: int) -> list:
    dialect = analysis.choice.dialect
    present = written_keys(analysis)
    replace = to_range(analysis.doc, Span(ctx.line_start, end), state.encoding)
    items = []
    for order, spec in enumerate(dialect.fields.values()):
        if spec.key in present and spec.key != ctx.prefix:
            continue
        text = f"{spec.key}: {_placeholder(spec)}" if state.snippets else f"{spec.key}: "
        items.append(
            types.CompletionItem(
                label=spec.key,
                kind=types.CompletionItemKind.Property,
                detail=f"{dialect.id} field" + (" (required)" if spec.required else ""),
                documentation=markdown(field_markdown(dialect, spec)),
                sort_text=f"{0 if spec.required else 1}{order:03d}",
                text_edit=types.TextEdit(range=replace, new_text=text),
                insert_text_format=types.InsertTextFormat.Snippet
                if state.snippets
                else types.InsertTextFormat.PlainText,
            )
        )
    return items


def _value_items(analysis: Analysis, ctx: Context) -> list:
    dialect: Dialect = analysis.choice.dialect
    spec = dialect.fields.get(ctx.key or "")
    if spec is None:
        return []
    items = [
        types.CompletionItem(
            label=value,
            kind=types.CompletionItemKind.EnumMember,
            documentation=markdown(doc) if doc else None,
            sort_text=f"{index:03d}",
        )
        for index, (value, doc) in enumerate(spec.values.items())
    ]
    if "boolean" in spec.types:
        items += [
            types.CompletionItem(label=word, kind=types.CompletionItemKind.Keyword)
            for word in ("true", "false")
        ]
    if spec.key == "name":
        stem = dialect.stem(analysis.doc.path)
        items.append(
            types.CompletionItem(
                label=stem, kind=types.CompletionItemKind.File, detail="the file name"
            )
        )
    if ctx.key in TOOL_KEYS:
        items += _tool_forms(dialect, spec)
    if ctx.key in TOOL_KEYS and "string" in spec.types:
        items += _tool_items(dialect)
    return items


def _tool_forms(dialect: Dialect, spec: FieldSpec) -> list:
    """`null` and `[]`, where the dialect's document gives each a meaning of its own (Synapse:
    null inherits the default tools, as absent does; `[]` keeps the framework's only)."""
    forms = []
    if "null" in spec.types and spec.default:
        forms.append(("null", f"As when `{spec.key}` is absent: {spec.default}."))
    if dialect.tools_empty_note and spec.key == "tools":
        forms.append(("[]", dialect.tools_empty_note))
    return [
        types.CompletionItem(
            label=label,
            kind=types.CompletionItemKind.Value,
            documentation=markdown(doc),
            sort_text=f"0{index}",
        )
        for index, (label, doc) in enumerate(forms)
    ]


def _tool_items(dialect: Dialect) -> list:
    """The tools the harness knows, less those a trap says it never grants, whatever else the
    file says."""
    docs = dialect.tool_docs
    never = {t.tool for t in dialect.traps if t.tool and not t.also and not t.unless_tool}
    return [
        types.CompletionItem(
            label=tool,
            kind=types.CompletionItemKind.Function,
            detail="tool",
            documentation=markdown(docs[tool]) if tool in docs else None,
        )
        for tool in sorted((dialect.known_tools or frozenset()) - never)
    ]


def register(server: LanguageServer, state: ServerState) -> None:
    @server.feature(
        types.TEXT_DOCUMENT_COMPLETION,
        types.CompletionOptions(trigger_characters=[":", " ", "[", ","]),
    )
    def complete(ls: LanguageServer, params: types.CompletionParams) -> types.CompletionList | None:
        analysis = current_agent(ls, state, params.text_document.uri)
        if analysis is None:
            return None
        offset = to_offset(analysis.doc, params.position, state.encoding)
        ctx = context_at(analysis.doc, offset)
        if ctx.place == "key":
            items = _field_items(state, analysis, ctx, offset)
        elif ctx.place == "value":
            items = _value_items(analysis, ctx)
        elif ctx.place == "item" and ctx.key in TOOL_KEYS:
            items = _tool_items(analysis.choice.dialect)
        else:
            return None
        return types.CompletionList(is_incomplete=False, items=items)
