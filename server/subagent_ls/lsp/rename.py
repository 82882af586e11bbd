"""Rename on the ``name`` value: edits the value (keeping its quoting) and, where the file name
is the agent's identity, renames the file too; and the reverse: when the client renames an
agent file, ``workspace/willRenameFiles`` sets ``name`` to the new file name.

A name the file's dialect refuses is not applied: one its name rules (``rules.identity``:
empty, too long, characters outside its charset, misplaced hyphens) report at any severity,
even where they are only a hint (rename writes the name: it writes none the dialect's own
rules flag; a rule the settings turn off flags nothing), or one with which its harness would
no longer load the file. Rename answers such a name with an error saying why; a file renamed
to such a name keeps its ``name``.

Nor is a rename made where the ``name`` value cannot be read or written: in a frontmatter
that is not valid YAML or not closed, or on a ``name`` that is not a one-line string. There
``textDocument/prepareRename`` and ``textDocument/rename`` answer with an error saying why
(``RequestRefused``: a ``RequestFailed`` response whose message the client shows), not with
nothing."""

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
from subagent_ls.lsp.documents import current_agent
from subagent_ls.lsp.edits import workspace_edit
from subagent_ls.lsp.protocol import RequestRefused
from subagent_ls.lsp.state import Analysis, ServerState
from subagent_ls.lsp.uris import path_of

NAME_RULES = ("name-length", "name-charset", "name-hyphen")
"""The rules on a name by itself (``name-mismatch`` compares it with the file name); rename
refuses a name any of them reports, at any severity."""


def _name_node(analysis: Analysis) -> YamlNode | None:
    node = analysis.doc.field_value("name")
    if node is None or node.kind != "str" or node.style in ("|", ">"):
        return None
    return node


def _renamed_at(analysis: Analysis, offset: int) -> YamlNode | None:
    """The ``name`` value at ``offset``, for ``prepareRename`` and ``rename``; None where there
    is nothing to rename. Raises ``RequestRefused`` where the cursor is in a frontmatter whose
    ``name`` cannot be read (invalid YAML, no closing fence), or on a ``name`` that is not a
    one-line string."""
    doc = analysis.doc
    layout = doc.layout
    if layout.opening is not None:
        if layout.closing is None:
            raise RequestRefused(
                "Cannot rename: the frontmatter has no closing `---`, so `name` cannot be read."
            )
        error = doc.yaml.error
        if error is not None and offset <= layout.closing.end:
            line = doc.lines.line_of(error.offset) + 1
            raise RequestRefused(
                f"Cannot rename: the frontmatter is not valid YAML (line {line}: "
                f"{error.problem}); fix it first."
            )
    node = doc.field_value("name")
    if node is None or not node.span.start <= offset <= node.span.end:
        return None
    if node.kind != "str":
        raise RequestRefused(f"Cannot rename: `name` is not a string (it reads as {node.kind}).")
    if node.style in ("|", ">"):
        raise RequestRefused(
            f"Cannot rename: `name` is a block scalar (`{node.style}`); write it on one line."
        )
    return node


def _inner(node: YamlNode) -> Span:
    """The name's text without its quotes."""
    quoted = node.style in ("'", '"')
    return Span(node.span.start + quoted, node.span.end - quoted)


def refusal(state: ServerState, analysis: Analysis, edit: Edit, path: str) -> str | None:
    """Why the file's dialect refuses the name ``edit`` writes (the file then at ``path``), by
    linting the file as it would be (``rules.identity`` judges the name, in the dialect's own
    charset and severities): a name rule's error, else its harness no longer loading the file,
    else a name rule's lesser finding (a hint where the harness takes the name but its
    document's rule does not); None when it accepts it."""
    from subagent_ls.analysis.fixes import apply_edits
    from subagent_ls.analysis.lint import lint

    renamed = AgentDocument(path, apply_edits(analysis.doc.text, [edit]))
    result = lint(renamed, analysis.choice.dialect, state.settings)
    flagged = sorted(
        (finding for finding in result.findings if finding.code in NAME_RULES),
        key=lambda finding: finding.severity,
    )
    if flagged and flagged[0].severity is Severity.ERROR:
        return flagged[0].message
    if analysis.result.verdict.loads and not result.verdict.loads:
        return result.verdict.reason or f"{analysis.choice.dialect.harness} would not load it"
    return flagged[0].message if flagged else None


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
        analysis = current_agent(ls, state, params.text_document.uri)
        if analysis is None:
            return None
        node = _renamed_at(analysis, to_offset(analysis.doc, params.position, state.encoding))
        return to_range(analysis.doc, _inner(node), state.encoding) if node else None

    @server.feature(types.TEXT_DOCUMENT_RENAME, types.RenameOptions(prepare_provider=True))
    def rename(ls: LanguageServer, params: types.RenameParams) -> types.WorkspaceEdit | None:
        analysis = current_agent(ls, state, params.text_document.uri)
        if analysis is None:
            return None
        node = _renamed_at(analysis, to_offset(analysis.doc, params.position, state.encoding))
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
