"""The libraries a platform-specific ``.vsix`` carries (``client-vscode/scripts/bundle_libs.py``)
run the server in each supported CPython this machine has (always the one running the tests;
3.12 and 3.13 where they are installed, which no registry of CI's carries: their folders are
checked for their compiled modules), isolated from any environment: the pure-Python packages
shared in ``common/``, the compiled ones (pydantic-core, libyaml's parser) in the folder of that
Python's ABI."""

from __future__ import annotations

import json
import os
import platform
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]
SCRIPT = ROOT / "client-vscode" / "scripts" / "bundle_libs.py"
TARGETS = {("Linux", "x86_64"): "linux-x64", ("Linux", "aarch64"): "linux-arm64"}
PYTHONS = ["3.11", "3.12", "3.13"]
AGENT = "---\nname: planner\ndescription: Plans releases.\ncomplexity: judgement\n---\nPlan.\n"


def interpreter(version: str) -> str | None:
    """A CPython of ``version``: on PATH as ``python3.X``, or one of pyenv's."""
    found = shutil.which(f"python{version}")
    candidates = [found] if found else []
    pyenv = Path(os.environ.get("PYENV_ROOT", Path.home() / ".pyenv")) / "versions"
    candidates += sorted(map(str, pyenv.glob(f"{version}.*/bin/python{version}")), reverse=True)
    for candidate in candidates:
        done = subprocess.run([candidate, "-c", "print(1)"], capture_output=True, timeout=30)
        if done.returncode == 0:
            return candidate
    return None


@pytest.fixture(scope="module")
def libs(tmp_path_factory) -> Path:
    target = TARGETS.get((platform.system(), platform.machine()))
    if target is None:
        pytest.skip(f"no vsce target is tested on {platform.system()} {platform.machine()}")
    wheels = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(wheels), ROOT],
        check=True, capture_output=True, timeout=600,
    )  # fmt: skip
    (wheel,) = wheels.glob("subagent_ls-*.whl")
    out = tmp_path_factory.mktemp("bundled") / "Extensions été" / "libs"
    subprocess.run(
        [sys.executable, str(SCRIPT), target, str(wheel), str(out)],
        check=True, capture_output=True, timeout=600,
    )  # fmt: skip
    return out


def test_the_libraries_are_split_into_shared_and_per_python_folders(libs):
    assert sorted(p.name for p in libs.iterdir()) == ["common", "cp311", "cp312", "cp313"]
    common = {p.name for p in (libs / "common").iterdir()}
    assert {"subagent_ls", "pygls", "lsprotocol", "pydantic", "ruamel"} <= common
    for abi in ("cp311", "cp312", "cp313"):
        own = {p.name for p in (libs / abi).iterdir()}
        assert "pydantic_core" in own and any(name.startswith("_ruamel_yaml.") for name in own)
        assert not own & common
    assert not list(libs.rglob("__pycache__")) and not (libs / "common" / "bin").exists()


RUNNING = f"{sys.version_info.major}.{sys.version_info.minor}"
INSTALLED = [v for v in PYTHONS if v == RUNNING or interpreter(v) is not None]
"""The supported Pythons this machine can run (never none: the one running the tests)."""


@pytest.mark.parametrize("version", INSTALLED)
def test_each_python_runs_the_bundled_server_with_the_compiled_parsers(libs, tmp_path, version):
    python = sys.executable if version == RUNNING else interpreter(version)
    assert python is not None
    abi = "cp" + version.replace(".", "")
    (tmp_path / "planner.md").write_text(AGENT, encoding="utf-8")
    boot = (
        f"import sys; sys.path[0:0] = {json.dumps([str(libs / abi), str(libs / 'common')])}; "
        "import _ruamel_yaml, pydantic_core, runpy; "
        "runpy.run_module('subagent_ls', run_name='__main__', alter_sys=True)"
    )
    done = subprocess.run(
        [python, "-I", "-c", boot, "check", "--format", "json", "planner.md"],
        cwd=tmp_path, capture_output=True, text=True, timeout=120,
        env={"PATH": os.environ.get("PATH", ""), "HOME": str(tmp_path)},
    )  # fmt: skip
    assert done.returncode == 1, done.stderr
    codes = [d["code"] for file in json.loads(done.stdout)["files"] for d in file["diagnostics"]]
    assert "complexity-unknown" in codes
