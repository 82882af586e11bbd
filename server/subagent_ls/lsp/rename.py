"""Rename on the ``name`` value: edits the value (keeping its quoting) and, where the file name
is the agent's identity, renames the file too; and the reverse: when the client renames an
agent file, ``workspace/willRenameFiles`` sets ``name`` to the new file name.

A name the file's dialect refuses is not applied: one its name rules report as an error
(empty, too long, characters outside its charset, misplaced hyphens), or one with which its
harness would no longer load the file. Rename answers such a name with an error saying why;
a file renamed to such a name keeps its ``name``."""

from __future__ import annotations

import os
from pathlib import Path

from lsprotocol import types
from pygls.lsp.server import LanguageServer

from subagent_ls.core.document import AgentDocument
from subagent_ls.core.findings import Edit, Severity
from subagent_ls.core.frontmatter import Span
from subagent_ls.core.yaml_edits import replace_scalar
from subagent_ls.core.yamltree import YamlNode
from subagent_ls.lsp.convert import to_offset, to_range, to_text_edit
from subagent_ls.lsp.documents import current
from subagent_ls.lsp.edits import workspace_edit
from subagent_ls.lsp.protocol import RequestRefused
from subagent_ls.lsp.state import Analysis, ServerState
from subagent_ls.lsp.uris import path_of

NAME_RULES = ("name-length", "name-charset", "name-hyphen")
"""The rules on a name by itself (``name-mismatch`` compares it with the file name)."""


def _name_node(analysis: Analysis, offset: int | None = None) -> YamlNode | None:
    node = analysis.doc.field_value("name")
    if node is None or node.kind != "str" or node.style in ("|", ">"):
        return None
    if offset is not None and not node.span.start <= offset <= node.span.end:
        return None
    return node


def _inner(node: YamlNode) -> Span:
    """The name's text without its quotes."""
    quoted = node.style in ("'", '"')
    return Span(node.span.start + quoted, node.span.end - quoted)


def refusal(state: ServerState, analysis: Analysis, edit: Edit, path: str) -> str | None:
    """Why the file's dialect refuses the name ``edit`` writes (the file then at ``path``), by
    linting the file as it would be; None when it accepts it."""
    from subagent_ls.analysis.fixes import apply_edits
    from subagent_ls.analysis.lint import lint

    renamed = AgentDocument(path, apply_edits(analysis.doc.text, [edit]))
    result = lint(renamed, analysis.choice.dialect, state.settings)
    for finding in result.findings:
        if finding.code in NAME_RULES and finding.severity is Severity.ERROR:
            return finding.message
    if analysis.result.verdict.loads and not result.verdict.loads:
        return result.verdict.reason or f"{analysis.choice.dialect.harness} would not load it"
    return None


def rename_edit(
    state: ServerState, analysis: Analysis, node: YamlNode, new_name: str
) -> types.WorkspaceEdit:
    edit = replace_scalar(node, new_name)
    if edit is None:
        raise RequestRefused("this name cannot be renamed in place")
    path = analysis.doc.path
    dialect = analysis.choice.dialect
    renames = dialect.name_must_match_stem and state.rename_files and analysis.path is not None
    if renames and "/" not in new_name:
        path = os.path.join(os.path.dirname(path), f"{new_name}.md")
    reason = refusal(state, analysis, edit, path)
    if reason is not None:
        raise RequestRefused(f"`{new_name}` cannot be the name: {reason}")
    target = state.uris.uri_of(Path(path)) if path != analysis.doc.path else None
    return workspace_edit(state, analysis, [edit], rename_to=target)


def will_rename(state: ServerState, rename: types.FileRename) -> tuple[str, list] | None:
    """The edit of the open document ``old_uri`` names (in any spelling), under its URI."""
    analysis = state.analysis_of(rename.old_uri)
    new_path = path_of(rename.new_uri)
    if analysis is None or new_path is None or not analysis.choice.dialect.name_must_match_stem:
        return None
    node = _name_node(analysis)
    old_stem = analysis.choice.dialect.stem(analysis.doc.path)
    new_stem = analysis.choice.dialect.stem(str(new_path))
    if node is None or node.value != old_stem or new_stem == old_stem:
        return None
    edit = replace_scalar(node, new_stem)
    if edit is None or refusal(state, analysis, edit, str(new_path)) is not None:
        return None
    return analysis.uri, [to_text_edit(analysis.doc, edit, state.encoding)]


def register(server: LanguageServer, state: ServerState) -> None:
    @server.feature(types.TEXT_DOCUMENT_PREPARE_RENAME)
    def prepare(ls: LanguageServer, params: types.PrepareRenameParams) -> types.Range | None:
        analysis = current(ls, state, params.text_document.uri)
        if analysis is None:
            return None
        node = _name_node(analysis, to_offset(analysis.doc, params.position, state.encoding))
        return to_range(analysis.doc, _inner(node), state.encoding) if node else None

    @server.feature(types.TEXT_DOCUMENT_RENAME, types.RenameOptions(prepare_provider=True))
    def rename(ls: LanguageServer, params: types.RenameParams) -> types.WorkspaceEdit | None:
        analysis = current(ls, state, params.text_document.uri)
        if analysis is None:
            return None
        node = _name_node(analysis, to_offset(analysis.doc, params.position, state.encoding))
        if node is None:
            return None
        return rename_edit(state, analysis, node, params.new_name.strip())

    @server.feature(
        types.WORKSPACE_WILL_RENAME_FILES,
        types.FileOperationRegistrationOptions(
            filters=[types.FileOperationFilter(pattern=types.FileOperationPattern(glob="**/*.md"))]
        ),
    )
    def will_rename_files(
        ls: LanguageServer, params: types.RenameFilesParams
    ) -> types.WorkspaceEdit | None:
        changes = dict(filter(None, (will_rename(state, rename) for rename in params.files)))
        return types.WorkspaceEdit(changes=changes) if changes else None
