"""Gemini CLI's extensions as a source: ``~/.gemini/extensions/<ext>/agents/*.md`` where the
extension has its ``gemini-extension.json``, read in the gemini dialect, the least specific."""

from __future__ import annotations

from pathlib import Path

from subagent_ls.analysis.dialect_choice import choose_dialect
from subagent_ls.core.document import AgentDocument
from subagent_ls.core.settings import Settings
from subagent_ls.harnesses.environment import Environment
from subagent_ls.harnesses.gemini.extensions import extension_source
from subagent_ls.harnesses.registry import PROFILES

AGENT = "---\nname: ext-agent\ndescription: From the extension.\n---\nBody.\n"


def extension(home: Path) -> Path:
    folder = home / ".gemini/extensions/ext1"
    (folder / "agents").mkdir(parents=True)
    (folder / "gemini-extension.json").write_text('{"name": "ext1", "version": "1.0.0"}')
    path = folder / "agents/a.md"
    path.write_text(AGENT)
    return path


def test_an_extension_agent_is_read_as_gemini(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    path = extension(tmp_path)
    choice = choose_dialect(AgentDocument(str(path), AGENT), Settings())
    assert choice.dialect.id == "gemini"
    assert choice.reason == "the Gemini CLI extension ext1 ~/.gemini/extensions/ext1/agents"
    assert extension_source(str(path.parent / "sub/x.md")) is None  # no subfolders


def test_an_extension_without_its_manifest_is_no_source(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    path = extension(tmp_path)
    (path.parent.parent / "gemini-extension.json").unlink()
    assert extension_source(str(path)) is None


def test_extensions_are_the_least_specific_source(tmp_path):
    extension(tmp_path)
    env = Environment(home=tmp_path, roots=(tmp_path / "project",))
    sources = sorted(PROFILES["gemini"].sources(env), key=lambda s: s.rank)
    assert [s.id for s in sources] == ["extension:ext1", "user", "project"]
