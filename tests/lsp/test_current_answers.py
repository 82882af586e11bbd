"""The server's answers follow the workspace around the open documents, over stdio: a burst of
workspace-folder changes is taken in once (the open documents are published once with the last
folders, and a hover sent behind the burst is answered with them), and the harness guessed for
a file from the agent files beside it follows those files when they change on disk."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from lsp_helpers import codes, doc_id, open_document, uri_of, wait_for_codes
from lsprotocol import types
from pytest_lsp import LanguageClient

DOCUMENTATION = (
    "---\nname: agent-{n}\ndescription: Reviews area {n}. Use when a change touches it.\n"
    "complexity: judgement\ntools: [Read, Grep]\n---\nReview the change.\n"
)
"""Documentation in ``docs/`` below a workspace folder; an agent file (with a finding) once
``docs/`` is a workspace folder of its own."""
BURST = 200
PLAIN = "---\nname: {name}\ndescription: Reviews code. Use when a change is ready.\n---\nBody\n"
GUESSED = PLAIN.replace("---\nBody", "temperature: 0.2\n---\nBody")
"""No mark of a harness; ``temperature`` is unknown to Claude Code, known to OpenCode."""
CLAUDE = PLAIN.replace("---\nBody", "tools: Read, Grep\n---\nBody")
OPENCODE = PLAIN.replace("---\nBody", "mode: subagent\n---\nBody")


def count_publishes(client: LanguageClient) -> Counter[str]:
    """From now on, how many diagnostic sets each URI gets (besides what the helpers record)."""
    counted: Counter[str] = Counter()
    features = client.protocol.fm.features
    recorded = features[types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS]

    def counting(params: types.PublishDiagnosticsParams) -> None:
        counted[params.uri] += 1
        recorded(params)

    features[types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS] = counting
    return counted


async def hover_text(client: LanguageClient, uri: str) -> str | None:
    hover = await client.text_document_hover_async(
        types.HoverParams(doc_id(uri), types.Position(0, 1))
    )
    return hover.contents.value if hover else None


async def test_a_burst_of_folder_changes_is_taken_in_once(client, workspace: Path):
    docs = workspace / "docs"
    uris = [
        await open_document(client, docs / f"agent-{n}.md", DOCUMENTATION.format(n=n))
        for n in range(5)
    ]
    assert not any(client.diagnostics[uri] for uri in uris)  # a docs page below the folder
    assert await hover_text(client, uris[0]) is None
    published = count_publishes(client)
    folders = [workspace / "extra" / f"folder-{n}" for n in range(BURST - 1)] + [docs]
    for folder in folders:
        folder.mkdir(parents=True, exist_ok=True)
        added = types.WorkspaceFolder(uri=uri_of(folder), name=folder.name)
        client.workspace_did_change_workspace_folders(
            types.DidChangeWorkspaceFoldersParams(types.WorkspaceFoldersChangeEvent([added], []))
        )
    said = await hover_text(client, uris[0])
    assert said is not None and "Why this dialect: judged as Claude Code" in said
    for uri in uris:
        await wait_for_codes(client, uri, ["field-unknown"])
    await client.text_document_hover_async(  # every publish sent so far has arrived
        types.HoverParams(doc_id(uris[0]), types.Position(0, 1))
    )
    assert all(1 <= published[uri] <= 3 for uri in uris), published


async def test_the_guess_from_the_files_beside_follows_them_on_disk(client, workspace: Path):
    collection = workspace / "agents"
    collection.mkdir()
    siblings = [collection / f"sibling-{n}.md" for n in range(4)]
    for sibling in siblings:
        sibling.write_text(CLAUDE.format(name=sibling.stem))
    guessed = collection / "guessed.md"
    guessed.write_text(GUESSED.format(name="guessed"))
    uri = await open_document(client, guessed, guessed.read_text())
    assert codes(client, uri) == ["field-unknown"]  # read as Claude Code
    said = await hover_text(client, uri)
    assert "agent files beside it are written for Claude Code" in said
    for sibling in siblings:
        sibling.write_text(OPENCODE.format(name=sibling.stem))
    events = [types.FileEvent(uri_of(s), types.FileChangeType.Changed) for s in siblings]
    client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(events))
    await wait_for_codes(client, uri, [])
    said = await hover_text(client, uri)
    assert "**Dialect: opencode**" in said
    assert "4 of the 4 agent files beside it are written for OpenCode" in said
