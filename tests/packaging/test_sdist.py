"""The source distribution carries what its docs and tests name from the repository: the
Neovim plugin of ``editors/nvim`` (docs/editors.md puts it on the runtime path, tests/editors
runs it) beside the server, tests and docs. Built with hatchling's PEP 517 hook, as ``python -m
build --sdist`` builds it (hatchling installed apart from the venv by pip)."""

from __future__ import annotations

import subprocess
import sys
import tarfile
from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]


@pytest.fixture(scope="module")
def sdist_names(tmp_path_factory) -> set[str]:
    """The paths in an sdist built from this repository, below its top folder."""
    backend = tmp_path_factory.mktemp("hatchling")
    install = [sys.executable, "-m", "pip", "install", "--quiet", "--target", str(backend)]
    subprocess.run([*install, "hatchling"], check=True, capture_output=True, timeout=600)
    out = tmp_path_factory.mktemp("sdist")
    build = (
        f"import sys; sys.path.insert(0, {str(backend)!r}); "
        f"from hatchling.build import build_sdist; print(build_sdist({str(out)!r}))"
    )
    done = subprocess.run(
        [sys.executable, "-c", build], cwd=ROOT, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stderr[-3000:]
    (archive,) = out.glob("subagent_ls-*.tar.gz")
    with tarfile.open(archive) as sdist:
        return {name.split("/", 1)[1] for name in sdist.getnames() if "/" in name}


def test_the_sdist_carries_the_neovim_plugin_its_docs_and_tests_name(sdist_names):
    plugin = {
        path.relative_to(ROOT).as_posix()
        for path in (ROOT / "editors").rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    }
    assert plugin >= {"editors/nvim/lua/subagent_ls/init.lua", "editors/nvim/lsp/subagent_ls.lua"}
    assert plugin <= sdist_names, sorted(plugin - sdist_names)
    assert {"docs/editors.md", "tests/editors/test_nvim_module.py"} <= sdist_names
