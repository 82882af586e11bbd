"""Run the real harnesses offline on one agent file at a time and report what they loaded.

Each file is copied alone into a throwaway project (``.claude/agents/`` or
``.opencode/agent/``) and the harness runs inside a network namespace with loopback only
(``unshare -n``), a throwaway HOME and no credentials. Claude Code lists what it loaded when
asked for an agent that does not exist; OpenCode lists its agents or says which file makes
the configuration invalid.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
HARNESS_DIR = Path(os.environ.get("SUBAGENT_LS_HARNESS_DIR", REPO / ".harness"))
CLAUDE = HARNESS_DIR / "node_modules/@anthropic-ai/claude-code/bin/claude.exe"
OPENCODE = HARNESS_DIR / "node_modules/opencode-linux-x64/bin/opencode"
ENV = {"DISABLE_AUTOUPDATER": "1", "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1"}


@dataclass(frozen=True)
class Observed:
    """What the harness did with one file: the name it loaded it under, or nothing."""

    loads: bool
    name: str | None
    broke_configuration: bool = False
    detail: str = ""


def missing_tools() -> list[str]:
    """The tools these runs need that this machine lacks (named in skip reasons)."""
    missing = [str(p) for p in (CLAUDE, OPENCODE) if not p.exists()]
    if shutil.which("unshare") is None:
        missing.append("unshare (util-linux)")
    elif subprocess.run(["unshare", "-n", "true"], capture_output=True).returncode != 0:
        missing.append("unshare -n (needs root)")
    return missing


def _run(command: list[str], cwd: Path, timeout: int = 120) -> str:
    home = tempfile.mkdtemp(prefix="subagent-ls-home-")
    try:
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": home, **ENV}
        done = subprocess.run(
            ["unshare", "-n", *command],
            cwd=cwd,
            env=env,
            capture_output=True,
            text=True,
            timeout=timeout,
            stdin=subprocess.DEVNULL,
        )
        return done.stdout + done.stderr
    finally:
        shutil.rmtree(home, ignore_errors=True)


def _project(agent: Path, folder: str) -> Path:
    root = Path(tempfile.mkdtemp(prefix="subagent-ls-project-"))
    target = root / folder
    target.mkdir(parents=True)
    shutil.copyfile(agent, target / agent.name)
    return root


_AVAILABLE = re.compile(r"Available agents: (.*)")


def claude_code_agents(project: Path) -> set[str]:
    output = _run([str(CLAUDE), "-p", "x", "--agent", "__no_such_agent__"], project)
    match = _AVAILABLE.search(output)
    if match is None:
        raise RuntimeError(f"Claude Code did not list its agents: {output[-500:]}")
    return {name.strip() for name in match[1].rstrip(". ").split(", ")}


def claude_code_builtins() -> set[str]:
    empty = Path(tempfile.mkdtemp(prefix="subagent-ls-empty-"))
    try:
        return claude_code_agents(empty)
    finally:
        shutil.rmtree(empty, ignore_errors=True)


def observe_claude_code(agent: Path, builtins: set[str]) -> Observed:
    project = _project(agent, ".claude/agents")
    try:
        extra = sorted(claude_code_agents(project) - builtins)
    finally:
        shutil.rmtree(project, ignore_errors=True)
    return Observed(bool(extra), extra[0] if extra else None)


_LISTED = re.compile(r"^(\S.*?) \((?:primary|subagent|all)\)\s*$", re.MULTILINE)
_ANSI = re.compile(r"\x1b\[[0-9;]*m")


def opencode_agents(project: Path) -> tuple[set[str], str | None]:
    output = _ANSI.sub("", _run([str(OPENCODE), "agent", "list"], project))
    if "Configuration is invalid" in output:
        return set(), output[output.index("Configuration is invalid") :][:300]
    return set(_LISTED.findall(output)), None


def opencode_builtins() -> set[str]:
    empty = Path(tempfile.mkdtemp(prefix="subagent-ls-empty-"))
    try:
        return opencode_agents(empty)[0]
    finally:
        shutil.rmtree(empty, ignore_errors=True)


def observe_opencode(agent: Path, builtins: set[str]) -> Observed:
    project = _project(agent, ".opencode/agent")
    try:
        names, error = opencode_agents(project)
    finally:
        shutil.rmtree(project, ignore_errors=True)
    if error is not None:
        return Observed(False, None, broke_configuration=True, detail=error)
    extra = sorted(names - builtins)
    return Observed(bool(extra), extra[0] if extra else None)


def observe_all(
    harness: str, agents: list[Path], workers: int = 2
) -> tuple[dict[Path, Observed], set[str]]:
    """Observe every file with the named harness (``claude-code`` or ``opencode``); also
    returns the harness's built-in agent names, which a listing cannot tell apart from a file
    that overrides them."""
    if harness == "claude-code":
        builtins, observe = claude_code_builtins(), observe_claude_code
    else:
        builtins, observe = opencode_builtins(), observe_opencode
    with ThreadPoolExecutor(workers) as pool:
        results = pool.map(lambda agent: observe(agent, builtins), agents)
        return dict(zip(agents, results, strict=True)), builtins
