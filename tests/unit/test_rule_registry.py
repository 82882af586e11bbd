"""The rule registry is one written table: a fresh interpreter that imports only it knows every
rule, per-file and cross-file (the rules docs/rules.md documents: ``test_rules_doc``); every
code the package reports is a constant of that table (or a code a dialect names, which is in it
too); and every check of the rule modules is listed in ``rules.checks``, so that it runs."""

from __future__ import annotations

import ast
import importlib
import inspect
import json
import pkgutil
import subprocess
import sys
from functools import cache
from pathlib import Path

import subagent_ls.rules
from subagent_ls.harnesses.registry import DIALECTS
from subagent_ls.rules import checks, registry
from subagent_ls.rules.registry import RULES

REPO = Path(__file__).parents[2]
PACKAGE = REPO / "server" / "subagent_ls"
REGISTRY = registry.__name__

FRESH = f"""
import json, sys
from {REGISTRY} import RULES
loaded = sorted(m for m in sys.modules if m.startswith("subagent_ls.rules."))
print(json.dumps({{"codes": list(RULES), "loaded": loaded}}))
"""
CODE_ARGUMENT = {"report": 0, "Finding": 0, "CrossFinding": 1}
"""The calls that make a finding, and the position of its code among their arguments."""


def test_a_fresh_interpreter_importing_only_the_registry_knows_every_rule():
    """The same rules, in the same order, as here after every other import of the tests; the
    rules found beside a file (across files, an unused suppression) among them."""
    done = subprocess.run([sys.executable, "-c", FRESH], capture_output=True, text=True, check=True)
    fresh = json.loads(done.stdout)
    assert fresh["loaded"] == [REGISTRY]  # no rule module, no check was imported first
    assert fresh["codes"] == list(RULES)
    beside = {"duplicate-name", "shadowed", "overrides", "description-budget", "suppression-unused"}
    assert beside <= set(fresh["codes"])


@cache
def _modules() -> list[tuple[str, ast.Module]]:
    return [
        (str(path.relative_to(PACKAGE)), ast.parse(path.read_text(encoding="utf-8")))
        for path in sorted(PACKAGE.rglob("*.py"))
    ]


def _from_registry(tree: ast.Module) -> set[str]:
    """The names a module imports from the registry (at its top or inside a function)."""
    return {
        alias.asname or alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module == REGISTRY
        for alias in node.names
    }


def _code_arguments(tree: ast.Module) -> list[ast.expr]:
    """The code argument of every call that makes a finding."""
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        called = node.func
        name = called.attr if isinstance(called, ast.Attribute) else getattr(called, "id", None)
        position = CODE_ARGUMENT.get(name or "")
        if position is not None and len(node.args) > position:
            found.append(node.args[position])
    return found


def test_every_code_the_package_reports_is_a_constant_of_the_table():
    """A finding names its code by a constant imported from the registry (or as a string of
    the table); a variable passes on a code taken from a dialect or from another finding."""
    constants = {
        name for name, value in vars(registry).items() if isinstance(value, str) and value in RULES
    }
    named = 0
    for path, tree in _modules():
        imported = _from_registry(tree)
        for argument in _code_arguments(tree):
            where = f"{path}:{argument.lineno}"
            if isinstance(argument, ast.Constant):
                assert argument.value in RULES, where
            elif isinstance(argument, ast.Name) and argument.id.isupper():
                assert argument.id in constants and argument.id in imported, where
                named += 1
    assert named > len(RULES) // 2  # the scan finds the calls it is meant to


def test_no_module_but_the_registry_spells_a_rule_code_as_a_constant():
    """A code is written once, in the table: no other module holds it in a constant of its
    own (which the table could miss)."""
    spelled = []
    for path, tree in _modules():
        if path == "rules/registry.py":
            continue
        for node in tree.body:
            value = node.value if isinstance(node, ast.Assign | ast.AnnAssign) else None
            if isinstance(value, ast.Constant) and value.value in RULES:
                spelled.append(f"{path}:{node.lineno}")
    assert spelled == []


def test_every_code_a_dialect_names_is_in_the_table():
    """The codes dialects carry as data: severities, a field's own rule for a bad value or
    shape, and the traps' rules."""
    for dialect in DIALECTS.values():
        named = set(dialect.severity) | {trap.code for trap in dialect.traps}
        for spec in dialect.fields.values():
            named |= {spec.unknown_value_code, spec.shape_code} - {None}
        assert named <= RULES.keys(), (dialect.id, named - RULES.keys())


def test_every_check_of_the_rule_modules_is_listed_once():
    """A public function of a rule module that takes only the context and returns nothing is a
    check: it runs only if ``rules.checks`` lists it."""
    listed = [*checks.DOCUMENT, *checks.FIELDS, *checks.BODY]
    assert len(set(listed)) == len(listed)
    found = {
        function
        for info in pkgutil.iter_modules(subagent_ls.rules.__path__, "subagent_ls.rules.")
        for name, function in inspect.getmembers(importlib.import_module(info.name))
        if inspect.isfunction(function)
        and function.__module__ == info.name
        and not name.startswith("_")
        and _is_check(function)
    }
    assert found == set(listed)


def _is_check(function: object) -> bool:
    """Whether ``function`` is written ``(ctx: LintContext) -> None`` (annotations are strings
    in the package: ``from __future__ import annotations``)."""
    signature = inspect.signature(function)  # type: ignore[arg-type]
    parameters = [p.annotation for p in signature.parameters.values()]
    return parameters == ["LintContext"] and signature.return_annotation == "None"
