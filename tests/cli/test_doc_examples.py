"""The command line as the docs show it: each usage block of docs/cli.md is the command's own
usage line, each example introduced as "From `FOLDER`, with `COMMAND`:" prints what the page
shows when run there, and each list of harness profiles in the docs names every profile."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pytest
from cli_helpers import run_cli

from subagent_ls.harnesses.registry import PROFILES
from subagent_ls.workspace.config import load_config

REPO = Path(__file__).resolve().parents[2]
CLI_PAGE = REPO / "docs" / "cli.md"
PAGES = [
    *sorted((REPO / "docs").glob("*.md")),
    REPO / "README.md",
    REPO / "client-vscode/README.md",
]
_EXAMPLE = re.compile(r"From `([^`]+)`, with `(subagent-ls [^`]+)`:\n\n```\n(.*?)```", re.DOTALL)
_USAGE = re.compile(r"```\n(subagent-ls (\w+) \[-h\].*?)```", re.DOTALL)


def _words(text: str) -> list[str]:
    return text.split()


@pytest.mark.parametrize(
    ("command", "shown"),
    [(m[2], m[1]) for m in _USAGE.finditer(CLI_PAGE.read_text("utf-8"))],
    ids=lambda value: value if " " not in value else "",
)
def test_each_usage_block_is_the_commands_usage(command, shown):
    run = run_cli(command, "--help", env={"COLUMNS": "100"})
    usage = run.out.split("\n\n", 1)[0].removeprefix("usage: ")
    assert _words(shown) == _words(usage)


EXAMPLES = _EXAMPLE.findall(CLI_PAGE.read_text("utf-8"))


def test_the_page_has_examples_to_run():
    assert len(EXAMPLES) >= 2


@pytest.mark.parametrize(("folder", "command", "shown"), EXAMPLES, ids=[e[1] for e in EXAMPLES])
def test_each_example_prints_what_the_page_shows(folder, command, shown, tmp_path):
    """Run where the page says, with an empty home and no colour: the output is the page's."""
    args = shlex.split(command)[1:]
    run = run_cli(
        *args, cwd=REPO / folder, env={"HOME": str(tmp_path), "NO_COLOR": "1", "FORCE_COLOR": ""}
    )
    assert run.out == shown


HARNESS_LIST = re.compile(r"(?=.*`harness-subagents`)(?=.*`zut`).*")


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(REPO)))
def test_each_list_of_harness_profiles_names_every_profile(page):
    for line in HARNESS_LIST.findall(page.read_text("utf-8")):
        named = set(re.findall(r"`([a-z-]+)`", line)) - {"harness"}  # the setting's own name
        if named <= set(PROFILES):  # a list of profiles and nothing else: all of them
            assert named == set(PROFILES), f"{page.name}: {line}"


def test_the_targets_example_prints_what_the_page_shows(tmp_path):
    """docs/targets.md's example: a Claude Code file whose description holds an unquoted ``: ``,
    as the page describes it, checked with ``subagent-ls check``."""
    page = (REPO / "docs" / "targets.md").read_text("utf-8")
    shown = re.search(r"`subagent-ls check` prints:\n\n```\n(.*?)```", page, re.DOTALL)
    assert shown is not None
    agent = tmp_path / ".claude" / "agents" / "reviewer.md"
    agent.parent.mkdir(parents=True)
    agent.write_text(
        "---\nname: reviewer\ndescription: Reviews code: use when a change is ready.\n---\n"
        "Review the change.\n"
    )
    run = run_cli("check", cwd=tmp_path, env={"HOME": str(tmp_path), "NO_COLOR": "1"})
    assert run.out == shown[1]


def test_the_catalog_json_example_is_what_the_command_prints(tmp_path):
    """docs/catalog.md's JSON: the two ``code-reviewer.md`` of examples/layered laid out as the
    page says, with the page's ``/home/me`` standing for the home; every key it has is in its
    key tables."""
    page = (REPO / "docs" / "catalog.md").read_text("utf-8")
    shown = re.search(r"indented here:\n\n```json\n(.*?)```", page, re.DOTALL)
    assert shown is not None
    home, layered = tmp_path / "home", REPO / "examples" / "layered"
    for source, target in ((layered / "home", home), (layered / "project", home / "project")):
        (target / ".agents" / "agents").mkdir(parents=True)
        name = ".agents/agents/code-reviewer.md"
        (target / name).write_bytes((source / name).read_bytes())
    run = run_cli("catalog", "--format", "json", "--home", str(home), cwd=home / "project")
    assert run.code == 0, run.err
    assert json.loads(run.out.replace(str(home), "/home/me")) == json.loads(shown[1])
    keys = set(re.findall(r"^\| `(\w+)`(?:, `(\w+)`)? \|", page, re.MULTILINE))
    tabled = {key for pair in keys for key in pair if key}
    catalog = json.loads(shown[1])
    assert set(catalog) | set(catalog["entries"][0]) <= tabled


@pytest.mark.parametrize(
    "block",
    re.findall(r"```toml\n(.*?)```", (REPO / "docs" / "configuration.md").read_text("utf-8"), re.S),
)
def test_each_settings_example_of_the_configuration_page_loads_without_a_message(block, tmp_path):
    """As ``.subagent-ls.toml``, or as ``pyproject.toml`` when it is written for one; through
    ``check --show-files``, which says every settings message on stderr."""
    name = "pyproject.toml" if "[tool.subagent-ls" in block else ".subagent-ls.toml"
    (tmp_path / name).write_text(block, encoding="utf-8")
    run = run_cli("check", "--show-files", cwd=tmp_path, env={"HOME": str(tmp_path)})
    assert (run.code, run.err) == (0, "")
    assert load_config(tmp_path / name)[1] == []
