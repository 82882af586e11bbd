"""The VS Code extension starts for a workspace wherever agent files can be in it: its
``activationEvents`` are the server's ``activation_globs()``, as ``workspaceContains:`` events,
so that the two cannot drift apart."""

from __future__ import annotations

import json
from pathlib import Path

from subagent_ls.analysis.agent_files import activation_globs

MANIFEST = Path(__file__).parents[2] / "client-vscode" / "package.json"
WORKSPACE_CONTAINS = "workspaceContains:"


def activation_events() -> list[str]:
    return json.loads(MANIFEST.read_text(encoding="utf-8"))["activationEvents"]


def test_the_extension_starts_where_agent_files_can_be():
    globs = [
        event.removeprefix(WORKSPACE_CONTAINS)
        for event in activation_events()
        if event.startswith(WORKSPACE_CONTAINS)
    ]
    assert globs == activation_globs()


def test_the_extension_does_not_start_for_every_markdown_file():
    others = [e for e in activation_events() if not e.startswith(WORKSPACE_CONTAINS)]
    assert not [e for e in others if e == "*" or e.startswith(("onLanguage", "onStartupFinished"))]


def test_plugin_agents_and_collections_are_where_agent_files_can_be():
    globs = activation_globs()
    assert "**/agents/**/*.md" in globs  # plugins/p/agents/x.md, agents/core/x.md, .claude/agents/
    assert "**/*.agent.md" in globs
    assert "**/.claude-plugin/plugin.json" in globs
