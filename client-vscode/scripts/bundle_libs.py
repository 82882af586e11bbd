"""Fills ``bundled/libs/`` of the VS Code extension for one platform: the server wheel and every
library it needs, for each CPython the extension supports, so that the platform's ``.vsix``
starts the server with the user's Python and no network.

    python scripts/bundle_libs.py TARGET WHEEL [OUT]   # TARGET: a `vsce package --target` name
                                                     # OUT: bundled/libs/ by default

Each Python's set comes from the package index as wheels only (``pip install --target
--platform ... --only-binary :all:``). What is the same for every Python (pure-Python packages)
goes to ``bundled/libs/common/``; the rest (compiled extensions: pydantic-core, libyaml's
parser) to ``bundled/libs/cp3XX/``. The extension puts ``cp3XX`` and ``common`` first on the
path of the Python it finds (``src/bundledServer.ts``).
"""

from __future__ import annotations

import filecmp
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

PLATFORMS = {
    "linux-x64": ["manylinux_2_17_x86_64", "manylinux2014_x86_64"],
    "linux-arm64": ["manylinux_2_17_aarch64", "manylinux2014_aarch64"],
    "darwin-x64": ["macosx_10_15_x86_64"],
    "darwin-arm64": ["macosx_11_0_arm64"],
    "win32-x64": ["win_amd64"],
}
"""pip's platform tags for each ``vsce`` target (pip also takes older macOS and manylinux)."""
PYTHONS = ["3.11", "3.12", "3.13"]
"""The Pythons the package supports (its classifiers; a test keeps them equal)."""
LIBS = Path(__file__).resolve().parents[1] / "bundled" / "libs"


def install(wheel: Path, target: str, python: str, into: Path) -> None:
    """The wheel and its dependencies for one Python on one platform, unpacked into ``into``."""
    platforms = [arg for tag in PLATFORMS[target] for arg in ("--platform", tag)]
    subprocess.run(
        [
            sys.executable, "-m", "pip", "install", "--quiet", "--disable-pip-version-check",
            "--no-compile", "--only-binary", ":all:", "--implementation", "cp",
            "--python-version", python, *platforms, "--target", str(into), str(wheel),
        ],
        check=True,
    )  # fmt: skip
    shutil.rmtree(into / "bin", ignore_errors=True)  # console scripts, made for this machine


def same_tree(one: Path, other: Path) -> bool:
    if one.is_file() or other.is_file():
        return one.is_file() and other.is_file() and filecmp.cmp(one, other, shallow=False)
    compared = filecmp.dircmp(one, other)
    if compared.left_only or compared.right_only or compared.funny_files:
        return False
    _, mismatch, errors = filecmp.cmpfiles(one, other, compared.common_files, shallow=False)
    return (
        not mismatch
        and not errors
        and all(same_tree(one / name, other / name) for name in compared.common_dirs)
    )


def remove(path: Path) -> None:
    if path.is_dir():
        shutil.rmtree(path)
    else:
        path.unlink()


def split(sets: dict[str, Path], out: Path) -> None:
    """Moves what every set holds alike to ``out/common``, the rest to ``out/cp3XX``."""
    first = next(iter(sets.values()))
    (out / "common").mkdir(parents=True)
    for entry in sorted(first.iterdir()):
        if all(same_tree(entry, other / entry.name) for other in sets.values()):
            shutil.move(entry, out / "common" / entry.name)
            for other in list(sets.values())[1:]:
                remove(other / entry.name)
    for abi, folder in sets.items():
        shutil.move(folder, out / abi)


def main() -> None:
    if len(sys.argv) not in (3, 4) or sys.argv[1] not in PLATFORMS:
        sys.exit(f"usage: bundle_libs.py {{{','.join(PLATFORMS)}}} WHEEL [OUT]")
    target, wheel = sys.argv[1], Path(sys.argv[2]).resolve()
    out = Path(sys.argv[3]).resolve() if len(sys.argv) == 4 else LIBS
    shutil.rmtree(out, ignore_errors=True)
    with tempfile.TemporaryDirectory() as temp:
        sets = {}
        for python in PYTHONS:
            abi = "cp" + python.replace(".", "")
            install(wheel, target, python, Path(temp, abi))
            sets[abi] = Path(temp, abi)
        split(sets, out)
    print(f"{out}: {target}, {', '.join(sorted(p.name for p in out.iterdir()))}")


if __name__ == "__main__":
    main()
