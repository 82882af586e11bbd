"""An install compiles nothing: every dependency of the package resolves to a wheel for each
supported Python on Linux (x86-64, ARM), macOS (Intel, Apple silicon) and Windows, as
``pip download --only-binary :all:`` finds them on the package index."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]
DEPENDENCIES = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"][
    "dependencies"
]
PLATFORMS = [
    "manylinux2014_x86_64",
    "manylinux2014_aarch64",
    "macosx_10_13_x86_64",
    "macosx_11_0_arm64",
    "win_amd64",
]
PYTHONS = ["3.11", "3.12", "3.13"]


@pytest.mark.parametrize("python", PYTHONS)
@pytest.mark.parametrize("platform", PLATFORMS)
def test_every_dependency_has_a_wheel(tmp_path, platform, python):
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
            "--platform",
            platform,
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
