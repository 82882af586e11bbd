"""Code actions: the engine's fix for each diagnostic as a quick-fix, "rename the file to match
`name`" where the client can rename files, ``source.fixAll.subagent-ls``, and "Port to
<harness>…" (``port_actions``).

Fixing everything re-lints the document once per pass, which on a large file takes seconds:
it is computed when the request asks for it by kind (``only``), and for a light bulb (no
``only``) only when the client picks the action (``codeAction/resolve``); a client that cannot
resolve is offered it by kind alone."""

from __future__ import annotations

import os
from pathlib import Path

from lsprotocol import types
from pygls.lsp.server import LanguageServer

from subagent_ls.core.findings import Finding
from subagent_ls.lsp.convert import to_range
from subagent_ls.lsp.documents import current_agent
from subagent_ls.lsp.edits import minimal_edit, workspace_edit
from subagent_ls.lsp.port_actions import PORT_COMMAND, PORT_KIND, port_actions, port_command
from subagent_ls.lsp.state import Analysis, ServerState

FIX_ALL = "source.fixAll.subagent-ls"


def _finding_for(
    state: ServerState, analysis: Analysis, diagnostic: types.Diagnostic
) -> Finding | None:
    """The finding a diagnostic of the request stands for: the one of its rule at its range,
    else the one of its rule (and fix) on its lines. Clients do not always send the range back
    as they got it: Neovim 0.7 recounts the columns of a line with non-ASCII text in bytes."""
    data = diagnostic.data if isinstance(diagnostic.data, dict) else {}
    code = data.get("rule") or diagnostic.code
    fix = data.get("fix")
    wanted = diagnostic.range
    near: list[Finding] = []
    for finding in analysis.result.findings:
        if finding.code != code:
            continue
        found = to_range(analysis.doc, finding.span, state.encoding)
        if found == wanted:
            return finding
        same_lines = (found.start.line, found.end.line) == (wanted.start.line, wanted.end.line)
        if same_lines and (fix is None or (finding.fix and finding.fix.title == fix)):
            near.append(finding)
    return near[0] if len(near) == 1 else None


def rename_file_action(
    state: ServerState, analysis: Analysis, diagnostic: types.Diagnostic
) -> types.CodeAction | None:
    """ "Rename the file to `<name>.md`", where the dialect's name rules accept the name (the
    file name would be the subagent's name); else the finding's own fix, which sets `name` to
    the file name where that one is valid, is the only way offered."""
    from subagent_ls.rules.identity import name_problem

    name = analysis.doc.field_value("name")
    if not state.rename_files or analysis.path is None:
        return None
    if name is None or name.kind != "str" or not name.value:
        return None
    if name_problem(analysis.choice.dialect, str(name.value)):
        return None
    new_name = f"{name.value}.md"
    if "/" in str(name.value) or os.sep in str(name.value):
        return None
    target = os.path.join(os.path.dirname(analysis.doc.path), new_name)
    return types.CodeAction(
        title=f"Rename the file to `{new_name}`",
        kind=types.CodeActionKind.QuickFix,
        diagnostics=[diagnostic],
        edit=workspace_edit(state, analysis, [], rename_to=state.uris.uri_of(Path(target))),
    )


def guard_problem(state: ServerState, analysis: Analysis, finding: Finding) -> str | None:
    """Why the fix fails the guards ``check --fix`` applies (see analysis.fixes), None when it
    passes them: for one thing, a fix must not make any target harness do less."""
    from subagent_ls.analysis.fixes import try_fixes

    choice = analysis.choice
    outcome = try_fixes(analysis.doc, analysis.result, [finding], lambda d: state.lint(d, choice))
    return outcome if isinstance(outcome, str) else None


def quick_fixes(
    state: ServerState, analysis: Analysis, diagnostics: list[types.Diagnostic]
) -> list:
    """Each diagnostic's fix, and the other ways its finding names, safe or not (the user
    picks one), where it passes the guards; a safe fix is the preferred action. A fix that
    fails them is shown disabled, with the reason, where the client shows disabled actions."""
    from subagent_ls.rules.registry import NAME_MISMATCH

    actions = []
    for diagnostic in diagnostics:
        finding = _finding_for(state, analysis, diagnostic)
        if finding is None:
            continue
        if finding.fix is not None:
            for fix in (finding.fix, *finding.fix.alternatives):
                one = finding if fix is finding.fix else finding.replace(fix=fix)
                if action := _fix_action(state, analysis, one, diagnostic):
                    actions.append(action)
        if finding.code == NAME_MISMATCH and (
            action := rename_file_action(state, analysis, diagnostic)
        ):
            actions.append(action)
    return actions


def _fix_action(
    state: ServerState, analysis: Analysis, finding: Finding, diagnostic: types.Diagnostic
) -> types.CodeAction | None:
    """The quick-fix of the finding's fix, disabled (where the client shows that) when it
    fails the guards."""
    fix = finding.fix
    assert fix is not None
    problem = guard_problem(state, analysis, finding)
    if problem is None:
        return types.CodeAction(
            title=fix.title,
            kind=types.CodeActionKind.QuickFix,
            diagnostics=[diagnostic],
            edit=workspace_edit(state, analysis, list(fix.edits)),
            is_preferred=fix.safe,
        )
    if not state.disabled_actions:
        return None
    return types.CodeAction(
        title=fix.title,
        kind=types.CodeActionKind.QuickFix,
        diagnostics=[diagnostic],
        disabled=types.CodeActionDisabled(reason=f"Not applied: {problem}."),
    )


def fix_all(state: ServerState, analysis: Analysis) -> types.CodeAction | None:
    """Every safe fix, as ``check --fix`` applies them."""
    from subagent_ls.analysis.fixes import fix_document

    choice = analysis.choice
    outcome = fix_document(analysis.doc, lambda d: state.lint(d, choice))
    if not outcome.applied:
        return None
    edit = minimal_edit(analysis.doc, outcome.doc.text)
    return types.CodeAction(
        title=f"Fix all subagent-ls problems ({len(outcome.applied)})",
        kind=FIX_ALL,
        edit=workspace_edit(state, analysis, [edit]),
    )


def lazy_fix_all(analysis: Analysis) -> types.CodeAction | None:
    """The fix-all action without its edit (resolved when picked), where a safe fix is on
    offer."""
    if not any(f.fix is not None and f.fix.safe for f in analysis.result.findings):
        return None
    return types.CodeAction(
        title="Fix all subagent-ls problems",
        kind=FIX_ALL,
        data={"uri": analysis.uri},
    )


def _wants(only: list[str] | None, kind: str) -> bool:
    return only is None or any(kind == k or kind.startswith(f"{k}.") for k in only)


def register(server: LanguageServer, state: ServerState) -> None:
    @server.feature(
        types.TEXT_DOCUMENT_CODE_ACTION,
        types.CodeActionOptions(
            code_action_kinds=[types.CodeActionKind.QuickFix, FIX_ALL, PORT_KIND],
            resolve_provider=True,
        ),
    )
    def code_actions(ls: LanguageServer, params: types.CodeActionParams) -> list | None:
        analysis = current_agent(ls, state, params.text_document.uri)
        if analysis is None:
            return None
        only = list(params.context.only) if params.context.only else None
        actions = []
        if _wants(only, types.CodeActionKind.QuickFix):
            actions += quick_fixes(state, analysis, list(params.context.diagnostics))
        if only is None:
            if state.resolve_edits and (action := lazy_fix_all(analysis)):
                actions.append(action)
        elif _wants(only, FIX_ALL) and (action := fix_all(state, analysis)):
            actions.append(action)
        if _wants(only, PORT_KIND):
            actions += port_actions(state, analysis)
        return actions

    @server.command(PORT_COMMAND)
    async def port(ls: LanguageServer, *arguments: object) -> None:
        """pygls passes the command's arguments one by one: the source's URI, the harness."""
        if len(arguments) == 2:
            await port_command(ls, state, *arguments)

    @server.feature(types.CODE_ACTION_RESOLVE)
    def resolve(ls: LanguageServer, action: types.CodeAction) -> types.CodeAction:
        data = action.data if isinstance(action.data, dict) else {}
        uri = data.get("uri")
        if action.kind != FIX_ALL or not isinstance(uri, str):
            return action
        analysis = current_agent(ls, state, uri)
        resolved = fix_all(state, analysis) if analysis is not None else None
        if resolved is not None:
            action.edit = resolved.edit
        return action
