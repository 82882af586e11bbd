"""The Gemini CLI dialect and profile: what Gemini CLI 0.61.0 does with a file (the oracle
matrix in ``tests/harness/oracle_gemini.py`` checks the same against the real binary)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from subagent_ls.analysis.lint import lint
from subagent_ls.core.document import AgentDocument
from subagent_ls.core.settings import Settings
from subagent_ls.harnesses.registry import DIALECTS

PATH = "/p/.gemini/agents/helper.md"
SCRIPT = Path(sys.executable).with_name("subagent-ls")


def verdict(text: str, path: str = PATH, has_bom: bool = False):
    doc = AgentDocument(path, text, has_bom=has_bom)
    return lint(doc, DIALECTS["gemini"], Settings()).verdict


def fm(*lines: str) -> str:
    return "\n".join(["---", *lines, "---", "Body.", ""])


BASE = ("name: helper", "description: Helps.")


@pytest.mark.parametrize(
    ("text", "description"),
    [
        (fm(*BASE), "Helps."),
        (fm(*BASE).replace("\n", "\r\n"), "Helps."),
        ("---\n\nname: helper\ndescription: Helps.\n-----\n", "Helps."),
        ("---\nname: helper\ndescription: Helps.\n--- end\n", "Helps."),
        (fm("name: helper", "description: |", "  One.", "  Two."), "One.\nTwo.\n"),
        (fm("name: helper", "description: yes"), "yes"),
        (fm(*BASE, "tools: [read_file, mcp_github_create_issue, mcp_*, '*']"), "Helps."),
        (fm(*BASE, "temperature: 7", "max_turns: 3.0", "model: gpt-4"), "Helps."),
    ],
)
def test_loads_with_the_description_the_model_is_given(text, description):
    result = verdict(text)
    assert (result.loads, result.name, result.description) == (True, "helper", description)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("--- \nname: helper\ndescription: Helps.\n---\n", "finds no frontmatter"),
        ("----\nname: helper\ndescription: Helps.\n---\n", "finds no frontmatter"),
        ("---\nname: helper\ndescription: Helps.\n", "finds no frontmatter"),
        (fm("name: helper", "description: Use when: tests fail"), "cannot parse the YAML"),
        (fm(*BASE, "description: Again."), "duplicated mapping key"),
        (fm(*BASE, "color: blue"), "Unrecognized key(s) in object: 'color'"),
        (fm("name: Helper", "description: Helps."), "name: Name must be a valid slug"),
        (fm("name: 0b101", "description: Helps."), "name: Expected string, received number"),
        (fm("name: helper", "description: 2024-01-01"), "received date"),
        (fm("name: helper", "description:"), "description: Expected string, received null"),
        (fm(*BASE, "tools: read_file"), "tools: Expected array, received string"),
        (fm(*BASE, "tools: [Read]"), "tools.0: Invalid tool name"),
        (fm(*BASE, "max_turns: 0"), "max_turns: Number must be greater than 0"),
        (fm(*BASE, "timeout_mins: 1.5"), "timeout_mins: Expected integer, received float"),
        (fm(*BASE, "kind: remote"), "agent_card_url: Required"),
    ],
)
def test_rejected_with_the_reason(text, reason):
    result = verdict(text)
    assert (result.loads, result.outcome) == (False, "rejected")
    assert reason in result.reason


def test_a_byte_order_mark_hides_the_frontmatter():
    assert verdict(fm(*BASE), has_bom=True).outcome == "rejected"


def test_files_starting_with_an_underscore_are_ignored():
    result = verdict(fm(*BASE), "/p/.gemini/agents/_draft.md")
    assert (result.loads, result.outcome) == (False, "ignored")


def test_a_remote_agent_with_an_inline_card_is_described_from_it():
    card = {"url": "http://127.0.0.1:9/a2a", "description": "From the card.", "skills": []}
    card["skills"].append({"name": "Skill one"})
    text = fm("name: remote", "description: Mine.", f"agent_card_json: '{json.dumps(card)}'")
    result = verdict(text)
    assert result.loads and result.description == (
        "User Description: Mine.\nAgent Description: From the card.\nSkills:\n"
        "Skill one: No description provided"
    )
    assert not verdict(text.replace('"url"', '"link"')).loads


def catalog(tmp_path: Path, files: dict[str, str]) -> dict[str, tuple[str, str]]:
    """The effective agents of the gemini catalog: name -> (source, description)."""
    project, home = tmp_path / "project", tmp_path / "home"
    for relative, text in files.items():
        path = home / relative[2:] if relative.startswith("~/") else project / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    project.mkdir(exist_ok=True)
    home.mkdir(exist_ok=True)
    (project / ".gemini/agents").mkdir(parents=True, exist_ok=True)
    (project / ".gemini/agents/linked.md").symlink_to(project / "linked.md")
    command = [str(SCRIPT), "catalog", "--harness", "gemini", "--home", str(home)]
    done = subprocess.run(
        [*command, "--format", "json"], cwd=project, capture_output=True, text=True, check=False
    )
    entries = json.loads(done.stdout)["entries"]
    return {
        e["name"]: (e["source"], e["description"]) for e in entries if e["effective"] and e["loads"]
    }


def test_the_catalog_is_what_gemini_cli_registers(tmp_path):
    def one(name: str, description: str) -> str:
        return fm(f"name: {name}", f"description: {description}")

    offered = catalog(
        tmp_path,
        {
            ".gemini/agents/b.md": one("helper", "Project, second."),
            ".gemini/agents/a.md": one("helper", "Project, first."),
            "~/.gemini/agents/helper.md": one("helper", "User."),
            "~/.gemini/agents/generalist.md": one("generalist", "Mine."),
            "~/.gemini/agents/.hidden.md": one("hidden", "Read."),
            ".gemini/agents/_draft.md": one("draft", "Skipped."),
            ".gemini/agents/sub/nested.md": one("nested", "Not read."),
            "linked.md": one("linked", "A link is skipped."),
        },
    )
    assert offered == {
        "codebase_investigator": ("builtin", offered["codebase_investigator"][1]),
        "cli_help": ("builtin", offered["cli_help"][1]),
        "generalist": ("builtin", offered["generalist"][1]),
        "helper": ("project", "Project, first."),
        "hidden": ("user", "Read."),
    }


def test_check_reads_the_dot_files_gemini_cli_reads(tmp_path):
    folder = tmp_path / ".gemini/agents"
    folder.mkdir(parents=True)
    (folder / ".hidden.md").write_text(fm(*BASE, "color: red"))
    (tmp_path / "pyproject.toml").write_text('[tool.subagent-ls]\nharness = "gemini"\n')
    done = subprocess.run(
        [str(SCRIPT), "check", "--format", "json", "."],
        cwd=tmp_path,
        env={"HOME": str(tmp_path / "home"), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        check=False,
    )
    (report,) = json.loads(done.stdout)["files"]
    assert report["harness"]["outcome"] == "rejected"
    assert "Unrecognized key(s) in object: 'color'" in report["harness"]["reason"]


def test_a_long_description_is_no_error_gemini_gives_it_whole():
    """Gemini CLI's schema sets no length on `description` and the model is given it
    untruncated: the base format's 1,024 characters are an info, and the file loads."""
    long = "Use when " + "the change is ready " * 60
    doc = AgentDocument(PATH, fm("name: helper", f"description: {long}"))
    result = lint(doc, DIALECTS["gemini"], Settings())
    (finding,) = [f for f in result.findings if f.code == "description-length"]
    assert finding.severity.name == "INFO"
    assert result.verdict.loads and result.verdict.description == long.strip()
