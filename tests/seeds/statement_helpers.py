"""Shared shape of the zut and agent-core conformance tables: a statement of the document (its
number, where it stands, a paraphrase, whether a tool can check it), files in a small home and
project under tmp_path, ``check`` and ``catalog`` through the console script, and a language
server over stdio for completion and hover."""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
import pytest_lsp
from cli_helpers import run_cli
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

SEEDS = Path("/work/shared/seeds")


@dataclass(frozen=True)
class Statement:
    """One normative statement; ``reason`` says why no tool can check it (then not
    ``checkable``)."""

    number: int
    where: str
    paraphrase: str
    checkable: bool = True
    reason: str = ""


@dataclass(frozen=True)
class Place:
    """A home folder and a project folder in a test's tmp_path."""

    tmp: Path

    @property
    def home(self) -> Path:
        return self.tmp / "home"

    @property
    def root(self) -> Path:
        return self.tmp / "work" / "project"


Check = Callable[[Place], None]
EditorCheck = Callable[["Editor"], Awaitable[None]]


def agent(folder: Path, file: str, frontmatter: str, body: str = "Body.\n") -> Path:
    """Write ``folder/file`` with ``frontmatter`` between fences and ``body`` after them."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / file
    path.write_text(f"---\n{frontmatter.rstrip()}\n---\n{body}" if frontmatter else body)
    return path


def check(
    place: Place,
    *paths: Path,
    harness: str | None = None,
    include_user: bool = False,
    env: dict[str, str] | None = None,
    settings: str = "",
) -> dict[str, dict]:
    """``check --format json`` run in the project with HOME the place's home: each checked
    file's JSON entry by its path. ``harness`` and ``settings`` go into ``.subagent-ls.toml``;
    the file is then judged for that harness alone (``targets``), as its document says."""
    place.root.mkdir(parents=True, exist_ok=True)
    toml = (f'harness = "{harness}"\ntargets = ["{harness}"]\n' if harness else "") + settings
    (place.root / ".subagent-ls.toml").write_text(toml)
    args = ["check", "--format", "json", *map(str, paths)]
    if include_user:
        args.append("--include-user")
    run = run_cli(*args, cwd=place.root, env={"HOME": str(place.home), **(env or {})})
    assert run.code in (0, 1), run.err
    return {entry["path"]: entry for entry in run.json["files"]}


def catalog(
    place: Place, harness: str, env: dict[str, str] | None = None, settings: str = ""
) -> dict:
    """``catalog --format json`` for ``harness`` with the place's home and project."""
    place.root.mkdir(parents=True, exist_ok=True)
    (place.root / ".subagent-ls.toml").write_text(settings)
    args = ["--harness", harness, "--home", str(place.home), "--root", str(place.root)]
    run = run_cli(
        "catalog",
        *args,
        "--format",
        "json",
        cwd=place.root,
        env={"HOME": str(place.home), **(env or {})},
    )
    assert run.code == 0, run.err
    return run.json


def named(result: dict, name: str) -> list[dict]:
    return [entry for entry in result["entries"] if entry["name"] == name]


def by_code(entry: dict) -> dict[str, list[dict]]:
    """A checked file's diagnostics by rule code."""
    found: dict[str, list[dict]] = {}
    for diagnostic in entry["diagnostics"]:
        found.setdefault(diagnostic["code"], []).append(diagnostic)
    return found


ERROR, WARNING, INFO, HINT = 1, 2, 3, 4


def worst(entry: dict) -> int | None:
    """The most severe LSP severity among a file's diagnostics (1 is an error)."""
    return min((d["severity"] for d in entry["diagnostics"]), default=None)


def assert_table(statements: list[Statement], checks: dict, editor_checks: dict) -> None:
    """Every checkable statement has a test, every other one a reason and none; numbers run
    from 1 without gaps."""
    assert [s.number for s in statements] == list(range(1, len(statements) + 1))
    for statement in statements:
        tested = statement.number in checks or statement.number in editor_checks
        if statement.checkable:
            assert tested and not statement.reason, statement
        else:
            assert statement.reason and not tested, statement
    assert set(checks) | set(editor_checks) <= {s.number for s in statements}


SERVER_HOME = Path(tempfile.mkdtemp(prefix="subagent-ls-seed-home-"))
"""The server's HOME: its user-level folders live here, never in the real home."""


@dataclass
class Editor:
    """A language server over stdio with a workspace folder (``root``) open."""

    client: LanguageClient
    root: Path
    home: Path = SERVER_HOME

    async def open(self, path: Path, text: str) -> str:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
        uri = path.as_uri()
        self.client.text_document_did_open(
            types.DidOpenTextDocumentParams(types.TextDocumentItem(uri, "markdown", 1, text))
        )
        while uri not in self.client.diagnostics:
            await self.client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        return uri

    async def completion(self, uri: str, text: str, after: str) -> dict[str, types.CompletionItem]:
        """The completion items at the end of the first ``after`` in ``text``, by label."""
        result = await self.client.text_document_completion_async(
            types.CompletionParams(types.TextDocumentIdentifier(uri), position(text, after))
        )
        items = result.items if isinstance(result, types.CompletionList) else (result or [])
        return {item.label: item for item in items}

    async def hover(self, uri: str, text: str, at: str) -> str:
        """The hover text at the start of the first ``at`` in ``text`` (one character in)."""
        where = position(text, at, 1)
        result = await self.client.text_document_hover_async(
            types.HoverParams(types.TextDocumentIdentifier(uri), where)
        )
        assert result is not None, at
        return result.contents.value

    async def quick_fixes(self, uri: str, text: str, code: str) -> dict[str, str]:
        """The quick-fixes offered for the diagnostic of ``code`` (the first), by title, each
        with ``text`` as it makes it."""
        diagnostic = next(d for d in self.client.diagnostics[uri] if d.code == code)
        actions = await self.client.text_document_code_action_async(
            types.CodeActionParams(
                types.TextDocumentIdentifier(uri),
                diagnostic.range,
                types.CodeActionContext([diagnostic]),
            )
        )
        fixes = {}
        for action in actions or []:
            if action.kind != types.CodeActionKind.QuickFix or action.edit is None:
                continue
            edits = list((action.edit.changes or {}).get(uri, []))
            for change in action.edit.document_changes or []:
                if isinstance(change, types.TextDocumentEdit) and change.text_document.uri == uri:
                    edits += change.edits
            fixed = text
            for edit in sorted(edits, key=lambda e: offset(text, e.range.start), reverse=True):
                start, end = offset(text, edit.range.start), offset(text, edit.range.end)
                fixed = fixed[:start] + edit.new_text + fixed[end:]
            fixes[action.title] = fixed
        return fixes

    async def settings(self, harness: str) -> None:
        """Answer ``workspace/configuration`` with ``harness`` from now on, tell the server, and
        wait until its catalog is that harness's."""
        self.client.set_configuration({"harness": harness}, section="subagents")
        self.client.workspace_did_change_configuration(
            types.DidChangeConfigurationParams(settings={})
        )
        for _ in range(100):
            result = await self.client.protocol.send_request_async("subagents/catalog", {})
            if result.harness == harness:
                return
            await asyncio.sleep(0.05)
        raise AssertionError(f"the server did not switch to {harness}")


def position(text: str, needle: str, delta: int | None = None) -> types.Position:
    """Where ``needle`` ends in ``text`` (or ``delta`` characters into it); ASCII lines."""
    offset = text.index(needle) + (len(needle) if delta is None else delta)
    line = text.count("\n", 0, offset)
    return types.Position(line, offset - (text.rfind("\n", 0, offset) + 1))


def offset(text: str, where: types.Position) -> int:
    """The offset of ``where`` in ``text`` (ASCII lines)."""
    lines = text.splitlines(keepends=True)
    return sum(len(line) for line in lines[: where.line]) + where.character


def documentation(item: types.CompletionItem) -> str | None:
    doc = item.documentation
    return doc.value if isinstance(doc, types.MarkupContent) else doc


@pytest_lsp.fixture(
    config=ClientServerConfig(
        server_command=[sys.executable, "-m", "subagent_ls", "serve"],
        server_env={**os.environ, "HOME": str(SERVER_HOME)},
    )
)
async def lsp_session(lsp_client: LanguageClient, tmp_path: Path):
    """The server, initialized with ``tmp_path`` as its workspace folder."""
    params = types.InitializeParams(
        capabilities=client_capabilities("visual-studio-code"),
        root_uri=tmp_path.as_uri(),
        workspace_folders=[types.WorkspaceFolder(uri=tmp_path.as_uri(), name="ws")],
    )

    @lsp_client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def register_capability(ls, params: types.RegistrationParams) -> None:
        return None

    await lsp_client.initialize_session(params)
    yield
    await lsp_client.shutdown_session()


@pytest.fixture
def editor(lsp_session: LanguageClient, tmp_path: Path) -> Editor:
    return Editor(lsp_session, tmp_path)
