"""The code action "Port to OpenCode…" in Neovim 0.7 (Debian's) and a current Neovim, set up with
the snippets of docs/editors.md as written: a Claude Code agent file of a git project, ported as a
user does (``vim.lsp.buf.code_action``; on 0.7 its menu), gives a buffer of
``.opencode/agent/<name>.md`` holding the ported file (the tools mapped, ``model`` left out),
unsaved, which ``:wall`` writes; nothing is shown in a window. No error is shown, and the LSP
log has no line from the server's stderr. A missing editor skips the test outside CI and fails
it in CI (``helpers.require``)."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest
from test_real_editors import BIN, HERE, debian_nvim, nvim_version, snippets

from helpers import current_nvim, require

REVIEWER = (
    "---\nname: reviewer\n"
    "description: Reviews code changes for defects and style. Use when a change is ready.\n"
    "tools: Read, Grep, Bash\nmodel: sonnet\n---\n"
    "Review the change and report each defect with its file and line.\n"
)
PORTED = (
    "---\ndescription: Reviews code changes for defects and style. Use when a change is ready.\n"
    'mode: subagent\ntools:\n  "*": false\n  read: true\n  grep: true\n  bash: true\n---\n'
    "Review the change and report each defect with its file and line.\n"
)
"""What ``subagent-ls port --to opencode`` writes for ``REVIEWER``."""
MENU = ["Port to Gemini CLI…", "Port to GitHub Copilot CLI…", "Port to OpenCode…"]


def _nvims() -> list:
    old = debian_nvim()
    return [
        pytest.param(lambda: old if old and nvim_version(old) < (0, 11) else None, id="0.7"),
        pytest.param(current_nvim, id="current"),
    ]


def _editor(find) -> str:
    nvim = find()
    require([] if nvim else ["Neovim (Debian's 0.7 and a current one in .tools/neovim: .ci/run)"])
    return nvim


def _port_session(nvim: str, tmp_path: Path, folder_exists: bool) -> tuple[dict, str, str]:
    """Neovim set up with the documented snippet on ``.claude/agents/reviewer.md``, ported to
    OpenCode: what the driver saw, the LSP log and Neovim's stderr."""
    home = tmp_path / "home"
    project = tmp_path / "work" / "site"
    (project / ".git").mkdir(parents=True)
    source = project / ".claude/agents/reviewer.md"
    source.parent.mkdir(parents=True)
    source.write_text(REVIEWER, encoding="utf-8")
    target = project / ".opencode/agent/reviewer.md"
    if folder_exists:
        target.parent.mkdir(parents=True)
    config = home / ".config"
    (config / "nvim").mkdir(parents=True)
    snippet = snippets("Neovim", "lua")[0 if nvim_version(nvim) >= (0, 11) else 1]
    (config / "nvim" / "init.lua").write_text(snippet, encoding="utf-8")
    out = tmp_path / "out.json"
    env = {
        **os.environ,
        "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}",
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(config),
        **{f"XDG_{k}_HOME": str(home / k.lower()) for k in ("DATA", "STATE", "CACHE")},
        "SUBAGENT_LS_OUT": str(out),
        "SUBAGENT_LS_TARGET": str(target),
    }
    command = [nvim, "--headless", str(source), "-c", f"luafile {HERE / 'nvim_port.lua'}"]
    done = subprocess.run(
        command, cwd=project, env=env, capture_output=True, text=True, timeout=180
    )
    assert out.exists(), f"the editor wrote nothing: {done.stdout[-2000:]} {done.stderr[-2000:]}"
    seen = json.loads(out.read_text(encoding="utf-8"))
    assert "error" not in seen, seen.get("error")
    log = Path(seen["log"])
    assert log.exists(), log  # where vim.lsp.get_log_path() says: the check below reads it
    text = log.read_text(encoding="utf-8", errors="replace")
    seen["target"] = str(target)
    return seen, text, done.stderr


@pytest.mark.parametrize("folder_exists", [False, True], ids=["new-folder", "folder-exists"])
@pytest.mark.parametrize("find", _nvims())
def test_port_to_opencode_from_neovim(tmp_path: Path, find, folder_exists: bool):
    """The ported file opens in a listed, unsaved buffer (no window shows it); ``:wall``
    writes it. Its agent folder is made when the project has none yet."""
    nvim = _editor(find)
    seen, log, stderr = _port_session(nvim, tmp_path, folder_exists)
    assert seen["attached"] is True
    # the menu lists each port (0.7: the user picks one there; later: the filter applies it)
    assert seen["chosen"] is True and seen["menu"] == MENU, seen["menu"]
    modern = nvim_version(nvim) >= (0, 8)
    assert seen["applied_by"] == ("filter" if modern else "menu")
    assert seen["created"] is True, (seen, stderr[-2000:])
    buffer = seen["buffer"]
    assert buffer["text"] == PORTED
    assert buffer["listed"] is True and buffer["modified"] is True
    assert buffer["shown"] is False and buffer["current"] is False
    assert seen["disk_before_write"] == ""  # created empty: the text is in the buffer
    assert seen["disk_after_write"] == PORTED
    assert Path(seen["target"]).read_text(encoding="utf-8") == PORTED
    assert seen["source_modified"] is False
    assert seen["errmsg"] == "", seen["messages"]
    assert "Error" not in seen["messages"] and "Error" not in stderr, (seen["messages"], stderr)
    # Neovim logs each line the server writes on stderr as an error: a good port has none
    assert "[ERROR]" not in log and "Error in server" not in log, log[-3000:]
