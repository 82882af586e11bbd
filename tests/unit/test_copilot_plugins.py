"""Claude-style plugins as GitHub Copilot CLI 1.0.102 reads them: its manifest places, the top
of ``agents/`` only, manifest ``agents`` that may name folders, ids ``<plugin>:<file name>``."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

from subagent_ls.analysis.lint import lint
from subagent_ls.core.document import AgentDocument
from subagent_ls.core.settings import Settings
from subagent_ls.harnesses.copilot.plugins import copilot_plugin_source, plugin_of
from subagent_ls.harnesses.registry import DIALECTS

AGENT = "---\nname: good-agent\ndescription: Reviews code.\n---\nBody.\n"


def write(root: Path, files: dict[str, object]) -> Path:
    for relative, content in files.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(content if isinstance(content, str) else json.dumps(content), "utf-8")
    return root


def verdict(path: Path):
    doc = AgentDocument(str(path), path.read_text())
    return lint(doc, DIALECTS["copilot-plugin"], Settings()).verdict


def test_ids_are_the_plugin_and_the_file_name(tmp_path):
    write(tmp_path, {
        ".claude-plugin/plugin.json": {"name": "pone"},
        "agents/good.md": AGENT, "agents/b.agent.md": AGENT, "agents/.hidden.md": AGENT,
        "agents/sub/s.md": AGENT, "agents/U.MD": AGENT,
    })  # fmt: skip
    assert verdict(tmp_path / "agents/good.md").name == "pone:good"
    assert verdict(tmp_path / "agents/b.agent.md").name == "pone:b"
    assert verdict(tmp_path / "agents/.hidden.md").name == "pone:.hidden"
    assert plugin_of(str(tmp_path / "agents/sub/s.md")) is None  # no subfolders
    upper = verdict(tmp_path / "agents/U.MD")
    assert not upper.loads and "not a markdown file" in (upper.reason or "")


def test_the_strict_loader_still_applies(tmp_path):
    write(
        tmp_path,
        {".github/plugin/plugin.json": {"name": "p"}, "agents/x.md": "---\nname: x\n---\n"},
    )
    judged = verdict(tmp_path / "agents/x.md")
    assert not judged.loads and "description: Required" in (judged.reason or "")


def test_manifest_agents_may_name_folders_without_dot_slash(tmp_path):
    write(tmp_path, {
        "plugin.json": {"name": "p", "agents": ["custom", "./one/a.md", "../escape"]},
        "custom/c.md": AGENT, "one/a.md": AGENT, "agents/default.md": AGENT,
    })  # fmt: skip
    assert verdict(tmp_path / "custom/c.md").name == "p:c"
    assert verdict(tmp_path / "one/a.md").name == "p:a"
    assert plugin_of(str(tmp_path / "agents/default.md")) is None  # the manifest replaces it


def test_no_manifest_no_plugin(tmp_path):
    write(tmp_path, {"agents/x.md": AGENT})
    assert copilot_plugin_source(str(tmp_path / "agents/x.md")) is None


def test_a_marketplace_entry_names_the_plugin_and_plugin_root_prefixes_every_source(tmp_path):
    market = {
        "metadata": {"pluginRoot": "./plugins"},
        "plugins": [{"name": "pg", "source": "./pg"}],
    }
    write(tmp_path, {
        ".claude-plugin/marketplace.json": market,
        "plugins/pg/.claude-plugin/plugin.json": {"name": "pg-manifest-name"},
        "plugins/pg/agents/x.md": AGENT,
    })  # fmt: skip
    source = copilot_plugin_source(str(tmp_path / "plugins/pg/agents/x.md"))
    assert source is not None and source.dialect == "copilot-plugin"
    assert source.label == "plugin `pg` (plugins/pg)"
    assert verdict(tmp_path / "plugins/pg/agents/x.md").name == "pg:x"


def test_of_entries_naming_one_folder_the_first_name_in_the_entries_order_counts(tmp_path):
    """A plugin is found through a map of the marketplace's folders: the answers are those of
    reading the entries in order (of one name the last entry's folder counts; of one folder
    the first name that still names it), among many entries; a changed list is read again."""
    many = [{"name": f"p{i}", "source": f"./plugins/p{i}"} for i in range(300)]
    dup = [{"name": "a", "source": "./plugins/x"}, {"name": "b", "source": "./plugins/x"}]
    dup += [{"name": "a", "source": "./plugins/y"}]
    write(tmp_path, {
        ".github/plugin/marketplace.json": {"plugins": [*many, *dup]},
        "plugins/x/agents/one.md": AGENT, "plugins/y/agents/two.md": AGENT,
        "plugins/p299/agents/three.md": AGENT,
    })  # fmt: skip
    assert verdict(tmp_path / "plugins/x/agents/one.md").name == "b:one"
    assert verdict(tmp_path / "plugins/y/agents/two.md").name == "a:two"
    assert verdict(tmp_path / "plugins/p299/agents/three.md").name == "p299:three"
    market = tmp_path / ".github/plugin/marketplace.json"
    market.write_text(json.dumps({"plugins": dup[:2]}))
    os.utime(market, ns=(time.time_ns(), time.time_ns() + 10**9))
    assert verdict(tmp_path / "plugins/x/agents/one.md").name == "a:one"
    assert plugin_of(str(tmp_path / "plugins/y/agents/two.md")) is None
