"""Benchmark of a burst of workspace-folder changes in the language server, over stdio: 20
documents open, then N folders added one at a time (``workspace/didChangeWorkspaceFolders``), the
last of them the folder the documents lie in (a ``docs/`` folder: below the first workspace
folder its Markdown is documentation, as a workspace folder of its own it holds agent files, so
the documents' diagnostics show whether the server took in the final state), then a hover on
one of them.

For each N (20, 200 and 2,000 by default) it prints the time from the burst's first message to
the hover's answer (and whether it saw the final folders), the time until every document's
diagnostics show the final state (waited for at most ``--wait`` seconds), the most diagnostic
sets published for one document meanwhile, and any message the server shows the user.

Run: ``python tests/bench/bench_folder_burst.py [--sizes N ...] [--wait S]``. Budgets, linear
in N (a request with N workspace folders reads the harnesses' folders in each of them once,
about 0.5 ms per folder): the hover answers with the final folders within 150 ms + 1 ms per
change of the burst's start, every document shows the final state within 1 s more, no document
is published more than 3 times and the server shows no message; exits 1 when one is missed.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import NamedTuple

from installed import as_installed
from lsprotocol import types
from pygls.lsp.client import LanguageClient

SERVER = [sys.executable, "-m", "subagent_ls", "serve"]
DOCUMENTS = 20
TEXT = (
    "---\nname: agent-{n}\ndescription: Reviews area {n}. Use when a change touches it.\n"
    "complexity: judgement\ntools: [Read, Grep]\n---\nReview the change.\n"
)
"""An agent file once its folder is a workspace folder (it has ``tools``), with a finding."""
HOVER_MS, HOVER_MS_PER_CHANGE, SETTLED_MS, MOST_PUBLISHES = 150, 1, 1000, 3


class Figures(NamedTuple):
    hover_ms: float
    """From the burst's first message to the hover's answer."""
    hover_current: bool
    """The hover saw the final folders (the document as an agent file)."""
    settled_ms: float | None
    """From the burst's first message until every document shows the final state (None: not
    within the wait)."""
    publishes: int
    """The most diagnostic sets one document got."""
    messages: list[str]
    """What the server showed the user (an error)."""


class Burst:
    """One server, its open documents, and what it published for them."""

    def __init__(self, root: Path, home: Path) -> None:
        self.root, self.home = root, home
        self.client = LanguageClient("bench", "1")
        self.publishes: Counter[str] = Counter()
        self.shown: dict[str, int] = {}
        self.messages: list[str] = []
        self.changed = asyncio.Event()

        @self.client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def published(params: types.PublishDiagnosticsParams) -> None:
            self.publishes[params.uri] += 1
            self.shown[params.uri] = len(params.diagnostics)
            self.changed.set()

        @self.client.feature("subagents/catalogChanged")
        def catalog_changed(*_: object) -> None:
            """Not measured here."""

        @self.client.feature(types.WINDOW_SHOW_MESSAGE)
        def shown_message(params: types.ShowMessageParams) -> None:
            self.messages.append(params.message)

    async def start(self) -> list[str]:
        await self.client.start_io(*SERVER, env={**os.environ, "HOME": str(self.home)})
        folder = types.WorkspaceFolder(uri=self.root.as_uri(), name="root")
        await self.client.initialize_async(
            types.InitializeParams(
                capabilities=types.ClientCapabilities(),
                root_uri=self.root.as_uri(),
                workspace_folders=[folder],
            )
        )
        self.client.initialized(types.InitializedParams())
        uris = []
        for n in range(DOCUMENTS):
            path = self.root / "docs" / f"agent-{n}.md"
            uris.append(path.as_uri())
            item = types.TextDocumentItem(path.as_uri(), "markdown", 1, TEXT.format(n=n))
            self.client.text_document_did_open(types.DidOpenTextDocumentParams(item))
        await self.until(lambda: all(uri in self.shown for uri in uris), 60)
        assert not any(self.shown.values()), "documentation should get no diagnostics"
        self.publishes.clear()
        return uris

    async def until(self, done, timeout: float) -> None:
        async def waiting() -> None:
            while not done():
                self.changed.clear()
                await self.changed.wait()

        await asyncio.wait_for(waiting(), timeout)

    async def burst(self, size: int, uris: list[str], wait: float) -> Figures:
        """Send the burst and the hover; wait at most ``wait`` seconds for the final state."""
        folders = [self.root / "extra" / f"folder-{n}" for n in range(size - 1)]
        for folder in folders:
            folder.mkdir(parents=True)
        folders.append(self.root / "docs")
        start = time.perf_counter()
        for folder in folders:
            added = types.WorkspaceFolder(uri=folder.as_uri(), name=folder.name)
            event = types.WorkspaceFoldersChangeEvent([added], [])
            self.client.workspace_did_change_workspace_folders(
                types.DidChangeWorkspaceFoldersParams(event)
            )
        hover = await self.client.text_document_hover_async(
            types.HoverParams(types.TextDocumentIdentifier(uris[0]), types.Position(1, 8))
        )
        answered = (time.perf_counter() - start) * 1000
        try:
            await self.until(lambda: all(self.shown[uri] for uri in uris), wait)
            settled: float | None = (time.perf_counter() - start) * 1000
        except TimeoutError:
            settled = None
        most = max(self.publishes.values(), default=0)
        return Figures(answered, hover is not None, settled, most, self.messages)

    async def stop(self) -> None:
        await self.client.shutdown_async(None)
        self.client.exit(None)
        await self.client.stop()


async def measure(size: int, wait: float) -> Figures:
    with tempfile.TemporaryDirectory() as folder:
        root, home = Path(folder, "project"), Path(folder, "home")
        (root / "docs").mkdir(parents=True)
        home.mkdir()
        burst = Burst(root, home)
        uris = await burst.start()
        try:
            return await burst.burst(size, uris, wait)
        finally:
            await burst.stop()


async def main(sizes: list[int], wait: float) -> int:
    failed = False
    for size in sizes:
        found = await measure(size, wait)
        hover_budget = HOVER_MS + HOVER_MS_PER_CHANGE * size
        settled = found.settled_ms
        ok = found.hover_ms <= hover_budget and found.hover_current and not found.messages
        ok &= settled is not None and settled <= hover_budget + SETTLED_MS
        ok &= found.publishes <= MOST_PUBLISHES
        failed |= not ok
        final = f"{settled:.0f} ms" if settled is not None else f"not within {wait:.0f} s"
        print(
            f"{size:,} folder changes, {DOCUMENTS} open documents: hover answered after "
            f"{found.hover_ms:.0f} ms"
            + ("" if found.hover_current else " (without the final folders)")
            + f", final diagnostics after {final}, at most {found.publishes} publishes per "
            "document " + ("ok" if ok else "OVER BUDGET")
        )
        for message in found.messages:
            print(f"  the server showed: {message}")
    return 1 if failed else 0


if __name__ == "__main__":
    as_installed()
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", type=int, nargs="+", default=[20, 200, 2000])
    parser.add_argument(
        "--wait", type=float, default=600, help="seconds to wait for the final diagnostics"
    )
    arguments = parser.parse_args()
    raise SystemExit(asyncio.run(main(arguments.sizes, arguments.wait)))
