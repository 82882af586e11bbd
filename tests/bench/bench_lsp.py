"""Benchmark of the language server over stdio, measured by a client (pygls's LanguageClient).

- didChange → publishDiagnostics for a 10-line frontmatter with a 200-line body (edits in the
  frontmatter and in the body), the same file in ``.claude/agents/`` (judged for its three
  target harnesses), and for a 200-line frontmatter;
- completion and hover latency;
- code actions on a 100 KB frontmatter of 8,000 fixable values: a light bulb (no ``only``),
  which offers fix-all without computing it, and ``source.fixAll`` (the figure only);
- start-up (spawn → initialize result) against a bare pygls 2 server on the same machine.

Run: ``python tests/bench/bench_lsp.py [--runs N]``. Prints p50/p99 per scenario and the
budgets (didChange p50 ≤ 3 ms and p99 ≤ 7 ms; 200-line frontmatter p50 ≤ 5 ms; completion and
hover p99 ≤ 3 ms; light bulb p99 ≤ 150 ms; start-up ≤ bare + 50 ms); exits 1 when one is missed.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import statistics
import sys
import tempfile
import time
from pathlib import Path

from installed import as_installed
from lsprotocol import types
from pygls.lsp.client import LanguageClient

SERVER = [sys.executable, "-m", "subagent_ls", "serve"]
BARE = [
    sys.executable,
    "-c",
    "from pygls.lsp.server import LanguageServer; LanguageServer('bare', '1').start_io()",
]
BODY = "".join(f"- Step {i}: check the change carefully and report.\n" for i in range(200))
SMALL = (
    "---\nname: bench\ndescription: Reviews code and reports defects. Use when a change is ready.\n"
    'complexity: judgment\ntools: [Read, Grep]\nmetadata:\n  owner: team\n  version: "1.0"\n'
    "# a comment\n---\n" + BODY
)
FIXABLE = (
    "---\nname: fixable\ndescription: Reviews code and reports defects. Use when a change is "
    "ready.\nmetadata:\n" + "".join(f"  key{i}: {i}\n" for i in range(8000)) + "---\n" + BODY
)
LARGE = (
    "---\nname: bench\ndescription: Reviews code and reports defects. Use when a change is ready.\n"
    "metadata:\n" + "".join(f'  key{i}: "value number {i}"\n' for i in range(197)) + "---\n" + BODY
)


CAPABILITIES = types.ClientCapabilities(
    text_document=types.TextDocumentClientCapabilities(
        code_action=types.CodeActionClientCapabilities(
            resolve_support=types.ClientCodeActionResolveOptions(properties=["edit"])
        )
    )
)
"""What the bench client declares: it resolves a code action's edit when picked, as VS Code,
Neovim and Emacs do."""


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


class Session:
    def __init__(self) -> None:
        self.client = LanguageClient("bench", "1")
        self.waiters: dict[tuple[str, int], asyncio.Future] = {}

        @self.client.feature(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def published(params: types.PublishDiagnosticsParams) -> None:
            future = self.waiters.pop((params.uri, params.version), None)
            if future and not future.done():
                future.set_result(time.perf_counter())

    async def start(self, root: Path) -> None:
        await self.client.start_io(*SERVER)
        await self.client.initialize_async(
            types.InitializeParams(capabilities=CAPABILITIES, root_uri=root.as_uri())
        )
        self.client.initialized(types.InitializedParams())
        gc.collect()
        gc.freeze()  # the client's own collections stay out of the server's figures

    def expect(self, uri: str, version: int) -> asyncio.Future:
        future = asyncio.get_running_loop().create_future()
        self.waiters[(uri, version)] = future
        return future

    async def open(self, uri: str, text: str) -> None:
        waiting = self.expect(uri, 1)
        self.client.text_document_did_open(
            types.DidOpenTextDocumentParams(types.TextDocumentItem(uri, "markdown", 1, text))
        )
        await asyncio.wait_for(waiting, 10)

    async def edit(
        self, uri: str, version: int, line: int, character: int, new: str, old: int
    ) -> float:
        waiting = self.expect(uri, version)
        start = time.perf_counter()
        change = types.TextDocumentContentChangePartial(
            range=types.Range(
                types.Position(line, character), types.Position(line, character + old)
            ),
            text=new,
        )
        self.client.text_document_did_change(
            types.DidChangeTextDocumentParams(
                types.VersionedTextDocumentIdentifier(version=version, uri=uri), [change]
            )
        )
        return (await asyncio.wait_for(waiting, 10) - start) * 1000

    async def stop(self) -> None:
        await self.client.shutdown_async(None)
        self.client.exit(None)
        await self.client.stop()
        await asyncio.sleep(0.05)


async def edits(
    session: Session, uri: str, runs: int, line: int, character: int, start_version: int
) -> list[float]:
    timings = []
    for index in range(runs):
        letter = "ab"[index % 2]
        timings.append(await session.edit(uri, start_version + index, line, character, letter, 1))
    return timings


async def timed_requests(runs: int, request) -> list[float]:
    timings = []
    for _ in range(runs):
        start = time.perf_counter()
        await request()
        timings.append((time.perf_counter() - start) * 1000)
    return timings


async def startup_once(command: list[str]) -> float:
    client = LanguageClient("bench", "1")
    start = time.perf_counter()
    await client.start_io(*command)
    await client.initialize_async(types.InitializeParams(capabilities=types.ClientCapabilities()))
    elapsed = (time.perf_counter() - start) * 1000
    await client.shutdown_async(None)
    client.exit(None)
    await client.stop()
    await asyncio.sleep(0.05)
    return elapsed


async def startup(runs: int) -> tuple[float, float]:
    """Median start-up of our server and of a bare pygls server, started alternately so that
    both see the same machine."""
    ours, bare = [], []
    for _ in range(runs):
        ours.append(await startup_once(SERVER))
        bare.append(await startup_once(BARE))
    return statistics.median(ours), statistics.median(bare)


async def main(runs: int) -> int:
    root = Path(tempfile.mkdtemp())
    (root / ".agents" / "agents").mkdir(parents=True)
    (root / ".claude" / "agents").mkdir(parents=True)
    session = Session()
    await session.start(root)
    small = (root / ".agents/agents/bench.md").as_uri()
    large = (root / ".agents/agents/large.md").as_uri()
    shared = (root / ".claude/agents/bench.md").as_uri()
    await session.open(small, SMALL)
    await session.open(large, LARGE)
    await session.open(shared, SMALL)
    results = {
        "didChange → diagnostics, 10-line frontmatter, edit in frontmatter": await edits(
            session, small, runs, 2, 13, 2
        ),
        "didChange → diagnostics, 10-line frontmatter, edit in body": await edits(
            session, small, runs, 40, 2, runs + 2
        ),
        "didChange → diagnostics, 200-line frontmatter": await edits(
            session, large, runs, 50, 8, 2
        ),
        "didChange → diagnostics, 10-line frontmatter, three target harnesses": await edits(
            session, shared, runs, 2, 13, 2
        ),
    }
    doc = types.TextDocumentIdentifier(small)
    results["completion"] = await timed_requests(
        runs,
        lambda: session.client.text_document_completion_async(
            types.CompletionParams(doc, types.Position(3, 12))
        ),
    )
    results["hover"] = await timed_requests(
        runs,
        lambda: session.client.text_document_hover_async(
            types.HoverParams(doc, types.Position(3, 14))
        ),
    )
    fixable = (root / ".agents/agents/fixable.md").as_uri()
    await session.open(fixable, FIXABLE)
    top = types.Range(types.Position(3, 0), types.Position(3, 0))

    def actions(only: list[str] | None):
        context = types.CodeActionContext([], only=only)
        return lambda: session.client.text_document_code_action_async(
            types.CodeActionParams(types.TextDocumentIdentifier(fixable), top, context)
        )

    results["code actions, light bulb, 8,000 fixable values"] = await timed_requests(
        max(runs // 10, 5), actions(None)
    )
    results["code actions, source.fixAll, 8,000 fixable values"] = await timed_requests(
        3, actions(["source.fixAll"])
    )
    await session.stop()
    budgets = {
        "didChange → diagnostics, 10-line frontmatter, edit in frontmatter": (3, 7),
        "didChange → diagnostics, 10-line frontmatter, edit in body": (3, 7),
        "didChange → diagnostics, 200-line frontmatter": (5, None),
        "didChange → diagnostics, 10-line frontmatter, three target harnesses": (3, 7),
        "completion": (None, 3),
        "hover": (None, 3),
        "code actions, light bulb, 8,000 fixable values": (None, 150),
        "code actions, source.fixAll, 8,000 fixable values": (None, None),
    }
    failed = False
    for name, timings in results.items():
        p50, p99 = statistics.median(timings), percentile(timings, 0.99)
        limit50, limit99 = budgets[name]
        ok = (limit50 is None or p50 <= limit50) and (limit99 is None or p99 <= limit99)
        failed |= not ok
        print(
            f"{name}: p50 {p50:.2f} ms, p99 {p99:.2f} ms ({len(timings)} runs) "
            + ("ok" if ok else "OVER BUDGET")
        )
    ours, bare = await startup(11)
    ok = ours <= bare + 50
    failed |= not ok
    print(
        f"start-up: {ours:.0f} ms median, bare pygls server {bare:.0f} ms "
        f"({ours - bare:+.0f} ms) " + ("ok" if ok else "OVER BUDGET")
    )
    return 1 if failed else 0


if __name__ == "__main__":
    as_installed()
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=300)
    raise SystemExit(asyncio.run(main(parser.parse_args().runs)))
