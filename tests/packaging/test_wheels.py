"""An install compiles nothing: every dependency of the package resolves to a wheel for each
supported Python on Linux (x86-64, ARM), macOS (Intel, Apple silicon) and Windows, as
``pip download --only-binary :all:`` finds them on the package index: the platforms and Pythons
the VS Code extension bundles the server for (``client-vscode/scripts/bundle_libs.py``)."""

from __future__ import annotations

import runpy
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]
DEPENDENCIES = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"][
    "dependencies"
]
BUNDLING = runpy.run_path(str(ROOT / "client-vscode" / "scripts" / "bundle_libs.py"))
PLATFORMS: dict[str, list[str]] = BUNDLING["PLATFORMS"]


def test_the_bundled_platforms_and_pythons_are_the_supported_ones():
    assert list(PLATFORMS) == [
        "linux-x64", "linux-arm64", "darwin-x64", "darwin-arm64", "win32-x64",
    ]  # fmt: skip
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    prefix = "Programming Language :: Python :: 3."
    supported = [c.rsplit(" ", 1)[1] for c in project["classifiers"] if c.startswith(prefix)]
    assert BUNDLING["PYTHONS"] == supported


@pytest.mark.parametrize("python", BUNDLING["PYTHONS"])
@pytest.mark.parametrize("target", PLATFORMS)
def test_every_dependency_has_a_wheel(tmp_path, target, python):
    platforms = [arg for tag in PLATFORMS[target] for arg in ("--platform", tag)]
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "download",
            "--quiet",
            "--disable-pip-version-check",
            "--only-binary",
            ":all:",
            "--implementation",
            "cp",
            "--python-version",
            python,
            *platforms,
            "--dest",
            str(tmp_path),
            *DEPENDENCIES,
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    names = {path.name.split("-")[0].lower() for path in tmp_path.glob("*.whl")}
    assert {"ruamel_yaml_clib", "pydantic_core", "pygls", "lsprotocol"} <= names
    assert not [p for p in tmp_path.iterdir() if not p.name.endswith(".whl")]  # no sdist
