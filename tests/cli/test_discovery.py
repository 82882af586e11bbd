"""What ``subagent-ls check .`` finds in the layouts repositories of agents use (plugins,
collections, ``*.agent.md`` files, OpenCode copies), what it leaves alone in them (READMEs,
docs, changelogs, skills, commands, prompt files, issue templates), and what it says when it
finds nothing."""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import run_cli

AGENT = (
    "---\nname: {name}\ndescription: Reviews code. Use when a change is ready.\n{extra}---\nBody.\n"
)

PLUGINS = {
    # a marketplace of Claude Code plugins, each with agents, commands and skills
    ".claude-plugin/marketplace.json": '{"plugins": []}',
    "README.md": "# Plugins\n\nInstall with `/plugin install`.\n",
    "CHANGELOG.md": "---\ntitle: Changelog\n---\n## 1.0\n",
    "CONTRIBUTING.md": "# Contributing\n",
    "CLAUDE.md": "Run the tests before committing.\n",
    "AGENTS.md": "---\nname: repo\ndescription: Instructions for coding agents\n---\nUse uv.\n",
    "docs/plugins.md": "---\ntitle: Plugins\ndescription: The plugins of this marketplace\n---\n",
    "docs/agents/overview.md": "---\ntitle: Agents\ndescription: How the agents work\n---\n",
    "plugins/backend/README.md": "# Backend plugin\n",
    "plugins/backend/.claude-plugin/plugin.json": '{"name": "backend"}',
    "plugins/backend/agents/api-architect.md": AGENT.format(name="api-architect", extra=""),
    "plugins/backend/agents/reviewer.md": AGENT.format(name="reviewer", extra="model: opus\n"),
    "plugins/backend/commands/deploy.md": (
        "---\ndescription: Deploy the service\nallowed-tools: Bash(git:*)\n"
        "argument-hint: [env]\nmodel: sonnet\n---\nDeploy to $1.\n"
    ),
    "plugins/backend/skills/openapi/SKILL.md": (
        "---\nname: openapi\ndescription: Writes OpenAPI specifications\n"
        "allowed-tools: Read, Write\n---\nSteps.\n"
    ),
    "plugins/backend/skills/openapi/reference.md": "# Reference\n",
}

COLLECTION = {
    # a collection by category, with a README per category (as awesome lists keep them)
    "README.md": "# Awesome subagents\n\n| agent | what |\n|---|---|\n",
    "LICENSE.md": "MIT\n",
    "agents/README.md": "# Agents\n\nCopy them into `.claude/agents/`.\n",
    "agents/core/code-reviewer.md": AGENT.format(name="code-reviewer", extra=""),
    "agents/specialized/python/django-expert.md": AGENT.format(name="django-expert", extra=""),
    "categories/README.md": "# Categories\n",
    "categories/01-core/README.md": "---\ntitle: Core\n---\n# Core development\n",
    "categories/01-core/api-designer.md": AGENT.format(
        name="api-designer", extra="tools: Read, Write\nmodel: sonnet\n"
    ),
    ".github/ISSUE_TEMPLATE/new-agent.md": (
        "---\nname: New agent\nabout: Propose an agent\nlabels: agent\n---\n"
    ),
    ".github/pull_request_template.md": "## What\n",
    ".claude/agents/helper.md": AGENT.format(name="helper", extra=""),
}

COPILOT = {
    # custom agents next to the other Copilot customisation files
    "README.md": "# Awesome Copilot\n",
    "docs/README.agents.md": "# Custom agents\n\n| agent | description |\n",
    "agents/planner.agent.md": "---\ndescription: Plans a change\ntools: ['search']\n---\nPlan.\n",
    "agents/no-frontmatter.agent.md": "Plan without a frontmatter.\n",
    "prompts/review.prompt.md": (
        "---\nname: review\ndescription: Review the diff\nmode: agent\ntools: ['changes']\n---\n"
    ),
    "instructions/python.instructions.md": "---\ndescription: Python\napplyTo: '**/*.py'\n---\n",
    "chatmodes/plan.chatmode.md": "---\nname: plan\ndescription: Plan\ntools: ['search']\n---\n",
    ".github/agents/triage.agent.md": "---\ndescription: Triage issues\n---\nTriage.\n",
}

OPENCODE = {
    # an OpenCode agent set kept outside .opencode, with its documentation
    "README.md": "# Codeflow\n",
    "docs/usage.md": "---\nname: usage\ndescription: How to use the agents\n---\n",
    "agent/api-builder.md": AGENT.format(name="api-builder", extra="mode: subagent\n"),
    "base-agents/development/migrator.md": AGENT.format(
        name="migrator", extra="mode: subagent\ntools:\n  write: true\n"
    ),
    "command/plan.md": "---\ndescription: Plan the work\nagent: planner\n---\n",
}

LAYOUTS = {
    "plugins": (
        PLUGINS,
        {"plugins/backend/agents/api-architect.md", "plugins/backend/agents/reviewer.md"},
    ),
    "collection": (
        COLLECTION,
        {
            ".claude/agents/helper.md",
            "agents/core/code-reviewer.md",
            "agents/specialized/python/django-expert.md",
            "categories/01-core/api-designer.md",
        },
    ),
    "copilot": (
        COPILOT,
        {
            ".github/agents/triage.agent.md",
            "agents/no-frontmatter.agent.md",
            "agents/planner.agent.md",
        },
    ),
    "opencode": (OPENCODE, {"agent/api-builder.md", "base-agents/development/migrator.md"}),
}


def _build(root: Path, files: dict[str, str]) -> Path:
    for relative, text in files.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, "utf-8")
    return root


@pytest.mark.parametrize("layout", sorted(LAYOUTS))
def test_a_walk_finds_the_agents_of_a_layout_and_nothing_else(tmp_path, layout):
    files, agents = LAYOUTS[layout]
    root = _build(tmp_path / layout, files)
    run = run_cli("check", "--format", "json", ".", cwd=root)
    assert run.code in (0, 1), run.err
    assert {entry["path"] for entry in run.json["files"]} == agents


def test_the_dialect_reason_of_a_file_found_outside_the_agent_folders(tmp_path):
    root = _build(tmp_path, {**COPILOT, **OPENCODE, **COLLECTION})
    files = {f["path"]: f for f in run_cli("check", "--format", "json", cwd=root).json["files"]}
    assert files["agents/planner.agent.md"]["dialect"] == "copilot"
    assert files["agents/planner.agent.md"]["dialectReason"] == (
        "the file name ends in `.agent.md`"
    )
    assert files["agent/api-builder.md"]["dialect"] == "opencode"
    assert files["agent/api-builder.md"]["dialectReason"] == (
        "the field `mode`, which only opencode defines"
    )
    assert files["agents/core/code-reviewer.md"]["dialectReason"] == (
        "no setting, folder or field names a dialect, so the base format applies"
    )


def test_a_dialects_setting_reads_a_found_collection_in_its_harness_dialect(tmp_path):
    root = _build(tmp_path, COLLECTION)
    (root / ".subagent-ls.toml").write_text('[dialects]\n"agents/**" = "claude-code"\n')
    files = {f["path"]: f for f in run_cli("check", "--format", "json", cwd=root).json["files"]}
    found = files["agents/core/code-reviewer.md"]
    assert (found["dialect"], found["dialectReason"]) == ("claude-code", "the setting `agents/**`")


def test_a_run_that_checks_no_file_says_where_it_looked_and_exits_2(tmp_path):
    _build(tmp_path, {"README.md": "# x\n", "docs/guide.md": "---\ntitle: Guide\n---\n"})
    run = run_cli("check", cwd=tmp_path)
    assert run.code == 2
    assert run.err.startswith("subagent-ls: no agent file found in .: looked for .md files in ")
    assert ".claude/agents/" in run.err and "*.agent.md" in run.err and "agents/" in run.err
    assert "--dialect" in run.err
    assert run_cli("check", "--format", "json", cwd=tmp_path).json["files"] == []
    everything = run_cli("check", "--dialect", "harness-subagents", ".", cwd=tmp_path)
    assert everything.code == 1 and "no agent file" not in everything.err


def test_a_named_file_is_checked_whatever_it_looks_like(tmp_path):
    _build(tmp_path, {"README.md": "# x\n"})
    run = run_cli("check", "--format", "json", "README.md", cwd=tmp_path)
    assert [f["path"] for f in run.json["files"]] == ["README.md"] and run.err == ""
