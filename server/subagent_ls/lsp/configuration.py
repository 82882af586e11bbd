"""Client settings (section ``subagents``): fetched after initialization and on every change,
validated once; a bad value is one ``window/showMessage`` error and its default (said once
while the settings stay as they are, however often the client gives them). Relative
paths of the settings (``perFileIgnores``, ``baseline``) start from the first workspace
folder. After a change (as after a change of the workspace folders) requests answer with the
new settings at once, and once a burst of changes ends (``bursts``) the open documents are
linted again and published, and the catalog scans again."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from lsprotocol import types
from pygls.lsp.server import LanguageServer

from subagent_ls.lsp.bursts import Coalesced
from subagent_ls.lsp.documents import publish
from subagent_ls.lsp.state import ServerState, warm_up

SECTION = "subagents"
CLIENT_ONLY = ("server", "trace")
log = logging.getLogger(__name__)


def apply_settings(ls: LanguageServer, state: ServerState, raw: Any) -> None:
    if isinstance(raw, dict):
        raw = {k: v for k, v in raw.items() if k not in CLIENT_ONLY and v is not None}
    from subagent_ls.workspace.config import settings_from_raw

    root = str(state.roots[0]) if state.roots else None
    settings, messages = settings_from_raw(raw or {}, f"`{SECTION}` settings", root)
    state.settings = settings
    said = " ".join(messages) + " The default is used instead of each." if messages else None
    if said is not None and said != state.settings_complaint:
        # an error the user sees once: each bad setting fell back to its default
        ls.window_show_message(types.ShowMessageParams(type=types.MessageType.Error, message=said))
    state.settings_complaint = said
    reconsider(state)


def reconsider(state: ServerState) -> None:
    """The settings or the workspace folders changed: every analysis is stale from now on
    (a request analyzes its document again), and the open documents are taken in again once
    the burst of changes ends."""
    state.generation += 1
    if state.settled is not None:
        state.settled.poke()


async def settle(ls: LanguageServer, state: ServerState) -> None:
    """Lint each open document again where it is stale, and publish it (one at a time, so
    that the requests that came meanwhile are answered in between); then tell the listeners
    (the catalog)."""
    for key in list(state.analyses):
        analysis = state.analyses.get(key)
        if analysis is None:  # closed meanwhile
            continue
        if analysis.generation != state.generation:
            analysis = state.relint(analysis)
        publish(ls, state, analysis)
        await asyncio.sleep(0)
    for listener in state.listeners:
        listener.settings_changed(ls)


async def fetch_settings(ls: LanguageServer, state: ServerState) -> None:
    if not ls.client_capabilities.workspace or not ls.client_capabilities.workspace.configuration:
        return
    try:
        result = await ls.workspace_configuration_async(
            types.ConfigurationParams(items=[types.ConfigurationItem(section=SECTION)])
        )
    except Exception:  # a client that fails the request keeps the defaults
        log.warning("the client did not answer workspace/configuration", exc_info=True)
        return
    apply_settings(ls, state, result[0] if result else None)


def register(server: LanguageServer, state: ServerState) -> None:
    state.settled = Coalesced(lambda: settle(server, state))

    @server.feature(types.INITIALIZED)
    async def initialized(ls: LanguageServer, params: types.InitializedParams) -> None:
        warm_up()  # load the engine now, not on the first keystroke
        try:
            await fetch_settings(ls, state)
            for listener in state.listeners:
                await listener.ready(ls)
        except asyncio.CancelledError:  # the session ended during start-up: nothing to report
            log.info("the session ended before start-up finished")

    @server.feature(types.WORKSPACE_DID_CHANGE_CONFIGURATION)
    async def changed(ls: LanguageServer, params: types.DidChangeConfigurationParams) -> None:
        pushed = params.settings.get(SECTION) if isinstance(params.settings, dict) else None
        if pushed is not None:
            apply_settings(ls, state, pushed)
        else:
            await fetch_settings(ls, state)
