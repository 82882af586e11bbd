"""A harness added as docs/architecture.md's "How to add a harness" says (a package in
``harnesses/`` and its place in the registry, nothing else) is known everywhere: ``check`` judges
a file in its folder (or named with its suffix) in its dialect, ``catalog`` lists its sources,
``schema`` prints its dialect, the settings accept it, the project walk looks for its plugin
manifests and the editor watches its folder and manifests.

The package is added to a copy of ``subagent_ls`` (the installed one is left alone), which the
commands below import first."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import subagent_ls

DIALECT = '''\
"""The toy dialect (``.toy/crew/``): its id is its profile's."""

from subagent_ls.core.findings import Severity
from subagent_ls.core.verdict import Verdict
from subagent_ls.harnesses.common.verdicts import field_name
from subagent_ls.harnesses.model import Dialect, FieldSpec, Folder

FIELDS = {
    spec.key: spec
    for spec in (
        FieldSpec("name", "The toy's name.", ("string",), required=True),
        FieldSpec("description", "What the toy does.", ("string",), required=True),
        FieldSpec("crew-rank", "The toy's rank in its crew.", ("integer",)),
    )
}
name_of = field_name("name")


def toy_verdict(doc, findings):
    errors = [f for f in findings if f.severity is Severity.ERROR]
    if errors:
        return Verdict(False, None, errors[0].message, "rejected", "Toy", errors[0].span)
    return Verdict(True, name_of(doc), None, harness="Toy")


DIALECT = Dialect(
    id="toy",
    harness="Toy",
    summary="Toy agents in `.toy/crew/`.",
    identity="`name`.",
    folders=(Folder((".toy", "crew")),),
    fields=FIELDS,
    verdict=toy_verdict,
    name_suffix=".toy.md",
)
'''
PROFILE = '''\
"""Where the toy harness reads definitions."""

from subagent_ls.harnesses.profile import Profile, Signs
from subagent_ls.harnesses.sources import folder_source, per_root


def toy_sources(env):
    user = folder_source("user", "user ~/.toy/crew", "user", 1, "toy", env.home / ".toy/crew")
    return [user, *per_root(env, ".toy/crew", "project", "project", 2, "toy")]


PROFILE = Profile(
    "toy",
    "Toy",
    {"captain": "The toy's built-in agent."},
    toy_sources,
    project_manifests=(".toy-plugin/toy.json",),
    signs=Signs((".toy",)),
)
'''
INIT = '''\
"""The toy harness."""

from subagent_ls.harnesses.toy.dialect import DIALECT
from subagent_ls.harnesses.toy.profile import PROFILE

__all__ = ["DIALECT", "PROFILE"]
'''
AGENT = """\
---
name: {name}
description: Scouts the code base and reports what it finds. Use when a change is planned.
crew-rank: first
---
Scout the code base.
"""


def register_toy(registry: Path) -> None:
    """Step 2 of "How to add a harness": the package in ``HARNESSES`` and ``LISTED``."""
    text = registry.read_text(encoding="utf-8")
    text, imported = re.subn(
        r"^from __future__ import annotations\n",
        "from __future__ import annotations\n\nfrom subagent_ls.harnesses import toy\n",
        text,
        flags=re.MULTILINE,
    )
    text, listed = re.subn(
        r"^((?:HARNESSES|LISTED) = \([^)]*?),?\s*\)", r"\1, toy)", text, flags=re.MULTILINE
    )
    assert (imported, listed) == (1, 2), "the registry changed: update this test and the docs"
    registry.write_text(text, encoding="utf-8")


@pytest.fixture(scope="module")
def with_toy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the package with the toy harness added; the folder to put on PYTHONPATH."""
    where = tmp_path_factory.mktemp("toy") / "server"
    package = where / "subagent_ls"
    shutil.copytree(
        Path(subagent_ls.__file__).parent, package, ignore=shutil.ignore_patterns("__pycache__")
    )
    toy = package / "harnesses" / "toy"
    toy.mkdir()
    (toy / "__init__.py").write_text(INIT, encoding="utf-8")
    (toy / "dialect.py").write_text(DIALECT, encoding="utf-8")
    (toy / "profile.py").write_text(PROFILE, encoding="utf-8")
    register_toy(package / "harnesses" / "registry.py")
    return where


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("project")
    (root / ".git").mkdir()
    crew = root / ".toy" / "crew"
    crew.mkdir(parents=True)
    (crew / "scout.md").write_text(AGENT.format(name="scout"), encoding="utf-8")
    (root / "notes").mkdir()
    (root / "notes" / "lookout.toy.md").write_text(AGENT.format(name="lookout"), "utf-8")
    (root / ".subagent-ls.toml").write_text(
        'harness = "toy"\ntargets = ["toy"]\n[dialects]\n"other/*.md" = "toy"\n',
        encoding="utf-8",
    )
    return root


def run(with_toy: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("COVERAGE")}
    env["PYTHONPATH"] = os.pathsep.join([str(with_toy), env.get("PYTHONPATH", "")]).rstrip(
        os.pathsep
    )
    env["HOME"] = str(cwd)
    done = subprocess.run(
        [sys.executable, *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=120
    )
    assert "Traceback" not in done.stderr, done.stderr
    return done


def subagent_ls_cli(with_toy: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return run(with_toy, cwd, "-m", "subagent_ls", *args)


def test_the_copy_is_the_package_the_commands_import(with_toy: Path, project: Path):
    done = run(with_toy, project, "-c", "import subagent_ls; print(subagent_ls.__file__)")
    assert Path(done.stdout.strip()).is_relative_to(with_toy)


def test_check_judges_a_file_in_the_toy_folder_in_the_toy_dialect(with_toy: Path, project: Path):
    done = subagent_ls_cli(with_toy, project, "check", "--format", "json", ".")
    assert done.returncode == 1, done.stderr  # errors found, and the settings file is valid
    files = {f["path"]: f for f in json.loads(done.stdout)["files"]}
    scout = files[".toy/crew/scout.md"]
    assert scout["dialect"] == "toy"
    assert [t["id"] for t in scout["harnesses"]] == ["toy"]
    assert scout["harness"]["loads"] is False
    assert any("crew-rank" in d["message"] for d in scout["diagnostics"])
    lookout = files["notes/lookout.toy.md"]
    assert (lookout["dialect"], lookout["dialectReason"]) == (
        "toy",
        "the file name ends in `.toy.md`",
    )


def test_check_takes_the_toy_harness_on_the_command_line(with_toy: Path, project: Path):
    done = subagent_ls_cli(
        with_toy, project, "check", "--isolated", "--targets", "toy", "--dialect", "toy",
        "--format", "json", ".toy/crew/scout.md",
    )  # fmt: skip
    assert done.returncode == 1, done.stderr
    (scout,) = json.loads(done.stdout)["files"]
    assert scout["dialect"] == "toy"


def test_catalog_lists_the_toy_harness_sources_and_built_ins(with_toy: Path, project: Path):
    done = subagent_ls_cli(with_toy, project, "catalog", "--harness", "toy", "--format", "json")
    assert done.returncode in (0, 1), done.stderr
    catalog = json.loads(done.stdout)
    assert catalog["harness"] == "toy"
    names = {entry["name"] for entry in catalog["entries"]}
    assert names == {"captain", "scout"}, names
    paths = [s["path"] for s in catalog["sources"] if s["path"]]
    assert str(project / ".toy" / "crew") in paths


def test_schema_prints_the_toy_dialect(with_toy: Path, project: Path):
    done = subagent_ls_cli(with_toy, project, "schema", "--dialect", "toy")
    assert done.returncode == 0, done.stderr
    schema = json.loads(done.stdout)
    assert set(schema["properties"]) == {"name", "description", "crew-rank"}


def test_the_settings_accept_the_toy_harness_and_dialect(with_toy: Path, project: Path):
    code = (
        "from subagent_ls.workspace.config_model import RawSettings\n"
        "RawSettings(harness='toy', targets=['toy'], dialects={'x/*.md': 'toy'})\n"
        "try:\n"
        "    RawSettings(harness='toys')\n"
        "except ValueError:\n"
        "    print('toys is no harness')\n"
    )
    done = run(with_toy, project, "-c", code)
    assert done.returncode == 0, done.stderr
    assert done.stdout == "toys is no harness\n"


def test_the_editor_watches_the_toy_folder_and_manifests(with_toy: Path, project: Path):
    code = (
        "import json\n"
        "from subagent_ls.analysis.agent_files import activation_globs\n"
        "from subagent_ls.lsp.catalog_features import watched_globs\n"
        "from subagent_ls.workspace.plugin_walk import MANIFEST_NAMES\n"
        "print(json.dumps([list(watched_globs()), activation_globs(), sorted(MANIFEST_NAMES)]))\n"
    )
    done = run(with_toy, project, "-c", code)
    assert done.returncode == 0, done.stderr
    watched, activation, manifests = json.loads(done.stdout)
    for globs in (watched, activation):
        assert {"**/crew/**/*.md", "**/*.toy.md", "**/.toy-plugin/toy.json"} <= set(globs)
    assert "toy.json" in manifests
