"""Every list of harnesses follows the registry (``harnesses/registry.py``): outside the harness
packages no module writes a harness's id, folder, file-name suffix or plugin manifest, and what
the VS Code extension lists (its settings' enums, the catalog's descriptions) is the registry's.
A harness added, renamed or removed in the registry fails here until every list follows."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

import subagent_ls
from subagent_ls.analysis.agent_files import activation_globs, kind_of
from subagent_ls.analysis.dialect_choice import dialect_by_place
from subagent_ls.core.globs import glob_matches
from subagent_ls.core.settings import DEFAULT_HARNESS, Settings
from subagent_ls.harnesses.registry import BASE, DIALECTS, HARNESS_OF, PROFILES
from subagent_ls.lsp.catalog_features import watched_globs
from subagent_ls.workspace.config_model import RawSettings
from subagent_ls.workspace.plugin_walk import MANIFEST_NAMES

PACKAGE = Path(subagent_ls.__file__).parent
CLIENT = Path(__file__).parents[2] / "client-vscode"
FOLDERS = {"/".join(f.segments) for d in DIALECTS.values() for f in d.folders}
SUFFIXES = {d.name_suffix for d in DIALECTS.values() if d.name_suffix}
MANIFESTS = {m for p in PROFILES.values() for m in p.project_manifests}
ALLOWED = {
    ("core/settings.py", DEFAULT_HARNESS): "core sits below the registry: a test below checks it",
    ("cli/main.py", "claude-code"): "the top-level help is built before any harness is imported",
    ("analysis/agent_files.py", "gemini"): "GEMINI.md is instructions whoever reads it",
}


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstring nodes of a module, its classes and functions, and of the
    strings written after an assignment (attribute docstrings)."""
    found = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if not isinstance(body, list):
            continue
        for index, statement in enumerate(body):
            documents = index == 0 or isinstance(body[index - 1], ast.Assign | ast.AnnAssign)
            if documents and isinstance(statement, ast.Expr):
                found.add(id(statement.value))
    return found


def _written(text: str) -> set[str]:
    """The harness ids, folders, suffixes and manifests a string writes."""
    named = {
        name
        for name in {*PROFILES, *DIALECTS}
        if re.search(rf"(?<![\w.-]){re.escape(name)}(?![\w-])", text)
    }
    return named | {fact for fact in FOLDERS | SUFFIXES | MANIFESTS if fact in text}


def test_no_module_outside_the_harness_packages_names_a_harness():
    """The strings of the code (documentation aside) name no harness, agent folder, agent file
    suffix or plugin manifest: those come from the registry, where it is read."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        where = path.relative_to(PACKAGE).as_posix()
        if where.startswith("harnesses/"):
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docs = _docstrings(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                if id(node) in docs:
                    continue
                for fact in sorted(_written(node.value)):
                    if (where, fact) not in ALLOWED:
                        found.append(f"{where}:{node.lineno}: {fact!r}")
    assert not found, "write these from the registry:\n" + "\n".join(found)


def test_the_default_harness_is_the_base_formats():
    assert Settings().harness == DEFAULT_HARNESS == HARNESS_OF[BASE.id]


def test_the_settings_accept_every_harness_and_every_dialect():
    for harness in PROFILES:
        RawSettings(harness=harness, targets=[harness])
    RawSettings(dialects={f"{dialect}/*.md": dialect for dialect in DIALECTS})
    with pytest.raises(ValueError):
        RawSettings(harness="nope")


def test_the_editor_watches_and_starts_on_every_agent_folder_and_manifest():
    """The language server's file watchers and the VS Code extension's activation globs take
    in every dialect's folders, every name suffix and every profile's plugin manifests."""
    samples = [f"p/{folder}/x.md" for folder in FOLDERS]
    samples += [f"p/{folder}/sub/x.md" for d in DIALECTS.values() for folder in
                ("/".join(f.segments) for f in d.folders if f.recursive)]  # fmt: skip
    samples += [f"p/q/x{suffix}" for suffix in SUFFIXES]
    samples += [f"p/{manifest}" for manifest in MANIFESTS]
    for globs in (watched_globs(), activation_globs()):
        missed = [s for s in samples if not any(glob_matches(g, s) for g in globs)]
        assert not missed, missed
    assert {m.rpartition("/")[2] for m in MANIFESTS} == MANIFEST_NAMES


def test_a_name_suffix_makes_an_agent_file_of_its_dialect(tmp_path: Path):
    for dialect in DIALECTS.values():
        if dialect.name_suffix is None:
            continue
        path = str(tmp_path / f"notes/x{dialect.name_suffix}")
        assert dialect_by_place(path, Settings(), (str(tmp_path),)).dialect is dialect
        assert kind_of(path, frozenset, Settings(), (str(tmp_path),)).agent


def _package_json() -> dict:
    return json.loads((CLIENT / "package.json").read_text(encoding="utf-8"))


def test_the_vscode_settings_list_the_registrys_harnesses_and_dialects():
    settings = _package_json()["contributes"]["configuration"]["properties"]
    harness = settings["subagents.harness"]
    assert harness["enum"] == list(PROFILES)
    assert len(harness["enumDescriptions"]) == len(PROFILES)
    assert harness["default"] == HARNESS_OF[BASE.id]
    assert settings["subagents.targets"]["items"]["enum"] == list(PROFILES)
    assert settings["subagents.dialects"]["additionalProperties"]["enum"] == list(DIALECTS)


def test_the_vscode_catalog_describes_the_registrys_harnesses():
    text = (CLIENT / "src" / "catalog.ts").read_text(encoding="utf-8")
    block = re.search(r"export const HARNESSES[^=]*= \{(.*?)\n\};", text, re.DOTALL)
    assert block is not None, "catalog.ts no longer holds the HARNESSES table"
    keys = re.findall(r"^\s*'?([\w-]+)'?\s*:", block.group(1), re.MULTILINE)
    assert keys == list(PROFILES)


NVIM = Path(__file__).parents[2] / "editors" / "nvim"


@pytest.mark.parametrize("lua", ["lua/subagent_ls/init.lua", "lsp/subagent_ls.lua"])
def test_the_neovim_root_rule_knows_every_agent_folder(lua: str):
    """The Neovim plugin's root rule looks for every dialect's agent folders, in the registry's
    order (the Lua files keep their own list: ``lsp/subagent_ls.lua`` must stand alone)."""
    text = (NVIM / lua).read_text(encoding="utf-8")
    block = re.search(r"agent_folders = \{(.*?)\n\}", text, re.DOTALL)
    assert block is not None, f"{lua} no longer holds the agent_folders list"
    listed = re.findall(r"^\s*'([^']+)',", block.group(1), re.MULTILINE)
    folders = [
        "/".join(folder.segments) for dialect in DIALECTS.values() for folder in dialect.folders
    ]
    assert listed == list(dict.fromkeys(folders))
