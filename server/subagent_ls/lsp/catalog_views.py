"""What the catalog shows in one document: the cross-file diagnostics on its ``name``, the
titles of its code lens, the note on its ``name``'s hover, where a catalog entry's ``name`` is
written (a location under the client's URI for its file), and the agent named at a position
(the file's own ``name``, or a reference to another agent)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from lsprotocol import types

from subagent_ls.core.text import Encoding, column_width
from subagent_ls.lsp.convert import SOURCE
from subagent_ls.lsp.state import Analysis, ServerState

if TYPE_CHECKING:
    from subagent_ls.analysis.results import TargetVerdict
    from subagent_ls.harnesses.profile import Entry
    from subagent_ls.lsp.catalog_service import CatalogService
    from subagent_ls.workspace.catalog.scan import NameLocation


def name_range(location: NameLocation | None, encoding: Encoding) -> types.Range:
    """The range of a ``name`` value in the client's position encoding (the file's start
    where it has none)."""
    if location is None:
        return types.Range(types.Position(0, 0), types.Position(0, 0))
    start = column_width(location.text[: location.start], encoding)
    end = column_width(location.text[: location.end], encoding)
    return types.Range(types.Position(location.line, start), types.Position(location.line, end))


def entry_location(entry: Entry, state: ServerState) -> types.Location | None:
    """Where the entry's ``name`` is, under the client's URI for its file."""
    if entry.path is None:
        return None
    anchor = name_range(entry.anchor, state.encoding)  # type: ignore[arg-type]
    return types.Location(state.uris.uri_of(entry.path), anchor)


def cross_diagnostics(
    service: CatalogService, state: ServerState, analysis: Analysis
) -> list[types.Diagnostic]:
    """The catalog's findings on the document's file (``duplicate-name``, ``shadowed``, …),
    with the settings' severities and the file's suppression comments, on its ``name``."""
    from subagent_ls.analysis.lint import silenced
    from subagent_ls.analysis.suppressions import suppressions_for
    from subagent_ls.rules.docs import rule_url

    findings = service.findings_of(analysis.path) if analysis.path else []
    encoding = state.encoding
    suppressed = suppressions_for(analysis.doc, state.settings)
    name = analysis.doc.field_value("name")
    line = analysis.doc.lines.line_of(name.span.start) if name is not None else 0
    diagnostics = []
    for finding in findings:
        severity = state.settings.rules.get(finding.code, finding.severity)
        if severity is None or silenced(
            finding.code, suppressed, state.settings, line, analysis.path
        ):
            continue
        related = [
            types.DiagnosticRelatedInformation(location=location, message=f"{other.source.label}")
            for other in finding.related
            if (location := entry_location(other, state)) is not None
        ]
        diagnostics.append(
            types.Diagnostic(
                range=name_range(finding.entry.anchor, encoding),  # type: ignore[arg-type]
                message=finding.message,
                severity=types.DiagnosticSeverity(int(severity)),
                code=finding.code,
                code_description=types.CodeDescription(href=rule_url(finding.code)),
                source=SOURCE,
                related_information=related or None,
                data={"rule": finding.code},
            )
        )
    return diagnostics


def name_note(service: CatalogService, analysis: Analysis) -> str | None:
    """The hover's note on the ``name``: the file's source in the catalog and its status."""
    entry = service.entry_of(analysis.path) if service.catalog and analysis.path else None
    if entry is None:
        return None
    titles = [title for title in lens_titles(analysis, entry) if not title.startswith("body:")]
    status = "; ".join(titles) or ("effective" if entry.effective else "listed")
    return f"Catalog ({service.catalog.harness}): {entry.source.label}, {status}."  # type: ignore[union-attr]


def lens_titles(analysis: Analysis, entry: Entry | None) -> list[str]:
    """The code lens's titles: the entry's status in the catalog, the targets that load the
    file where it has several, and the size of its body."""
    titles = []
    if entry is not None:
        if entry.disabled:
            titles.append("disabled")
        if entry.shadowed_by is not None:
            from subagent_ls.workspace.catalog.resolve import where  # loaded after start-up

            titles.append(f"shadowed by {where(entry.shadowed_by)}")
        for other in entry.shadows:
            titles.append(f"overrides {other.source.label} {other.name}")
        if not entry.loads:
            titles.append("not loaded by the harness")
    if len(analysis.result.harnesses) > 1:
        titles.append(targets_title(analysis.result.harnesses))
    body = analysis.doc.text[analysis.doc.layout.body_start :]
    lines = body.strip().count("\n") + 1 if body.strip() else 0
    titles.append(f"body: {lines} lines, ~{len(body) // 4} tokens")
    return titles


def targets_title(harnesses: tuple[TargetVerdict, ...]) -> str:
    """``loads in 2 of 3 targets (GitHub Copilot CLI: rejected)``."""
    loading = sum(h.verdict.loads for h in harnesses)
    others = [f"{h.target.label}: {h.verdict.outcome}" for h in harnesses if not h.verdict.loads]
    title = f"loads in {loading} of {len(harnesses)} targets"
    return f"{title} ({', '.join(others)})" if others else title


def names_agents(analysis: Analysis) -> bool:
    """Whether the document names other agents (its findings depend on the catalog)."""
    references = analysis.choice.dialect.agent_references
    return references is not None and bool(references(analysis.doc))


def agent_named_at(analysis: Analysis, offset: int) -> str | None:
    """The agent name at ``offset``: the file's own ``name``, or a reference to another agent
    (the dialect's ``agent_references``, such as a handoff's ``agent``)."""
    name = analysis.doc.field_value("name")
    scalar = name is not None and name.kind not in ("map", "seq")
    if scalar and name is not None and name.span.start <= offset <= name.span.end:
        return str(name.value)
    references = analysis.choice.dialect.agent_references
    for reference in references(analysis.doc) if references else ():
        if reference.matches is None and reference.span.start <= offset <= reference.span.end:
            return reference.written
    return None
