"""The code action "Port to <harness>…": the file as ``subagent-ls port`` writes it, created in
the target's agent folder of the workspace by a workspace edit, where the client can create
files; a port the target would not load is disabled with the reason, where the client shows
disabled actions."""

from __future__ import annotations

from lsp_helpers import doc_id, open_document
from lsprotocol import types

TEXT = (
    "---\nname: code-reviewer\ndescription: Reviews code for quality. Use after edits.\n"
    "tools: Read, Grep\n---\nReview the change.\n"
)
START = types.Range(types.Position(0, 0), types.Position(0, 0))


async def port_actions(client, uri: str) -> list[types.CodeAction]:
    context = types.CodeActionContext(diagnostics=[], only=["refactor.port"])
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(doc_id(uri), START, context)
    )
    return [a for a in actions or [] if a.title.startswith("Port to ")]


def creates_files(client) -> bool:
    edit = client.capabilities.workspace.workspace_edit
    return bool(edit and types.ResourceOperationKind.Create in (edit.resource_operations or []))


async def test_port_to_opencode_creates_the_ported_file(client, workspace):
    uri = await open_document(client, workspace / ".claude/agents/code-reviewer.md", TEXT)
    actions = await port_actions(client, uri)
    if not creates_files(client):  # the client cannot apply it: nothing is offered
        assert actions == []
        return
    titles = [a.title for a in actions]
    assert titles == ["Port to Gemini CLI…", "Port to GitHub Copilot CLI…", "Port to OpenCode…"]
    (action,) = [a for a in actions if a.title == "Port to OpenCode…"]
    create, written = action.edit.document_changes
    target = (workspace / ".opencode/agent/code-reviewer.md").as_uri()
    assert isinstance(create, types.CreateFile) and create.uri == target
    assert written.text_document.uri == target
    (insert,) = written.edits
    assert insert.new_text == (
        "---\ndescription: Reviews code for quality. Use after edits.\nmode: subagent\n"
        'tools:\n  "*": false\n  read: true\n  grep: true\n---\nReview the change.\n'
    )


async def test_a_port_the_target_would_not_load_is_disabled_with_the_reason(client, workspace):
    reserved = TEXT.replace("code-reviewer", "general-purpose")
    uri = await open_document(client, workspace / ".claude/agents/general-purpose.md", reserved)
    actions = await port_actions(client, uri)
    copilot = [a for a in actions if a.title == "Port to GitHub Copilot CLI…"]
    if (
        not creates_files(client)
        or not client.capabilities.text_document.code_action.disabled_support
    ):
        assert copilot == []
        return
    (action,) = copilot
    assert action.edit is None
    assert "the name is reserved" in action.disabled.reason
