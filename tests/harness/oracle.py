"""The oracle matrix: edge cases run through a real harness, offline, and compared with what
subagent-ls says the harness will do.

A :class:`Case` is a small layered home and project (files, symbolic links). For each case the
harness's runner (``oracle_<harness>.py``: ``HARNESS``, ``missing()``, ``observe()``, ``CASES``)
reports what the harness offers the model: every agent by name, with the description the model
is given where the run shows it, or that the whole configuration was refused. ``ours`` reads the
same home and project with ``subagent-ls catalog --harness ... --format json``: the entries that
take effect and load, and whether any file breaks the configuration. ``compare`` lists the
differences; an empty list is agreement.

The pinned harness versions are in ``pins.json`` beside this file: ``.ci/run`` installs them, and
each dialect module states the version it was verified against (a test keeps them equal).
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]
PINS: dict[str, dict[str, str]] = json.loads((HERE / "pins.json").read_text())
HARNESS_DIR = Path(os.environ.get("SUBAGENT_LS_HARNESS_DIR", REPO / ".harness"))
MODULES = HARNESS_DIR / "node_modules"
SCRIPT = Path(sys.executable).with_name("subagent-ls")


@dataclass(frozen=True)
class Link:
    """A symbolic link to ``target`` (relative to the link's folder, or absolute)."""

    target: str


@dataclass(frozen=True)
class Case:
    """One edge case: ``files`` maps paths to contents; a path starting with ``~/`` lies in the
    home folder, any other in the project; ``@HOME@`` and ``@PROJECT@`` in a text stand for
    their absolute paths (settings name folders in full). ``note`` says what the case probes;
    ``start`` is the folder of the project the harness (and the catalog) is started in."""

    id: str
    files: Mapping[str, str | bytes | Link]
    note: str = ""
    start: str = ""


@dataclass(frozen=True)
class Offered:
    """One agent the harness offers: its name and the description the model is given (None
    where the run does not show descriptions)."""

    name: str
    description: str | None = None


@dataclass(frozen=True)
class Observation:
    """What a harness does with a home and project: the agents it offers (built-ins too), or
    the message with which it refuses the whole configuration."""

    offered: dict[str, Offered] = field(default_factory=dict)
    refused: str | None = None
    log: str = ""


def build(case: Case, root: Path) -> tuple[Path, Path]:
    """Lay the case out below ``root``: returns (project, home)."""
    project, home = root / "project", root / "home"
    project.mkdir(parents=True)
    home.mkdir()
    for relative, content in case.files.items():
        path = home / relative[2:] if relative.startswith("~/") else project / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, Link):
            path.symlink_to(content.target)
        elif isinstance(content, bytes):
            path.write_bytes(content)
        else:
            text = content.replace("@HOME@", str(home)).replace("@PROJECT@", str(project))
            path.write_text(text, encoding="utf-8")
    return project, home


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@dataclass(frozen=True)
class Run:
    output: str
    code: int
    requests: list[dict]
    """What the command sent to the stub model server, in order."""


def run_offline(
    command: list[str],
    cwd: Path,
    home: Path,
    env: Mapping[str, str] | None = None,
    *,
    stub_port: int | None = None,
    timeout: float = 120,
    gemini_call: dict | None = None,
) -> Run:
    """Run ``command`` in a network namespace with loopback only, with ``HOME`` set to ``home``
    and nothing else of this machine's environment but ``PATH``; with ``stub_port``, a stub
    model server listens on 127.0.0.1 there and its requests are returned (``gemini_call``: the
    function call it answers the first Gemini request that offers that function with)."""
    scratch = Path(tempfile.mkdtemp(prefix="subagent-ls-run-"))
    log = scratch / "requests.jsonl"
    launcher = [sys.executable, str(HERE / "offline.py"), "--timeout", str(timeout)]
    if stub_port:
        launcher += ["--stub-port", str(stub_port), "--stub-log", str(log)]
    if gemini_call:
        launcher += ["--stub-gemini-call", json.dumps(gemini_call)]
    full_env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(home),
        "XDG_CONFIG_HOME": str(home / ".config"),
        "XDG_DATA_HOME": str(home / ".local/share"),
        "XDG_CACHE_HOME": str(home / ".cache"),
        "XDG_STATE_HOME": str(home / ".local/state"),
        **(env or {}),
    }
    try:
        done = subprocess.run(
            ["unshare", "-n", *launcher, "--", *command],
            cwd=cwd,
            env=full_env,
            capture_output=True,
            text=True,
            errors="replace",
            timeout=timeout + 30,
            stdin=subprocess.DEVNULL,
        )
        lines = log.read_text().splitlines() if log.exists() else []
        return Run(done.stdout + done.stderr, done.returncode, [json.loads(x) for x in lines])
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def unshare_problem() -> str | None:
    """Why offline runs cannot happen here (None when they can)."""
    if shutil.which("unshare") is None:
        return "unshare (util-linux)"
    if subprocess.run(["unshare", "-n", "true"], capture_output=True).returncode != 0:
        return "unshare -n (needs root)"
    if shutil.which("ip") is None:
        return "ip (iproute2), to bring up loopback in the namespace"
    return None


def ours(harness: str, project: Path, home: Path) -> Observation:
    """What subagent-ls says ``harness`` offers for this home and project."""
    done = subprocess.run(
        [str(SCRIPT), "catalog", "--harness", harness, "--home", str(home), "--format", "json"],
        cwd=project,
        env={**os.environ, "HOME": str(home)},
        capture_output=True,
        text=True,
        timeout=60,
    )
    if done.returncode not in (0, 1) or "Traceback" in done.stderr:
        raise RuntimeError(f"subagent-ls catalog failed: {done.stderr[-2000:]}")
    catalog = json.loads(done.stdout)
    offered, refused = [], None
    for entry in catalog["entries"]:
        if entry.get("outcome") == "breaks-configuration" and refused is None:
            refused = f"{entry['uri']}: breaks the configuration"
        if entry["effective"] and entry["loads"] and not entry["disabled"]:
            described = entry["source"] != "builtin"  # built-ins: the name only
            description = entry["description"] if described else None
            offered.append(Offered(entry["name"], description))
    return Observation(by_name(offered), refused, done.stdout)


def by_name(agents: list[Offered]) -> dict[str, Offered]:
    """Agents keyed by name; where a harness offers one name more than once (Copilot), the
    keys are ``name``, ``name (2)``, ... in the order of their descriptions, the ones without
    a description (built-ins) first."""
    groups: dict[str, list[Offered]] = {}
    for agent in agents:
        groups.setdefault(agent.name, []).append(agent)
    keyed = {}
    for name, group in groups.items():
        group.sort(key=lambda a: (a.description is not None, a.description or ""))
        for index, agent in enumerate(group):
            keyed[name if index == 0 else f"{name} ({index + 1})"] = agent
    return keyed


def compare(theirs: Observation, mine: Observation) -> list[str]:
    """The differences between the harness and subagent-ls (empty: they agree)."""
    if (theirs.refused is None) != (mine.refused is None):
        said = "refuses" if theirs.refused else "accepts"
        return [f"the harness {said} the configuration ({theirs.refused}); we say {mine.refused}"]
    if theirs.refused is not None:
        return []
    problems = []
    for name in sorted(theirs.offered.keys() - mine.offered.keys()):
        problems.append(f"the harness offers {name!r}, we do not")
    for name in sorted(mine.offered.keys() - theirs.offered.keys()):
        problems.append(f"we offer {name!r}, the harness does not")
    for name in sorted(theirs.offered.keys() & mine.offered.keys()):
        seen, said = theirs.offered[name].description, mine.offered[name].description
        if seen is not None and said is not None and seen != said:
            problems.append(f"{name!r}: the model is given {seen!r}, we say {said!r}")
    return problems


def installed_version(harness: str) -> str | None:
    package = MODULES / PINS[harness]["package"] / "package.json"
    if not package.exists():
        return None
    return json.loads(package.read_text()).get("version")


def missing_harness(harness: str, *files: Path) -> list[str]:
    """What this machine lacks to run ``harness`` at its pinned version (empty: nothing)."""
    pin = PINS[harness]
    missing = []
    version = installed_version(harness)
    if version != pin["version"]:
        found = f" (found {version})" if version else ""
        missing.append(f"{pin['package']}@{pin['version']} in {MODULES}{found}")
    missing += [str(f) for f in files if not f.exists()]
    if problem := unshare_problem():
        missing.append(problem)
    return missing
