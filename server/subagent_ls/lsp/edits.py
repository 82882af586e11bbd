"""Workspace edits in the shape the client supports: versioned document changes (with file
renames) when it can, a plain ``changes`` map otherwise."""

from __future__ import annotations

from lsprotocol import types

from subagent_ls.core.document import AgentDocument
from subagent_ls.core.findings import Edit
from subagent_ls.core.frontmatter import Span
from subagent_ls.lsp.convert import to_text_edit
from subagent_ls.lsp.state import Analysis, ServerState


def workspace_edit(
    state: ServerState,
    analysis: Analysis,
    edits: list[Edit],
    rename_to: str | None = None,
) -> types.WorkspaceEdit:
    text_edits = [to_text_edit(analysis.doc, edit, state.encoding) for edit in edits]
    if not state.document_changes:
        return types.WorkspaceEdit(changes={analysis.uri: text_edits})
    changes: list = []
    if text_edits:
        identifier = types.OptionalVersionedTextDocumentIdentifier(
            uri=analysis.uri, version=analysis.version
        )
        changes.append(types.TextDocumentEdit(text_document=identifier, edits=text_edits))
    if rename_to is not None:
        changes.append(types.RenameFile(old_uri=analysis.uri, new_uri=rename_to))
    return types.WorkspaceEdit(document_changes=changes)


def minimal_edit(doc: AgentDocument, new_text: str) -> Edit:
    """One edit turning ``doc.text`` into ``new_text``: the span between their common prefix and
    their common suffix."""
    old = doc.text
    start = 0
    limit = min(len(old), len(new_text))
    while start < limit and old[start] == new_text[start]:
        start += 1
    end_old, end_new = len(old), len(new_text)
    while end_old > start and end_new > start and old[end_old - 1] == new_text[end_new - 1]:
        end_old -= 1
        end_new -= 1
    return Edit(Span(start, end_old), new_text[start:end_new])
