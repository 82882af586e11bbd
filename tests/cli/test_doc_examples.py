"""The command line as the docs show it: each usage block of docs/cli.md is the command's own
usage line, each example introduced as "From `FOLDER`, with `COMMAND`:" prints what the page
shows when run there, and each list of harness profiles in the docs names every profile."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from cli_helpers import run_cli

from subagent_ls.harnesses.registry import PROFILES

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
