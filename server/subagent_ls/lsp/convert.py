"""Engine values to LSP values: spans to ranges in the negotiated position encoding, findings to
diagnostics (with ``data`` naming the rule and ``codeDescription`` linking to its
documentation), edits to text edits."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from lsprotocol import types

from subagent_ls.core.document import AgentDocument
from subagent_ls.core.findings import Edit, Finding
from subagent_ls.core.frontmatter import Span
from subagent_ls.core.text import Encoding, Position

SOURCE = "subagent-ls"
FILE_START = types.Range(types.Position(0, 0), types.Position(0, 0))
"""Where a related file is shown when the finding is about the file as a whole."""

_ENCODINGS: dict[str, Encoding] = {"utf-8": "utf-8", "utf-16": "utf-16", "utf-32": "utf-32"}


def encoding_of(kind: object) -> Encoding:
    return _ENCODINGS.get(str(getattr(kind, "value", kind) or "utf-16"), "utf-16")


def to_range(doc: AgentDocument, span: Span, encoding: Encoding) -> types.Range:
    start, end = doc.lines.position(span.start, encoding), doc.lines.position(span.end, encoding)
    return types.Range(
        types.Position(start.line, start.character), types.Position(end.line, end.character)
    )


def to_offset(doc: AgentDocument, position: types.Position, encoding: Encoding) -> int:
    return doc.lines.offset(Position(position.line, position.character), encoding)


def to_text_edit(doc: AgentDocument, edit: Edit, encoding: Encoding) -> types.TextEdit:
    return types.TextEdit(range=to_range(doc, edit.span, encoding), new_text=edit.text)


def _file_uri(path: str, uri_of: Callable[[Path], str] | None) -> str:
    return uri_of(Path(path)) if uri_of else Path(path).absolute().as_uri()


def to_diagnostic(
    doc: AgentDocument,
    finding: Finding,
    encoding: Encoding,
    uri: str,
    uri_of: Callable[[Path], str] | None = None,
) -> types.Diagnostic:
    """``finding`` as a diagnostic of the document at ``uri``; ``uri_of`` gives the URI of
    another file it names (the client's spelling)."""
    from subagent_ls.rules.docs import rule_url  # the rules load after ``initialize``

    related = [
        types.DiagnosticRelatedInformation(
            location=types.Location(uri, to_range(doc, r.span or finding.span, encoding)),
            message=r.message,
        )
        if r.path is None
        else types.DiagnosticRelatedInformation(
            location=types.Location(_file_uri(r.path, uri_of), FILE_START), message=r.message
        )
        for r in finding.related
        if r.path is None or r.span is None  # another file is shown as a whole
    ]
    data: dict[str, object] = {"rule": finding.code, **finding.details}
    if finding.fix is not None:
        data["fix"] = finding.fix.title
        data["fixKind"] = finding.fix.applicability
    if finding.targets:
        data["targets"] = list(finding.targets)
    return types.Diagnostic(
        range=to_range(doc, finding.span, encoding),
        message=finding.message,
        severity=types.DiagnosticSeverity(int(finding.severity)),
        code=finding.code,
        code_description=types.CodeDescription(href=rule_url(finding.code)),
        source=SOURCE,
        related_information=related or None,
        data=data,
    )
