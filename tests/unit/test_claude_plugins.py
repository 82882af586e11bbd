"""Claude Code's plugins as its 2.1.332 loader reads them: the manifest rules that decide
whether a plugin loads, the marketplace entries, the plugin a file belongs to, the files it
reads and the names they get; and hostile manifests, which must neither crash nor hang."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest

from subagent_ls.harnesses.claude_code.manifest import (
    agents_issues,
    loadable_name,
    manifest_issues,
    read_manifest,
)
from subagent_ls.harnesses.claude_code.marketplace import marketplace_plugins
from subagent_ls.harnesses.claude_code.plugins import holding_plugin, plugin_of
from subagent_ls.harnesses.claude_code.user_plugins import user_plugins
from subagent_ls.harnesses.common.manifest_json import read_json
from subagent_ls.harnesses.environment import Environment

MUST_END = 'Invalid string: must end with ".md"'
MUST_START = 'Invalid string: must start with "./"'
KEBAB = 'Use kebab-case (e.g., "my-plugin")'


@pytest.mark.parametrize(
    ("agents", "issues"),
    [
        ("./agents/a.md", []),
        (["./agents/a.md", "./custom/c.md"], []),
        ([], []),
        ("./agents", [f"agents: {MUST_END}"]),
        (["./agents"], [f"agents.0: {MUST_END}"]),
        (["agents/a.md"], [f"agents.0: {MUST_START}"]),
        (["../x/agents/a.md"], [f"agents.0: {MUST_START}"]),
        ("", [f"agents: {MUST_START}", f"agents: {MUST_END}"]),
        (["./custom/c.md", "./agents"], [f"agents.1: {MUST_END}"]),
        (["./agents/U.MD"], [f"agents.0: {MUST_END}"]),
        ({"x": "./agents/a.md"}, ["agents: Invalid input"]),
        ([5], ["agents: Invalid input"]),
        (None, ["agents: Invalid input"]),
    ],
)
def test_the_agents_field_takes_dot_slash_md_paths_only(agents, issues):
    assert agents_issues(agents) == issues


@pytest.mark.parametrize(
    ("manifest", "issues"),
    [
        ({"name": "p"}, []),
        ({"name": "p", "foo": 1, "description": 5}, []),  # unknown keys, display fields
        ({}, ["name: Invalid input: expected string, received undefined"]),
        ({"name": ""}, ["name: Plugin name cannot be empty"]),
        ({"name": "a b"}, [f"name: Plugin name cannot contain spaces. {KEBAB}"]),
        ({"name": "p", "version": 1}, ["version: Invalid input: expected string, received number"]),
        ([], ["manifest must be an object"]),
    ],
)  # fmt: skip
def test_what_drops_a_plugin(manifest, issues):
    assert manifest_issues(manifest) == issues


@pytest.mark.parametrize("name", ["bad:name", "a@b", "a/b", "tab\there", "zw\u200bsp", ""])
def test_names_a_plugin_cannot_load_under(name):
    assert not loadable_name(name)


def test_a_loadable_name():
    assert loadable_name("debugging-toolkit") and loadable_name("Mixed.Case_1")


def write(root: Path, files: dict[str, object]) -> Path:
    for relative, content in files.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        text = content if isinstance(content, str) else json.dumps(content)
        path.write_text(text, encoding="utf-8")
    return root


AGENT = "---\nname: x\ndescription: d\n---\n"


def test_a_rejected_manifest_says_why(tmp_path):
    write(tmp_path, {".claude-plugin/plugin.json": {"name": "p", "agents": ["./agents"]}})
    manifest = read_manifest(str(tmp_path), "p")
    assert manifest.problem == (
        "Plugin p has an invalid manifest file at .claude-plugin/plugin.json. "
        f"Validation errors: agents.0: {MUST_END}"
    )


@pytest.mark.parametrize(
    "content",
    [
        b"{not json",
        b"\x00\x01\x02\xff" * 100,
        b"[" * 100_000 + b"]" * 100_000,
        b'{"name": NaN}',
    ],
    ids=["broken", "binary", "deep", "nan"],
)
def test_a_hostile_manifest_is_a_reason_not_a_crash(tmp_path, content):
    path = tmp_path / ".claude-plugin/plugin.json"
    path.parent.mkdir()
    path.write_bytes(content)
    manifest = read_manifest(str(tmp_path), "p")
    assert manifest.exists and manifest.problem and "corrupt manifest" in manifest.problem


def test_a_number_of_thousands_of_digits_is_read_as_json_parse_reads_it(tmp_path):
    """JSON.parse reads `1` followed by 5,000 zeros (a double, Infinity): the manifest parses,
    and Claude Code's schema refuses a name that is a number."""
    path = tmp_path / ".claude-plugin/plugin.json"
    path.parent.mkdir()
    path.write_bytes(b'{"name": 1' + b"0" * 5000 + b"}")
    manifest = read_manifest(str(tmp_path), "p")
    assert manifest.exists and "expected string, received number" in (manifest.problem or "")


def test_a_fifo_named_plugin_json_is_never_opened_to_block(tmp_path):
    path = tmp_path / ".claude-plugin/plugin.json"
    path.parent.mkdir()
    os.mkfifo(path)
    started = time.monotonic()
    manifest = read_manifest(str(tmp_path), "p")
    assert time.monotonic() - started < 2
    assert "not a regular file (a FIFO)" in (manifest.problem or "")


def test_a_huge_manifest_is_not_read(tmp_path):
    path = tmp_path / "plugin.json"
    with path.open("wb") as handle:
        handle.truncate(9 * 1024 * 1024)
    assert "are not read" in (read_json(str(path)).problem or "")


def test_a_bom_and_invalid_utf8_read_as_node_reads_them(tmp_path):
    path = tmp_path / "plugin.json"
    path.write_bytes(b'\xef\xbb\xbf{"name": "p\xff"}')
    assert read_json(str(path)).value == {"name": "p\ufffd"}


def test_marketplace_sources(tmp_path):
    market = {
        "name": "m",
        "metadata": {"pluginRoot": "./plugins"},
        "plugins": [
            {"name": "rel", "source": "./plugins/rel"},
            {"name": "bare", "source": "bare"},
            {"name": "root", "source": "."},
            {"name": "remote", "source": {"source": "github", "repo": "o/r"}},
            {"name": "out", "source": "./../elsewhere"},
            {"name": "stub", "source": "./plugins/stub", "agents": "./extra"},
            {"name": "loose", "source": "./plugins/loose", "strict": False, "agents": ["./x.md"]},
            "not an entry",
        ],
    }
    write(tmp_path, {".claude-plugin/marketplace.json": market})
    listed = {entry.name: entry for entry in marketplace_plugins(str(tmp_path))}
    assert listed["rel"].root == str(tmp_path / "plugins/rel")
    assert listed["bare"].root == str(tmp_path / "plugins/bare")
    assert listed["root"].root == str(tmp_path)
    assert listed["remote"].root is None and listed["out"].root is None
    assert listed["stub"].problem == (
        "Stubbing unparseable marketplace plugin entry (stub): agents: " + MUST_END
    )
    assert listed["loose"].agents == ("./x.md",) and not listed["loose"].strict
    assert listed["loose"].components


def test_a_bare_source_needs_a_plugin_root(tmp_path):
    write(
        tmp_path, {".claude-plugin/marketplace.json": {"plugins": [{"name": "b", "source": "b"}]}}
    )
    (entry,) = marketplace_plugins(str(tmp_path))
    assert entry.root is None


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """A marketplace with a plugin that has a manifest, one that has none, one whose manifest
    lists its files and one whose manifest Claude Code rejects."""
    market = {
        "name": "m",
        "plugins": [
            {"name": "full", "source": "./plugins/full"},
            {"name": "bare", "source": "./plugins/bare", "agents": ["./extra/y.md"]},
            {"name": "listing", "source": "./plugins/listing"},
        ],
    }
    return write(
        tmp_path,
        {
            ".claude-plugin/marketplace.json": market,
            "plugins/full/.claude-plugin/plugin.json": {"name": "full-name"},
            "plugins/full/agents/a.md": AGENT,
            "plugins/full/agents/sub/deeper/b.md": AGENT,
            "plugins/full/agents/.hidden.md": AGENT,
            "plugins/full/agents/UPPER.MD": AGENT,
            "plugins/full/agents/.mcpb-cache/c.md": AGENT,
            "plugins/full/agents/notes.txt": "x",
            "plugins/bare/agents/x.md": AGENT,
            "plugins/bare/extra/y.md": AGENT,
            "plugins/listing/.claude-plugin/plugin.json": {
                "name": "listing",
                "agents": ["./agents/sub/s.md", "./custom/c.md"],
            },
            "plugins/listing/agents/sub/s.md": AGENT,
            "plugins/listing/agents/other.md": AGENT,
            "plugins/listing/custom/c.md": AGENT,
            "plugins/rejected/.claude-plugin/plugin.json": {
                "name": "rejected",
                "agents": "./agents",
            },
            "plugins/rejected/agents/r.md": AGENT,
        },
    )


def test_the_nearest_plugin_and_its_names(tree):
    full = tree / "plugins/full/agents"
    plugin = plugin_of(str(full / "a.md"))
    assert plugin is not None and plugin.name == "full-name"  # the manifest's name
    assert plugin.agent_name(str(full / "a.md"), None) == "full-name:a"
    assert plugin.agent_name(str(full / "sub/deeper/b.md"), "b") == "full-name:sub:deeper:b"
    assert plugin.agent_name(str(full / "UPPER.MD"), None) == "full-name:UPPER.MD"
    assert plugin.holds(str(full / ".hidden.md")) and plugin.holds(str(full / "UPPER.MD"))
    assert not plugin.holds(str(full / ".mcpb-cache/c.md"))
    assert not plugin.holds(str(full / "notes.txt"))
    assert plugin.skips(str(full / "a.md")) is None


def test_a_plugin_without_manifest_that_a_marketplace_lists(tree):
    plugin = holding_plugin(str(tree / "plugins/bare/extra/y.md"))
    assert plugin is not None and plugin.name == "bare" and plugin.manifest is None
    assert plugin.agent_name(str(tree / "plugins/bare/extra/y.md"), None) == "bare:y"
    assert plugin.holds(str(tree / "plugins/bare/agents/x.md"))  # the entry adds to agents/
    assert plugin.label == "plugin `bare` (plugins/bare)"


def test_a_manifest_that_lists_files_turns_the_folder_off(tree):
    plugin = holding_plugin(str(tree / "plugins/listing/custom/c.md"))
    assert plugin is not None
    assert plugin.agent_name(str(tree / "plugins/listing/agents/sub/s.md"), None) == "listing:s"
    assert plugin.skips(str(tree / "plugins/listing/agents/sub/s.md")) is None
    skipped = plugin.skips(str(tree / "plugins/listing/agents/other.md"))
    assert skipped is not None and "sets `agents`" in skipped


def test_a_rejected_plugin(tree):
    plugin = holding_plugin(str(tree / "plugins/rejected/agents/r.md"))
    assert plugin is not None and plugin.problem is not None
    assert plugin.problem_file == str(tree / "plugins/rejected/.claude-plugin/plugin.json")


def test_links_in_the_agents_folder_are_skipped(tree):
    folder = tree / "plugins/full/agents"
    (folder / "link.md").symlink_to(folder / "a.md")
    (folder / "linked").symlink_to(folder / "sub", target_is_directory=True)
    (folder / "loop").symlink_to(folder, target_is_directory=True)
    plugin = plugin_of(str(folder / "a.md"))
    assert plugin is not None
    assert "linked file" in (plugin.skips(str(folder / "link.md")) or "")
    assert "linked folder `linked`" in (plugin.skips(str(folder / "linked/deeper/b.md")) or "")
    assert "linked folder `loop`" in (plugin.skips(str(folder / "loop/loop/a.md")) or "")


def test_a_changed_manifest_is_read_again(tree):
    path = tree / "plugins/full/.claude-plugin/plugin.json"
    agent = str(tree / "plugins/full/agents/a.md")
    assert plugin_of(agent).name == "full-name"  # type: ignore[union-attr]
    path.write_text(json.dumps({"name": "renamed-plugin"}))
    os.utime(path, ns=(time.time_ns(), time.time_ns() + 10**9))
    assert plugin_of(agent).name == "renamed-plugin"  # type: ignore[union-attr]
    path.unlink()
    assert plugin_of(agent).name == "full"  # type: ignore[union-attr]  # the entry's name


def test_no_plugin_above(tmp_path):
    write(tmp_path, {"agents/a.md": AGENT})
    assert plugin_of(str(tmp_path / "agents/a.md")) is None


def test_a_listed_path_must_stay_in_the_plugin_as_written(tmp_path):
    entry = {"name": "pa", "source": "./plugins/pa", "agents": ["./../../shared/e.md"]}
    listed = ["./../../shared/o.md", "./custom/in.md", "./../pa/custom/back.md"]
    market = write(
        tmp_path / "market",
        {
            ".claude-plugin/marketplace.json": {"name": "m", "plugins": [entry]},
            "plugins/pa/.claude-plugin/plugin.json": {"name": "pa", "agents": listed},
            "plugins/pa/custom/in.md": AGENT,
            "plugins/pa/custom/back.md": AGENT,
            "shared/o.md": AGENT,
            "shared/e.md": AGENT,
        },
    )
    custom = market / "plugins/pa/custom"
    plugin = holding_plugin(str(custom / "in.md"))
    assert plugin is not None and plugin.problem is None  # the plugin's other files load
    assert plugin.files == (str(custom / "in.md"), str(custom / "back.md"))
    refused = dict(plugin.refused)
    assert refused.keys() == {str(market / "shared/o.md"), str(market / "shared/e.md")}
    assert (
        "the manifest of plugin `pa` lists it as `./../../shared/o.md`"
        in refused[str(market / "shared/o.md")]
    )
    assert "the marketplace entry of plugin `pa`" in refused[str(market / "shared/e.md")]
    assert plugin_of(str(market / "shared/o.md")) is None


def test_a_listed_link_must_resolve_into_the_marketplace_or_the_plugin(tmp_path):
    agents = {"name": "pa", "agents": ["./near.md", "./far.md"]}
    files = {"pa/.claude-plugin/plugin.json": agents, "shared/o.md": AGENT}
    lists_pa = {"name": "m", "plugins": [{"name": "pa", "source": "./pa"}]}
    market = write(tmp_path / "market", {**files, ".claude-plugin/marketplace.json": lists_pa})
    alone = write(tmp_path / "alone", files)
    write(tmp_path, {"elsewhere/o.md": AGENT})
    for root in (market, alone):
        (root / "pa/near.md").symlink_to(root / "shared/o.md")
        (root / "pa/far.md").symlink_to(tmp_path / "elsewhere/o.md")
    in_market = holding_plugin(str(market / "pa/near.md"))
    assert in_market is not None and in_market.skips(str(market / "pa/near.md")) is None
    far = in_market.skips(str(market / "pa/far.md")) or ""
    assert "resolves outside the marketplace's folder, to ../elsewhere/o.md" in far
    plugin = holding_plugin(str(alone / "pa/near.md"))
    assert plugin is not None
    assert "outside the plugin's folder" in (plugin.skips(str(alone / "pa/near.md")) or "")


def test_of_entries_naming_one_folder_or_one_name_the_first_counts(tmp_path):
    """A plugin is found through maps of the marketplace's folders and names: the answers are
    those of reading the entries in order (the first entry of a folder, of a name), among
    many entries, and a changed marketplace is read again."""
    many = [{"name": f"p{i}", "source": f"./plugins/p{i}"} for i in range(300)]
    dup = [{"name": "first", "source": "./plugins/x"}, {"name": "second", "source": "./plugins/x"}]
    dup += [{"name": "first", "source": "./plugins/y"}]
    write(tmp_path, {
        ".claude-plugin/marketplace.json": {"name": "m", "plugins": [*many, *dup]},
        "plugins/x/agents/a.md": AGENT, "plugins/y/agents/b.md": AGENT,
        "plugins/p299/agents/c.md": AGENT, "home/.claude/settings.json": {
            "enabledPlugins": {"first@m": True},
            "extraKnownMarketplaces": {"m": {"source": {"source": "directory",
                                                        "path": str(tmp_path)}}},
        },
    })  # fmt: skip
    assert plugin_of(str(tmp_path / "plugins/x/agents/a.md")).name == "first"  # type: ignore[union-attr]
    assert plugin_of(str(tmp_path / "plugins/y/agents/b.md")).name == "first"  # type: ignore[union-attr]
    assert plugin_of(str(tmp_path / "plugins/p299/agents/c.md")).name == "p299"  # type: ignore[union-attr]
    env = Environment(home=tmp_path / "home", roots=(tmp_path / "project",))
    assert [p.root for p in user_plugins(env)] == [str(tmp_path / "plugins/x")]  # the first
    market = tmp_path / ".claude-plugin/marketplace.json"
    market.write_text(json.dumps({"name": "m", "plugins": dup[1:]}))
    os.utime(market, ns=(time.time_ns(), time.time_ns() + 10**9))
    assert plugin_of(str(tmp_path / "plugins/x/agents/a.md")).name == "second"  # type: ignore[union-attr]
    assert plugin_of(str(tmp_path / "plugins/p299/agents/c.md")) is None
    assert [p.root for p in user_plugins(env)] == [str(tmp_path / "plugins/y")]
