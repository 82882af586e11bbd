"""The package's floors as docs/architecture.md draws them: the import contracts pass, the
independence contract names every registered harness package, and each harness package exports
its dialect and profile under one id; and every module and function stays small."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from helpers import require
from subagent_ls.harnesses import registry

ROOT = Path(__file__).parents[2]
CONTRACTS = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]


def test_the_import_contracts_hold():
    lint_imports = shutil.which("lint-imports", path=str(Path(sys.executable).parent))
    if lint_imports is None:
        require(["lint-imports (import-linter, a test extra)"])
    done = subprocess.run(
        [lint_imports, "--no-cache"], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "3 kept, 0 broken" in done.stdout


def test_the_independence_contract_names_every_harness_package():
    (independence,) = [c for c in CONTRACTS["contracts"] if c["type"] == "independence"]
    assert sorted(independence["modules"]) == sorted(h.__name__ for h in registry.HARNESSES)


def test_every_harness_package_is_registered_once_in_each_order():
    assert sorted(h.__name__ for h in registry.LISTED) == sorted(
        h.__name__ for h in registry.HARNESSES
    )
    assert len(set(registry.HARNESSES)) == len(registry.HARNESSES)


@pytest.mark.parametrize("harness", registry.HARNESSES, ids=lambda h: h.__name__.split(".")[-1])
def test_a_harness_package_exports_its_dialect_and_profile_under_one_id(harness):
    assert harness.DIALECT.id == harness.PROFILE.id
    assert registry.DIALECTS[harness.DIALECT.id] is harness.DIALECT
    assert registry.PROFILES[harness.PROFILE.id] is harness.PROFILE


def _modules_on_the_page() -> list[str]:
    """The modules the page's "Every module" table names, in its order."""
    page = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    table = page.split("## Every module", 1)[1]
    return [line.split("`")[1] for line in table.splitlines() if line.startswith("| `")]


def test_the_architecture_page_names_every_module_once_with_its_job():
    """A module added, moved or removed without the page fails here."""
    package = ROOT / "server" / "subagent_ls"
    tree = sorted(
        path.relative_to(package).as_posix()
        for path in package.rglob("*.py")
        if path.name != "__init__.py"
    )
    named = _modules_on_the_page()
    assert sorted(set(named)) == sorted(named), "a module named twice"
    assert sorted(named) == tree


MAX_MODULE_LINES = 400
MAX_FUNCTION_LINES = 80


def _oversized(package: Path) -> list[str]:
    """The modules over ``MAX_MODULE_LINES`` lines and the functions (methods and nested ones
    too, their decorators counted) over ``MAX_FUNCTION_LINES``, each with its size."""
    offenders = []
    for path in sorted(package.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        where = path.relative_to(package).as_posix()
        lines = len(text.splitlines())
        if lines > MAX_MODULE_LINES:
            offenders.append(f"{where}: {lines} lines")
        for node in ast.walk(ast.parse(text, where)):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                start = min([node.lineno, *(d.lineno for d in node.decorator_list)])
                length = (node.end_lineno or node.lineno) - start + 1
                if length > MAX_FUNCTION_LINES:
                    offenders.append(f"{where}:{start} {node.name}(): {length} lines")
    return offenders


def test_every_module_and_function_is_small():
    """One module, one job: at most 400 lines a module and 80 a function."""
    offenders = _oversized(ROOT / "server" / "subagent_ls")
    assert not offenders, "over the size limits:\n" + "\n".join(offenders)
