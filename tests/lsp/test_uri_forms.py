"""Every LSP method the server offers, in a workspace whose path needs percent-encoding (a
space, a non-ASCII letter and ``+ # @ % '``), its URIs spelled as VS Code, Python's
``Path.as_uri()`` and Neovim spell them (``uri_spellings``): on this disk, and as a Windows
client's path with a drive letter (``file:///c%3A/...``, ``file:///C:/...``; not on this disk,
so only open documents exist there). What the user sees: diagnostics under the URI the client
opened the document with, whichever spelling later messages use, and every location, edit and
catalog entry under the client's own URI for the file. Documents of other schemes work too."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
import pytest_lsp
from lsp_helpers import (
    HOME,
    SERVER,
    SERVER_ENV,
    begin_session,
    codes,
    doc_id,
    edits_of,
    open_uri,
    wait_for_diagnostics,
)
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities
from test_catalog import as_dict, names, scanned, wait_for_catalog

from uri_spellings import SPELLINGS

FOLDER = ("Mes Projets", "été +#@%'")
WINDOWS_ROOT = "C:\\Users\\Zoë Doe\\" + "\\".join(FOLDER)
CLIENT_NAMES = {"vscode": "Visual Studio Code", "python": None, "neovim": "Neovim"}
OTHER_SPELLING = {"vscode": "neovim", "python": "neovim", "neovim": "vscode"}
DESC = "description: Reviews code and reports defects. Use when a change is ready."
TEXT = (
    f"---\nname: helper\n{DESC}\ncomplexity: judgement\ntools: [Read]\n---\n"
    "# Role\n\nBody.\n\n## Steps\n\nDo it.\n"
)
GOOD = TEXT.replace("judgement", "judgment")
TOOLS = TEXT.replace("tools: [Read]", "tools: Read, Grep")
"""With a safe fix (of ``tools``) for fix-all."""
STATUS_COMMAND = "subagent-ls.catalogEntry"


@dataclass(frozen=True)
class Place:
    """The workspace as the client knows it: its path there (POSIX, or Windows with a drive
    letter), the folder on this disk (None for the Windows one) and the client's spelling."""

    spelling: str
    root: str
    disk: Path | None

    def path(self, relative: str = "") -> str:
        sep = "/" if self.disk is not None else "\\"
        return self.root + (sep + relative.replace("/", sep) if relative else "")

    def uri(self, relative: str = "", spelling: str | None = None) -> str:
        return SPELLINGS[spelling or self.spelling](self.path(relative))

    def other_uri(self, relative: str) -> str:
        """The same file's URI as another client spells it."""
        other = self.uri(relative, OTHER_SPELLING[self.spelling])
        assert other != self.uri(relative)
        return other

    def spell(self, path: Path) -> str:
        return SPELLINGS[self.spelling](str(path))


PLACES = [(spelling, drive) for drive in (False, True) for spelling in SPELLINGS]


@pytest.fixture(params=PLACES, ids=[f"{s}{'-drive' if d else ''}" for s, d in PLACES])
def place(request, tmp_path: Path) -> Place:
    spelling, drive = request.param
    if drive:
        return Place(spelling, WINDOWS_ROOT, None)
    disk = tmp_path.joinpath(*FOLDER)
    for folder in (".agents/agents", ".claude/agents"):
        (disk / folder).mkdir(parents=True)
    return Place(spelling, str(disk), disk)


@pytest_lsp.fixture(config=ClientServerConfig(server_command=SERVER, server_env=SERVER_ENV))
async def session(lsp_client: LanguageClient, place: Place):
    name = CLIENT_NAMES[place.spelling]
    params = types.InitializeParams(
        capabilities=client_capabilities("visual-studio-code"),
        client_info=types.ClientInfo(name=name) if name else None,
        root_uri=place.uri(),
        workspace_folders=[types.WorkspaceFolder(uri=place.uri(), name=FOLDER[-1])],
    )
    await begin_session(lsp_client, params)
    yield lsp_client
    await lsp_client.shutdown_session()


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def agent(name: str) -> str:
    return f"---\nname: {name}\n{DESC}\n---\nBody\n"


def no_errors(client: LanguageClient) -> None:
    assert client.messages == []
    errors = [m.message for m in client.log_messages if m.type == types.MessageType.Error]
    assert errors == []


async def republished(client: LanguageClient, uri: str, send: Callable[[], None]) -> None:
    """Send something and wait for the next diagnostics of ``uri``."""
    client.diagnostics.pop(uri, None)
    send()
    await wait_for_diagnostics(client, uri)


def position(text: str, needle: str, delta: int = 0) -> types.Position:
    offset = text.index(needle) + delta
    line = text.count("\n", 0, offset)
    return types.Position(line, offset - (text.rfind("\n", 0, offset) + 1))


async def test_document_sync_and_diagnostics(session, place):
    """didOpen, didChange, didSave, pull diagnostics, settings and didClose: diagnostics are
    published under the URI of didOpen, later messages may spell it otherwise."""
    uri = await open_uri(session, place.uri(".agents/agents/helper.md"), TEXT)
    other = place.other_uri(".agents/agents/helper.md")
    assert codes(session, uri) == ["complexity-unknown"]
    assert session.diagnostic_versions[uri] == 1

    def changed(text: str, version: int, spelled: str) -> types.DidChangeTextDocumentParams:
        document = types.VersionedTextDocumentIdentifier(uri=spelled, version=version)
        whole = types.TextDocumentContentChangeWholeDocument(text=text)
        return types.DidChangeTextDocumentParams(text_document=document, content_changes=[whole])

    session.text_document_did_change(changed(GOOD, 2, uri))
    await wait_for_diagnostics(session, uri, 2)
    assert codes(session, uri) == []
    session.text_document_did_change(changed(TEXT, 3, other))
    await wait_for_diagnostics(session, uri, 3)
    assert codes(session, uri) == ["complexity-unknown"]
    saved = types.DidSaveTextDocumentParams(doc_id(other))
    await republished(session, uri, lambda: session.text_document_did_save(saved))
    assert codes(session, uri) == ["complexity-unknown"]

    for spelled in (uri, other):
        report = await session.text_document_diagnostic_async(
            types.DocumentDiagnosticParams(doc_id(spelled))
        )
        assert [str(d.code) for d in report.items] == ["complexity-unknown"]

    off = {"subagents": {"rules": {"complexity-unknown": "off"}}}
    pushed = types.DidChangeConfigurationParams(settings=off)
    await republished(session, uri, lambda: session.workspace_did_change_configuration(pushed))
    assert codes(session, uri) == []

    closed = types.DidCloseTextDocumentParams(doc_id(other))
    await republished(session, uri, lambda: session.text_document_did_close(closed))
    assert list(session.diagnostics[uri]) == []
    assert set(session.diagnostics) == {uri}, "diagnostics under another spelling"
    no_errors(session)


async def test_requests_on_a_document(session, place):
    """Hover, completion, symbols, folding, code actions and fix-all, prepareRename, rename,
    willRenameFiles, code lens and its command: every edit and argument names the document
    by its URI; a file to rename to by the client's URI for it."""
    if place.disk is not None:  # on disk too: in the catalog
        write(place.disk / ".agents/agents/helper.md", TOOLS)
        await scanned(session)
        event = types.FileEvent(place.uri(".agents/agents/helper.md"), types.FileChangeType.Created)
        session.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams([event]))
        await wait_for_catalog(session, lambda c: "helper" in names(c))
    uri = await open_uri(session, place.uri(".agents/agents/helper.md"), TOOLS)
    other = place.other_uri(".agents/agents/helper.md")
    for spelled in (uri, other):
        hover = await session.text_document_hover_async(
            types.HoverParams(doc_id(spelled), position(TOOLS, "complexity"))
        )
        assert "kind of work" in hover.contents.value
    completion = await session.text_document_completion_async(
        types.CompletionParams(doc_id(other), position(TOOLS, "judgement"))
    )
    assert "judgment" in {item.label for item in completion.items}
    symbols = await session.text_document_document_symbol_async(
        types.DocumentSymbolParams(doc_id(other))
    )
    assert [s.name for s in symbols][:4] == ["name", "description", "complexity", "tools"]
    folds = await session.text_document_folding_range_async(types.FoldingRangeParams(doc_id(other)))
    assert (0, 5) in {(f.start_line, f.end_line) for f in folds}

    diagnostic = next(d for d in session.diagnostics[uri] if str(d.code) == "complexity-unknown")
    actions = await session.text_document_code_action_async(
        types.CodeActionParams(
            doc_id(other), diagnostic.range, types.CodeActionContext([diagnostic])
        )
    )
    fix_all = await session.text_document_code_action_async(
        types.CodeActionParams(
            doc_id(other), diagnostic.range, types.CodeActionContext([], only=["source.fixAll"])
        )
    )
    quick_fixes = [a.title for a in actions if a.kind == types.CodeActionKind.QuickFix]
    assert quick_fixes == ["Change to `judgment`"] and len(fix_all) == 1
    for action in (*actions, *fix_all):
        if action.edit is None:  # the light bulb's fix-all, computed when picked
            assert action.kind == "source.fixAll.subagent-ls"
            action = await session.code_action_resolve_async(action)
        (edit,) = action.edit.document_changes
        assert edit.text_document.uri == uri and edits_of(action.edit, uri)

    for old in (uri, other):  # the name follows the file name
        moved = types.FileRename(old_uri=old, new_uri=place.uri(".agents/agents/critic.md"))
        edit = await session.workspace_will_rename_files_async(types.RenameFilesParams([moved]))
        assert list(edit.changes) == [uri]

    renamed = TOOLS.replace("name: helper", "name: reviewer")
    session.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=2),
            content_changes=[types.TextDocumentContentChangeWholeDocument(text=renamed)],
        )
    )
    await wait_for_diagnostics(session, uri, 2)
    mismatch = next(d for d in session.diagnostics[uri] if str(d.code) == "name-mismatch")
    actions = await session.text_document_code_action_async(
        types.CodeActionParams(doc_id(other), mismatch.range, types.CodeActionContext([mismatch]))
    )
    files = [
        change
        for action in actions
        for change in (action.edit.document_changes if action.edit else [])
        if isinstance(change, types.RenameFile)
    ]
    assert [(f.old_uri, f.new_uri) for f in files] == [
        (uri, place.uri(".agents/agents/reviewer.md"))
    ]

    where = position(renamed, "reviewer", 2)
    prepared = await session.text_document_prepare_rename_async(
        types.PrepareRenameParams(doc_id(other), where)
    )
    assert prepared == types.Range(types.Position(1, 6), types.Position(1, 14))
    edit = await session.text_document_rename_async(
        types.RenameParams(doc_id(other), where, "auditor")
    )
    text_edit, file_rename = edit.document_changes
    assert text_edit.text_document.uri == uri
    assert (file_rename.old_uri, file_rename.new_uri) == (
        uri,
        place.uri(".agents/agents/auditor.md"),
    )

    lenses = await session.text_document_code_lens_async(types.CodeLensParams(doc_id(other)))
    assert lenses and all(list(lens.command.arguments) == [uri] for lens in lenses)
    entry = await session.workspace_execute_command_async(
        types.ExecuteCommandParams(STATUS_COMMAND, [uri])
    )
    if place.disk is not None:
        assert as_dict(entry)["uri"] == uri
    no_errors(session)


@pytest.mark.parametrize("place", [p for p in PLACES if not p[1]], indirect=True, ids=SPELLINGS)
async def test_catalog_answers_in_the_client_uris(session, place):
    """Cross-file diagnostics, definition, references, workspace symbols and the
    ``subagents/catalog`` request: a file the client opened by its URI, one in the workspace
    below the workspace folder's URI, a user-level file (outside any folder the client named)
    in the client's spelling; ``didChangeWatchedFiles`` and ``subagents/catalogChanged``."""
    disk = place.disk
    assert disk is not None  # the catalog reads the disk: a Windows client's path is not on it
    project = write(disk / ".agents/agents/twin.md", agent("twin"))
    write(disk / ".claude/agents/twin.md", agent("twin"))
    user_name = f"note-{place.spelling} été+#@%'"  # the file name is the name at user level
    user = write(HOME / ".agents/agents" / f"{user_name}.md", agent(user_name))
    try:
        await scanned(session)
        created = [
            types.FileEvent(place.uri(f"{folder}/agents/twin.md"), types.FileChangeType.Created)
            for folder in (".agents", ".claude")
        ]
        session.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams(created))
        await wait_for_catalog(
            session, lambda c: len(names(c).get("twin", [])) == 2 and user_name in names(c), 15
        )
        uri = await open_uri(session, place.uri(".agents/agents/twin.md"), project.read_text())
        other = place.other_uri(".agents/agents/twin.md")
        expected = {uri, place.uri(".claude/agents/twin.md")}
        for _ in range(50):
            if "duplicate-name" in codes(session, uri):
                break
            await session.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        (duplicate,) = [d for d in session.diagnostics[uri] if str(d.code) == "duplicate-name"]
        assert duplicate.related_information[0].location.uri == place.uri(".claude/agents/twin.md")

        where = types.Position(1, 7)
        definition = await session.text_document_definition_async(
            types.DefinitionParams(doc_id(other), where)
        )
        references = await session.text_document_references_async(
            types.ReferenceParams(
                context=types.ReferenceContext(include_declaration=True),
                text_document=doc_id(other),
                position=where,
            )
        )
        assert {loc.uri for loc in definition} == {loc.uri for loc in references} == expected
        symbols = await session.workspace_symbol_async(types.WorkspaceSymbolParams(query=""))
        located = {s.name: s.location.uri for s in symbols if s.name != "twin"}
        assert located[user_name] == place.spell(user)
        assert {s.location.uri for s in symbols if s.name == "twin"} == expected

        catalog = as_dict(await session.protocol.send_request_async("subagents/catalog", {}))
        assert {e["uri"] for e in names(catalog)["twin"]} == expected
        (user_entry,) = names(catalog)[user_name]
        assert user_entry["uri"] == place.spell(user)
        refs = [e["shadowedBy"] or e["shadows"][0] for e in names(catalog)["twin"]]
        assert {ref["uri"] for ref in refs} == expected

        seen = len(session.catalog_changes)
        fresh = write(disk / ".claude/agents/fresh.md", agent("fresh"))
        event = types.FileEvent(place.uri(".claude/agents/fresh.md"), types.FileChangeType.Created)
        session.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams([event]))
        found = await wait_for_catalog(session, lambda c: "fresh" in names(c))
        assert names(found)["fresh"][0]["uri"] == place.uri(".claude/agents/fresh.md")
        assert len(session.catalog_changes) > seen
        fresh.unlink()
        event = types.FileEvent(
            place.other_uri(".claude/agents/fresh.md"), types.FileChangeType.Deleted
        )
        session.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams([event]))
        await wait_for_catalog(session, lambda c: "fresh" not in names(c))
    finally:
        user.unlink()
    no_errors(session)


async def test_workspace_folders_follow_the_client(session, place, tmp_path):
    """``didChangeWorkspaceFolders``: an added folder is a project root (its files join the
    catalog, a rename there names the file by the folder's URI) until it is removed."""
    if place.disk is not None:
        added, sep = str(tmp_path / "Autre dossier" / "ça+va @#%'"), "/"
        write(Path(added, ".agents/agents/guest.md"), agent("guest"))
        write(Path(added, ".agents/agents/host.md"), agent("host"))
        await scanned(session)
    else:
        added, sep = "D:\\Autre dossier\\ça+va @#%'", "\\"
    spell = SPELLINGS[place.spelling]

    def uri_in_added(name: str) -> str:
        return spell(sep.join((added, ".agents", "agents", name)))

    folder = types.WorkspaceFolder(uri=spell(added), name="ça+va")
    session.workspace_did_change_workspace_folders(
        types.DidChangeWorkspaceFoldersParams(types.WorkspaceFoldersChangeEvent([folder], []))
    )
    uri = await open_uri(session, uri_in_added("guest.md"), agent("guest"))
    edit = await session.text_document_rename_async(
        types.RenameParams(doc_id(uri), types.Position(1, 7), "visitor")
    )
    file_rename = edit.document_changes[-1]
    assert (file_rename.old_uri, file_rename.new_uri) == (uri, uri_in_added("visitor.md"))
    if place.disk is not None:
        found = await wait_for_catalog(session, lambda c: "host" in names(c))
        assert names(found)["host"][0]["uri"] == uri_in_added("host.md")
        assert names(found)["guest"][0]["uri"] == uri
    session.workspace_did_change_workspace_folders(
        types.DidChangeWorkspaceFoldersParams(types.WorkspaceFoldersChangeEvent([], [folder]))
    )
    if place.disk is not None:
        await wait_for_catalog(session, lambda c: "host" not in names(c))
    no_errors(session)


@pytest.mark.parametrize(
    "uri", ["untitled:Untitled-1", "vscode-notebook-cell:/tmp/a%20b.ipynb#W0sZmlsZQ%3D%3D"]
)
async def test_documents_of_other_schemes(client, uri):
    """Not a file: linted by its text (with no tool list, nothing in it names a harness, so in
    the base format), every request answered, nothing renames a file."""
    await open_uri(client, uri, TEXT.replace("tools: [Read]\n", ""))
    assert "complexity-unknown" in codes(client, uri)
    ident = doc_id(uri)
    where = position(TEXT, "helper", 2)
    await client.text_document_hover_async(types.HoverParams(ident, where))
    await client.text_document_completion_async(types.CompletionParams(ident, where))
    await client.text_document_document_symbol_async(types.DocumentSymbolParams(ident))
    await client.text_document_folding_range_async(types.FoldingRangeParams(ident))
    await client.text_document_diagnostic_async(types.DocumentDiagnosticParams(ident))
    diagnostic = next(d for d in client.diagnostics[uri] if str(d.code) == "complexity-unknown")
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(ident, diagnostic.range, types.CodeActionContext([diagnostic]))
    )
    assert actions
    await client.text_document_prepare_rename_async(types.PrepareRenameParams(ident, where))
    edit = await client.text_document_rename_async(types.RenameParams(ident, where, "auditor"))
    changes = edit.document_changes or []
    assert not [c for c in changes if isinstance(c, types.RenameFile)]
    moved = types.FileRename(old_uri=uri, new_uri="untitled:Untitled-2")
    assert await client.workspace_will_rename_files_async(types.RenameFilesParams([moved])) is None
    lenses = await client.text_document_code_lens_async(types.CodeLensParams(ident))
    assert all(list(lens.command.arguments) == [uri] for lens in lenses)
    entry = await client.workspace_execute_command_async(
        types.ExecuteCommandParams(STATUS_COMMAND, [uri])
    )
    assert entry is None
    await client.text_document_definition_async(types.DefinitionParams(ident, where))
    event = types.FileEvent(uri, types.FileChangeType.Changed)
    client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams([event]))
    client.text_document_did_close(types.DidCloseTextDocumentParams(ident))
    # a request answered after the close: the server handles messages in order, so whatever
    # the close published came before this answer
    await client.workspace_symbol_async(types.WorkspaceSymbolParams(query=""))
    assert list(client.diagnostics[uri]) == []
    no_errors(client)
