"""The Neovim plugin of ``editors/nvim``, headless, in Neovim 0.7 (Debian's) and a current Neovim:
its root rule (the module's ``root_of`` and, on 0.11 and later, the ``root_dir`` of
``lsp/subagent_ls.lua``) for files of every harness's agent folders, in and out of git, at and
below home; and, set up with the snippets of docs/editors.md as written, the client's root, the
code lens refreshed when the catalog changes, ``:SubagentsCatalog`` and ``:SubagentsCheck``
filling the quickfix list, a Neovim LSP log without a line from the server's stderr, and a
user-level agent file joining the running project's client (judged by the project's catalog). A
missing editor skips the test outside CI and fails it in CI (``helpers.require``)."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest
from test_real_editors import (
    BIN,
    HERE,
    PROJECT,
    assert_quick_fix_round_trip,
    debian_nvim,
    nvim_version,
    run_nvim,
    snippets,
)

from helpers import current_nvim, require
from subagent_ls.harnesses.registry import DIALECTS

EDITORS = HERE.parents[1] / "editors" / "nvim"
FOLDERS = list(dict.fromkeys("/".join(f.segments) for d in DIALECTS.values() for f in d.folders))
AGENT = "---\nname: helper\ndescription: {}. Use when a change is ready.\n---\nReview it.\n"


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


def _env(home: Path, out: Path, **extra: str) -> dict[str, str]:
    return {
        **os.environ,
        "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}",
        "HOME": str(home),
        "SUBAGENT_LS_OUT": str(out),
        **{f"XDG_{k}_HOME": str(home / k.lower()) for k in ("CONFIG", "DATA", "STATE", "CACHE")},
        **extra,
    }


def _write(path: Path, text: str = AGENT.format("Reviews code")) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def _roots(nvim: str, tmp_path: Path, home: Path, expected: dict[Path, Path]) -> None:
    out = tmp_path / "roots.json"
    paths = [str(p) for p in expected]
    env = _env(home, out, SUBAGENT_LS_EDITORS=str(EDITORS), SUBAGENT_LS_PATHS=json.dumps(paths))
    command = [nvim, "--headless", "-u", "NONE", "-c", f"luafile {HERE / 'nvim_roots.lua'}"]
    done = subprocess.run(
        command, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120
    )
    assert out.exists(), done.stderr[-2000:]
    seen = json.loads(out.read_text(encoding="utf-8"))
    assert "error" not in seen, seen.get("error")
    modern = nvim_version(nvim) >= (0, 11)
    for path, root in expected.items():
        assert seen[str(path)]["module"] == str(root), path
        if modern:
            assert seen[str(path)]["lsp"] == str(root), path


@pytest.mark.parametrize("find", _nvims())
def test_the_root_is_the_project_never_home(tmp_path: Path, find):
    """Outside git: the nearest folder with an agent folder of any harness (each of the
    registry's), not home, where ``~/.claude/agents`` and ``~/.config/opencode/agent`` are."""
    nvim = _editor(find)
    home = tmp_path / "home"
    expected = {
        _write(home / ".claude/agents/mine.md"): home / ".claude/agents",
        _write(home / ".config/opencode/agent/mine.md"): home / ".config/opencode/agent",
        _write(home / "notes/todo.md", "# todo\n"): home / "notes",
        _write(tmp_path / "elsewhere/site/.opencode/agent/a.md"): tmp_path / "elsewhere/site",
    }
    for number, folder in enumerate(FOLDERS):
        project = home / f"p{number}"
        expected[_write(project / folder / "a.md")] = project
        expected[_write(project / "docs/deep/b.md", "# b\n")] = project
    git = home / "repo"
    (git / ".git").mkdir(parents=True)
    expected[_write(git / "sub/.claude/agents/c.md")] = git
    expected[_write(git / "README.md", "# r\n")] = git
    _roots(nvim, tmp_path, home, expected)


@pytest.mark.parametrize("find", _nvims())
def test_a_repository_at_home_is_not_a_root(tmp_path: Path, find):
    """A dotfiles repository at home: its files are rooted as if it were not there."""
    nvim = _editor(find)
    home = tmp_path / "home"
    (home / ".git").mkdir(parents=True)
    expected = {
        _write(home / ".claude/agents/mine.md"): home / ".claude/agents",
        _write(home / "plain/n.md", "# n\n"): home / "plain",
        _write(home / "proj/.github/agents/c.agent.md"): home / "proj",
    }
    _roots(nvim, tmp_path, home, expected)


def _catalog_session(nvim: str, snippet: str, tmp_path: Path) -> tuple[dict, str]:
    home = tmp_path
    root = tmp_path.joinpath(*PROJECT)
    agent = _write(root / ".agents/agents/helper.md", AGENT.format("Reviews this project's code"))
    user = _write(home / ".agents/agents/helper.md", AGENT.format("Reviews any code"))
    broken = AGENT.format("Writes notes").replace("name: helper", "name: Bad_Name")
    _write(root / ".agents/agents/notes.md", broken)
    (home / "config" / "nvim").mkdir(parents=True)
    (home / "config" / "nvim" / "init.lua").write_text(snippet, encoding="utf-8")
    out = tmp_path / "out.json"
    script = HERE / "nvim_catalog.lua"
    command = [nvim, "--headless", str(agent), "-c", f"luafile {script}"]
    done = subprocess.run(
        command, cwd=root, env=_env(home, out), capture_output=True, text=True, timeout=180
    )
    assert out.exists(), f"the editor wrote nothing: {done.stdout[-2000:]} {done.stderr[-2000:]}"
    seen = json.loads(out.read_text(encoding="utf-8"))
    assert "error" not in seen, seen.get("error")
    assert seen["commands"] is True
    assert seen["attached"] is True and seen["name"] == "subagent_ls"
    assert seen["root"] == str(root)
    assert seen["cmd"] == ["subagent-ls", "serve"]
    assert seen["settings"] == {"subagents": {"bodyMaxLines": 400}}
    assert seen["pulls"] is False, "on_init did not drop the pull diagnostics"
    assert seen["lens_refreshed"] is True, seen["lenses"]
    catalog = seen["catalog"]
    assert catalog is not None, "the quickfix list never showed the catalog"
    effective = [i for i in catalog if i["text"].startswith("helper [project] effective")]
    assert len(effective) == 1 and effective[0]["file"] == str(agent), catalog
    assert effective[0]["lnum"] == 2  # the `name` line
    assert "shadows user ~/.agents/agents/helper.md" in effective[0]["text"]
    hidden = [i for i in catalog if i["text"] == "helper [user] shadowed by project"]
    assert len(hidden) == 1 and hidden[0]["file"] == str(user), catalog
    check = seen["check"]
    assert check is not None, "the quickfix list never showed the check"
    bad = [i for i in check if i["text"].startswith("name-charset: ")]
    assert bad and bad[0]["file"] == str(root / ".agents/agents/notes.md"), check
    assert (bad[0]["lnum"], bad[0]["col"], bad[0]["type"]) == (2, 7, "E")
    logs = list(tmp_path.rglob("lsp.log"))
    return seen, "".join(log.read_text(encoding="utf-8", errors="replace") for log in logs)


@pytest.mark.parametrize("find", _nvims())
def test_catalog_check_and_lens_with_the_documented_snippet(tmp_path: Path, find):
    nvim = _editor(find)
    modern = nvim_version(nvim) >= (0, 11)
    snippet = snippets("Neovim", "lua")[0 if modern else 1]
    assert ("vim.lsp.enable" in snippet) is modern
    _, log = _catalog_session(nvim, snippet, tmp_path)
    # Neovim logs each line the server writes on stderr as an error: a normal session has none
    assert "[ERROR]" not in log and "stderr" not in log, log[-3000:]


def test_the_lspconfig_entry_alone_with_vim_lsp_config(tmp_path: Path):
    """``lsp/subagent_ls.lua`` as nvim-lspconfig would carry it (or a user copies it): loaded
    with ``dofile`` into ``vim.lsp.config``, without the module, it starts the server and the
    quick-fix round trip works (its diagnostics once: ``on_init`` drops the pulls)."""
    nvim = _editor(current_nvim)
    entry = EDITORS / "lsp" / "subagent_ls.lua"
    snippet = f"vim.lsp.config('subagent_ls', dofile([[{entry}]]))\nvim.lsp.enable('subagent_ls')\n"
    seen = run_nvim(nvim, snippet, tmp_path, "ascii")
    assert_quick_fix_round_trip(seen, "ascii", "markdown")


USER_LEVEL = {
    ".agents/agents/helper.md": ".agents/agents/helper.md",
    ".claude/agents/helper.md": ".claude/agents/helper.md",
    ".config/opencode/agent/helper.md": ".opencode/agent/helper.md",
    ".copilot/agents/helper.agent.md": ".github/agents/helper.agent.md",
    ".gemini/agents/helper.md": ".gemini/agents/helper.md",
}
"""User-level agent files (below home) and the project's file of the same name."""
SHADOWED = {".agents/agents/helper.md", ".claude/agents/helper.md"}
"""The user-level files the catalog of the snippet's profile (harness-subagents) reads, which
the project's file shadows."""


def _user_level_session(nvim: str, tmp_path: Path, cwd: Path, files: list[tuple[Path, str]]):
    """Neovim set up with the documented snippet, started on the first file, opening the others
    with ``:edit``; each with the diagnostic code to wait for ('' for none)."""
    home = tmp_path / "home"
    config = home / ".config"  # so that OpenCode's user folder is ~/.config/opencode
    modern = nvim_version(nvim) >= (0, 11)
    _write(config / "nvim" / "init.lua", snippets("Neovim", "lua")[0 if modern else 1])
    out = tmp_path / "out.json"
    paths = json.dumps([[str(path), code] for path, code in files])
    env = _env(home, out, XDG_CONFIG_HOME=str(config), SUBAGENT_LS_PATHS=paths)
    script = HERE / "nvim_user_level.lua"
    command = [nvim, "--headless", str(files[0][0]), "-c", f"luafile {script}"]
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=300)
    assert out.exists(), f"the editor wrote nothing: {done.stdout[-2000:]} {done.stderr[-2000:]}"
    seen = json.loads(out.read_text(encoding="utf-8"))
    assert "error" not in seen, seen.get("error")
    return seen


def _assert_shadowed_by_project(buffer: dict) -> None:
    """The project's catalog judges the user-level file: its file of the same name wins."""
    (shadowed,) = [d for d in buffer["diagnostics"] if d["code"] == "shadowed"]
    assert " uses project .agents/agents/helper.md" in shadowed["message"], shadowed
    assert "user ~/" in buffer["hover"] and "shadowed by project" in buffer["hover"], buffer


@pytest.mark.parametrize("find", _nvims())
def test_a_user_level_agent_joins_the_project_client(tmp_path: Path, find):
    """A project's file open, then a user-level agent file of each harness: every one is
    served by the project's client (one server), and the project's catalog judges it."""
    nvim = _editor(find)
    home = tmp_path / "home"
    project = tmp_path / "work" / "site"
    (project / ".git").mkdir(parents=True)
    files = [(_write(project / "README.md", "# site\n"), "")]
    for user, mine in USER_LEVEL.items():
        _write(project / mine)
        files.append((_write(home / user), "shadowed" if user in SHADOWED else ""))
    seen = _user_level_session(nvim, tmp_path, project, files)
    assert [c["root"] for c in seen["running"]] == [str(project)], seen["running"]
    for buffer, (path, code) in zip(seen["buffers"], files, strict=True):
        assert buffer["file"] == str(path) and buffer["attached"], buffer
        assert [c["root"] for c in buffer["clients"]] == [str(project)], buffer
        if code:
            _assert_shadowed_by_project(buffer)


@pytest.mark.parametrize("find", _nvims())
def test_a_user_level_agent_alone_is_not_rooted_at_home(tmp_path: Path, find):
    """With no project's client running, a user-level file is served at its folder (never
    home); a project's client started later takes the user-level files opened after it, not
    that first client."""
    nvim = _editor(find)
    home = tmp_path / "home"
    project = tmp_path / "work" / "site"
    (project / ".git").mkdir(parents=True)
    _write(project / ".agents/agents/helper.md")
    files = [
        (_write(home / ".claude/agents/mine.md", AGENT.format("Writes notes")), ""),
        (_write(project / "README.md", "# site\n"), ""),
        (_write(home / ".agents/agents/helper.md"), "shadowed"),
    ]
    seen = _user_level_session(nvim, tmp_path, home / ".claude/agents", files)
    alone, readme, user = seen["buffers"]
    assert [c["root"] for c in alone["clients"]] == [str(home / ".claude/agents")], alone
    assert [c["root"] for c in readme["clients"]] == [str(project)], readme
    assert [c["root"] for c in user["clients"]] == [str(project)], user
    _assert_shadowed_by_project(user)
    assert sorted(c["root"] for c in seen["running"]) == sorted(
        [str(home / ".claude/agents"), str(project)]
    )
