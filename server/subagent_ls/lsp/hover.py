"""Hover: on the opening ``---`` which dialect the file is read in, why, and what its harness
will do; on a key its field documentation; on a value the meaning of that value (complexity
tiers, enum values, the ``tools`` semantics of the dialect, the name the harness uses)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from lsprotocol import types
from pygls.lsp.server import LanguageServer

from subagent_ls.core.findings import excerpt
from subagent_ls.core.frontmatter import Span
from subagent_ls.core.yamltree import MapItem, YamlNode
from subagent_ls.lsp.convert import to_offset, to_range
from subagent_ls.lsp.documents import current_agent
from subagent_ls.lsp.fielddocs import field_markdown, markdown, value_markdown
from subagent_ls.lsp.state import Analysis, ServerState

if TYPE_CHECKING:
    from subagent_ls.analysis.results import TargetVerdict

_OUTCOMES = {
    "loads": "loads it",
    "repaired": "repairs its YAML and loads it",
    "degraded": "loads it without part of what it says",
    "ignored": "ignores it",
    "rejected": "rejects it",
    "breaks-configuration": "refuses its whole configuration because of it",
    "elsewhere": "would load it, but not from here",
}


def fence_markdown(analysis: Analysis) -> str:
    choice, verdict = analysis.choice, analysis.result.verdict
    harness = verdict.harness or choice.dialect.harness
    lines = [
        f"**Dialect: {choice.dialect.id}** — {choice.dialect.summary}",
        "",
        f"Why this dialect: {choice.reason}.",
        "",
        f"Identity: {choice.dialect.identity}",
        "",
        f"**{harness} {_OUTCOMES[verdict.outcome]}**"
        + (f" as `{verdict.name}`." if verdict.loads and verdict.name else "."),
    ]
    if verdict.reason:
        lines.append(f"\n{verdict.reason[0].upper()}{verdict.reason[1:]}.")
    if verdict.note:
        lines.append(f"\n{verdict.note}")
    if len(analysis.result.harnesses) > 1:
        lines += ["", targets_table(analysis.result.harnesses)]
    return "\n".join(lines)


def targets_table(harnesses: tuple[TargetVerdict, ...]) -> str:
    """What each target harness does with the file, one row each."""
    rows = ["| Target | Reads it | Does |", "| --- | --- | --- |"]
    for judged in harnesses:
        verdict = judged.verdict
        does = _OUTCOMES[verdict.outcome] + (
            f" as `{verdict.name}`" if verdict.loads and verdict.name else ""
        )
        rows.append(f"| {judged.target.label} | as {judged.target.dialect} | {_cell(does)} |")
    return "\n".join(rows)


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _item_at(analysis: Analysis, offset: int) -> MapItem | None:
    for item in analysis.doc.fields.values():
        if item.key.span.start <= offset <= max(item.key.span.end, item.value.span.end):
            return item
    return None


def value_text(state: ServerState, analysis: Analysis, item: MapItem) -> str | None:
    spec = analysis.choice.dialect.fields.get(item.name)
    if spec is None:
        return None
    node = item.value
    if item.name in ("tools", "allowed-tools"):
        shown = analysis.doc.source(node.span).strip() or "(empty)"
        text = f"**`{item.name}: {shown}`**\n\n{analysis.choice.dialect.tools_doc or spec.doc}"
        return "\n\n".join(filter(None, [text, _granted(analysis)]))
    if item.name == "description":
        return _given_to_model(analysis, node)
    if item.name in ("name", "id"):
        verdict = analysis.result.verdict
        where = f"loads it as `{verdict.name}`" if verdict.loads else _OUTCOMES[verdict.outcome]
        harness = verdict.harness or "The harness"
        text = f"{field_markdown(analysis.choice.dialect, spec)}\n\n{harness} {where}."
        notes = [note for listener in state.listeners if (note := listener.name_note(analysis))]
        return "\n\n".join([text, *notes])
    from subagent_ls.rules.fields import listed_value  # the engine loads after start-up

    listed = listed_value(spec, str(node.value)) if node.kind == "str" else None
    if listed is not None:
        return value_markdown(spec, listed)
    return None


def _granted(analysis: Analysis) -> str | None:
    """What the harness really grants, where it differs from what ``tools`` says."""
    verdict = analysis.result.verdict
    if not verdict.loads or verdict.tools is None:
        return None
    harness = verdict.harness or "The harness"
    if verdict.tools == ("*",):
        return f"**{harness} gives this agent every tool.**"
    if not verdict.tools:
        return f"**{harness} gives this agent no tools at all.**"
    return f"**{harness} gives this agent:** " + ", ".join(f"`{t}`" for t in verdict.tools)


def _given_to_model(analysis: Analysis, node: YamlNode) -> str | None:
    """The description the model is given, where the harness changes what the author wrote
    (or, for a file it does not load, that the model never sees it)."""
    verdict = analysis.result.verdict
    harness = verdict.harness or analysis.choice.dialect.harness
    if not verdict.loads:
        return f"{harness} {_OUTCOMES[verdict.outcome]}: the model never sees this description."
    written = str(node.value) if node.kind == "str" else None
    if verdict.description is None or verdict.description == written:
        return None
    given = excerpt(verdict.description, 1000) if verdict.description else "(nothing)"
    return f"**The description {harness} gives the model:**\n\n> {given}"


def hover_markdown(state: ServerState, analysis: Analysis, offset: int) -> tuple[str, Span] | None:
    layout = analysis.doc.layout
    if layout.opening and layout.opening.start <= offset <= layout.opening.end:
        return fence_markdown(analysis), layout.opening
    item = _item_at(analysis, offset)
    if item is None:
        return None
    dialect = analysis.choice.dialect
    spec = dialect.fields.get(item.name)
    if offset >= item.value.span.start and item.value.span.end > item.value.span.start:
        text = value_text(state, analysis, item)
        if text:
            return text, item.value.span
    if spec is None:
        return (
            f"`{item.name}` is not a field of {dialect.harness}: {dialect.unknown_key_effect}",
            item.key.span,
        )
    return field_markdown(dialect, spec), item.key.span


def register(server: LanguageServer, state: ServerState) -> None:
    @server.feature(types.TEXT_DOCUMENT_HOVER)
    def hover(ls: LanguageServer, params: types.HoverParams) -> types.Hover | None:
        analysis = current_agent(ls, state, params.text_document.uri)
        if analysis is None:
            return None
        offset = to_offset(analysis.doc, params.position, state.encoding)
        found = hover_markdown(state, analysis, offset)
        if found is None:
            return None
        text, span = found
        return types.Hover(
            contents=markdown(text), range=to_range(analysis.doc, span, state.encoding)
        )
