"""What every benchmark does first: measure subagent-ls as an installed package runs.

``pip install`` of a wheel compiles the package's bytecode; an editable install in an
environment with ``PYTHONDONTWRITEBYTECODE`` set never writes it, and every start would then
compile the sources again. The benchmarks compile it once, as an installation does.
"""

from __future__ import annotations

import compileall
from pathlib import Path

import subagent_ls


def as_installed() -> None:
    compileall.compile_dir(Path(subagent_ls.__file__).parent, quiet=1)
