"""The action "Port to <harness>…" for a client whose file creation does not make a missing
folder (Neovim before 0.8, told by its ``clientInfo``): where the target's agent folder is
missing, the action is the command ``subagent-ls.port``, which makes the folder and sends the
ported file as a ``workspace/applyEdit``; and a client that quits (``shutdown``) before it
answers that edit ends the session cleanly: the shutdown answered, the command answered as
cancelled, no traceback."""

from __future__ import annotations

from pathlib import Path

from raw_client import RawClient, notification, request

TEXT = (
    "---\nname: reviewer\ndescription: Reviews code for quality. Use after edits.\n"
    "tools: Read, Grep\n---\nReview the change.\n"
)
PORTED = (
    "---\ndescription: Reviews code for quality. Use after edits.\nmode: subagent\n"
    'tools:\n  "*": false\n  read: true\n  grep: true\n---\nReview the change.\n'
)


def _initialize(workspace: Path, version: str) -> dict:
    capabilities = {"workspace": {"workspaceEdit": {"resourceOperations": ["create"]}}}
    return request(
        1,
        "initialize",
        {
            "capabilities": capabilities,
            "clientInfo": {"name": "Neovim", "version": version},
            "rootUri": workspace.as_uri(),
        },
    )


def _opencode_action(client: RawClient, uri: str) -> dict:
    start = {"line": 0, "character": 0}
    context = {"diagnostics": [], "only": ["refactor.port"]}
    params = {"textDocument": {"uri": uri}, "range": {"start": start, "end": start}}
    client.send(request(2, "textDocument/codeAction", {**params, "context": context}))
    actions = client.answer_to(2)["result"]
    (action,) = [a for a in actions if a["title"] == "Port to OpenCode…"]
    return action


def _session(workspace: Path, version: str) -> tuple[RawClient, str]:
    source = workspace / ".claude/agents/reviewer.md"
    source.write_text(TEXT, encoding="utf-8")
    client = RawClient(workspace)
    client.send(_initialize(workspace, version), notification("initialized", {}))
    client.answer_to(1)
    document = {"uri": source.as_uri(), "languageId": "markdown", "version": 1, "text": TEXT}
    client.send(notification("textDocument/didOpen", {"textDocument": document}))
    return client, source.as_uri()


def test_neovim_0_7_gets_a_command_that_makes_the_folder(workspace: Path):
    client, uri = _session(workspace, "0.7.2")
    target = workspace / ".opencode/agent/reviewer.md"
    try:
        action = _opencode_action(client, uri)
        assert "edit" not in action
        command = action["command"]
        assert command["command"] == "subagent-ls.port"
        client.send(request(3, "workspace/executeCommand", command))
        applied = client.wait_for(lambda m: m.get("method") == "workspace/applyEdit")
        assert target.parent.is_dir() and not target.exists()
        create, written = applied["params"]["edit"]["documentChanges"]
        assert create == {"kind": "create", "uri": target.as_uri(), "options": {"overwrite": True}}
        assert written["textDocument"]["uri"] == target.as_uri()
        (edit,) = written["edits"]
        assert edit["newText"] == PORTED
        # the user quits before the edit is answered
        client.send(request(4, "shutdown"))
        answer = client.answer_to(4)
        assert "error" not in answer and answer["result"] is None, answer
        assert "error" in client.answer_to(3)
        client.send(notification("exit"))
        assert client.exit_code(timeout=10) == 0
        assert b"Traceback" not in client.stderr, client.stderr.decode()
    finally:
        client.kill()


def test_neovim_0_8_gets_the_edit(workspace: Path):
    """From 0.8 Neovim makes the folder of a file it creates: the action is the edit."""
    client, uri = _session(workspace, "0.8.0")
    try:
        action = _opencode_action(client, uri)
        assert "command" not in action
        create, written = action["edit"]["documentChanges"]
        target = (workspace / ".opencode/agent/reviewer.md").as_uri()
        assert create["kind"] == "create" and create["uri"] == target
        assert written["edits"][0]["newText"] == PORTED
        assert not (workspace / ".opencode").exists()
    finally:
        client.kill()


def test_a_folder_that_cannot_be_made_is_said(workspace: Path):
    """A file where the agent folder's parent should be: the command is refused with the
    reason, and no edit is sent."""
    (workspace / ".opencode").write_text("not a folder\n", encoding="utf-8")
    client, uri = _session(workspace, "0.7.2")
    try:
        command = _opencode_action(client, uri)["command"]
        client.send(request(3, "workspace/executeCommand", command))
        error = client.answer_to(3)["error"]
        assert error["message"].startswith(f"cannot make {workspace / '.opencode/agent'}: "), error
        assert not [m for m in client.received if m.get("method") == "workspace/applyEdit"]
        assert b"Traceback" not in client.stderr, client.stderr.decode()
    finally:
        client.kill()
