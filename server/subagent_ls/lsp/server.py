"""The server factory: a fresh pygls server with every feature registered (nothing is created
at import time, so tests and embedders get independent servers). The workspace folders are the
project roots; a change of them is taken in like a change of the settings (a burst of them
once, ``bursts``)."""

from __future__ import annotations

import gc
import re
from pathlib import Path

from lsprotocol import types
from pygls.exceptions import JsonRpcInternalError
from pygls.lsp.server import LanguageServer

from subagent_ls import __version__
from subagent_ls.lsp import (
    actions,
    catalog_features,
    completion,
    configuration,
    documents,
    hover,
    rename,
    structure,
)
from subagent_ls.lsp.configuration import reconsider
from subagent_ls.lsp.convert import encoding_of
from subagent_ls.lsp.protocol import AnsweringProtocol
from subagent_ls.lsp.state import ServerState


def _client_abilities(ls: LanguageServer, state: ServerState) -> None:
    capabilities = ls.client_capabilities
    state.encoding = encoding_of(ls.workspace.position_encoding)
    edit = capabilities.workspace and capabilities.workspace.workspace_edit
    operations = (edit and edit.resource_operations) or []
    state.rename_files = types.ResourceOperationKind.Rename in operations
    state.create_files = types.ResourceOperationKind.Create in operations
    # resource operations only exist inside documentChanges: a client offering them reads those
    state.document_changes = bool(edit and (edit.document_changes or operations))
    completion_caps = capabilities.text_document and capabilities.text_document.completion
    item = completion_caps and completion_caps.completion_item
    state.snippets = bool(item and item.snippet_support)
    code_action = capabilities.text_document and capabilities.text_document.code_action
    state.disabled_actions = bool(code_action and code_action.disabled_support)
    resolvable = code_action and code_action.resolve_support
    state.resolve_edits = bool(resolvable and "edit" in resolvable.properties)
    window = capabilities.window
    state.work_done_progress = bool(window and window.work_done_progress)
    watched = capabilities.workspace and capabilities.workspace.did_change_watched_files
    state.watch_files = bool(watched and watched.dynamic_registration)


def _creates_folders(info: types.ClientInfo | None) -> bool:
    """Whether the client's file creation makes the file's missing folders: Neovim's does
    from 0.8 on (before, it opens the file for writing and fails)."""
    if info is None or info.name != "Neovim" or not info.version:
        return True
    numbers = re.match(r"(\d+)\.(\d+)", info.version)
    return numbers is None or (int(numbers[1]), int(numbers[2])) >= (0, 8)


def _folders(params: types.InitializeParams) -> list[str]:
    """The URIs of the workspace folders (else of the root; a root path is made one)."""
    if params.workspace_folders:
        return [folder.uri for folder in params.workspace_folders]
    if params.root_uri:
        return [params.root_uri]
    return [Path(params.root_path).absolute().as_uri()] if params.root_path else []


def _roots(state: ServerState) -> tuple[Path, ...]:
    return state.uris.folder_paths() or (Path.cwd(),)


class SubagentServer(LanguageServer):
    def report_server_error(self, error: Exception, source: type[Exception]) -> None:
        """pygls tells the client about an error in a window message. A failure to send is
        already logged and would fail again (pygls then reports that, without end)."""
        if source is not JsonRpcInternalError:
            super().report_server_error(error, source)


def create_server() -> LanguageServer:
    """A new server. A program that runs it must guard its entry point with ``if __name__ ==
    "__main__"``: a large catalog is read by worker processes that import the main module."""
    server = SubagentServer(
        "subagent-ls",
        __version__,
        text_document_sync_kind=types.TextDocumentSyncKind.Incremental,
        protocol_cls=AnsweringProtocol,
    )
    state = ServerState()

    @server.feature(types.INITIALIZE)
    def initialize(ls: LanguageServer, params: types.InitializeParams) -> None:
        _client_abilities(ls, state)
        client = params.client_info.name if params.client_info else None
        state.create_folders = _creates_folders(params.client_info)
        state.uris.start(client, _folders(params))
        state.roots = _roots(state)
        gc.freeze()  # start-up's objects live as long as the server: no collection scans them
        gc.enable()

    @server.feature(types.WORKSPACE_DID_CHANGE_WORKSPACE_FOLDERS)
    def folders_changed(ls: LanguageServer, params: types.DidChangeWorkspaceFoldersParams) -> None:
        for folder in params.event.removed:
            state.uris.remove_folder(folder.uri)
        for folder in params.event.added:
            state.uris.add_folder(folder.uri)
        state.roots = _roots(state)
        reconsider(state)

    features = (documents, configuration, completion, hover, actions, rename, structure)
    for feature in (*features, catalog_features):
        feature.register(server, state)
    return server
