"""A tree shaped like wshobson/agents (a marketplace at the top, plugins below it) through the
real console script: every agent file is judged as Claude Code's plugin loader reads it, named
``<plugin>:<name>``, never renamed by ``--fix --unsafe-fixes``, and listed in Claude Code's
catalog one source per plugin; GitHub Copilot CLI is a target with its own ids."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_helpers import run_cli

DESC = "Fixes bugs. Use when a test fails."


def agent(name: str | None, extra: str = "") -> str:
    named = f"name: {name}\n" if name is not None else ""
    return f"---\n{named}description: {DESC}\n{extra}---\nBody.\n"


MARKET = {
    "name": "workflows",
    "owner": {"name": "someone"},
    "plugins": [
        {"name": "debugging", "source": "./plugins/debugging"},
        {"name": "bare", "source": "./plugins/bare", "agents": ["./extra/listed.md"]},
        {"name": "decks", "source": "./plugins/decks"},
        {"name": "remote", "source": {"source": "git-subdir", "url": "https://x.invalid/r"}},
    ],
}
TREE: dict[str, object] = {
    ".claude-plugin/marketplace.json": MARKET,
    "README.md": "# Workflows\n",
    "plugins/debugging/.claude-plugin/plugin.json": {"name": "debugging", "version": "1.2.1"},
    "plugins/debugging/agents/debugger.md": agent("debugging-debugger"),
    "plugins/debugging/agents/nested/deep.md": agent(None),
    "plugins/debugging/agents/.hidden.md": agent("hidden"),
    "plugins/debugging/agents/colon.md": agent("a:b"),
    "plugins/debugging/agents/ignored.md": agent("ignored", "permissionMode: plan\n"),
    "plugins/debugging/commands/debug.md": "---\ndescription: Debug.\n---\nRun it.\n",
    "plugins/bare/agents/x.md": agent("Bare Agent"),
    "plugins/bare/extra/listed.md": agent("listed"),
    "plugins/decks/.claude-plugin/plugin.json": {"name": "decks", "agents": ["./agents"]},
    "plugins/decks/agents/builder.md": agent("decks-builder"),
}
EXPECTED = {
    "plugins/debugging/agents/debugger.md": "debugging:debugging-debugger",
    "plugins/debugging/agents/nested/deep.md": "debugging:nested:deep",
    "plugins/debugging/agents/.hidden.md": "debugging:hidden",
    "plugins/debugging/agents/colon.md": "debugging:a:b",
    "plugins/debugging/agents/ignored.md": "debugging:ignored",
    "plugins/bare/agents/x.md": "bare:Bare Agent",
    "plugins/bare/extra/listed.md": "bare:listed",
    "plugins/decks/agents/builder.md": None,
}


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    root = tmp_path / "workflows"
    for relative, content in TREE.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(content if isinstance(content, str) else json.dumps(content), "utf-8")
    (tmp_path / "home").mkdir()
    return root


def cli(tree: Path, *args: str):
    return run_cli(*args, cwd=tree, env={"HOME": str(tree.parent / "home")})


def test_check_judges_every_agent_as_its_plugin_loader_does(tree):
    run = cli(tree, "check", "--format", "json", ".")
    files = {entry["path"]: entry for entry in run.json["files"]}
    assert set(files) == set(EXPECTED)  # hidden and manifest-listed files too, no command
    for path, name in EXPECTED.items():
        entry = files[path]
        assert entry["dialect"] == "claude-code-plugin", path
        assert entry["harness"]["name"] == name, path
        assert entry["harnesses"][0]["name"] == name, path
        codes = {d["code"] for d in entry["diagnostics"]}
        assert not codes & {"name-mismatch", "name-charset", "name-hyphen"}, (path, codes)
    debugger = files["plugins/debugging/agents/debugger.md"]
    assert debugger["dialectReason"] == "the Claude Code plugin `debugging` (plugins/debugging)"
    assert files["plugins/bare/agents/x.md"]["dialectReason"].endswith("`bare` (plugins/bare)")
    ignored = files["plugins/debugging/agents/ignored.md"]["diagnostics"]
    assert [d["severity"] for d in ignored if d["code"] == "field-no-effect"] == [2]
    builder = files["plugins/decks/agents/builder.md"]
    assert builder["harness"]["outcome"] == "rejected"
    (skip,) = [d for d in builder["diagnostics"] if "notLoadedBy" in d.get("data", {})]
    assert 'agents.0: Invalid string: must end with ".md"' in skip["message"]
    assert skip["relatedInformation"][0]["location"]["uri"].endswith(
        "plugins/decks/.claude-plugin/plugin.json"
    )
    assert run.code == 1  # the rejected plugin's file is an error


def test_copilot_reads_the_same_plugins_with_its_own_ids(tree):
    run = cli(tree, "check", "--format", "json", "plugins/debugging/agents/debugger.md",
              "plugins/decks/agents/builder.md")  # fmt: skip
    by_path = {e["path"]: {h["id"]: h for h in e["harnesses"]} for e in run.json["files"]}
    debugger = by_path["plugins/debugging/agents/debugger.md"]
    assert list(debugger) == ["claude-code", "copilot"]
    assert debugger["copilot"]["dialect"] == "copilot-plugin"
    assert debugger["copilot"]["name"] == "debugging:debugger"
    builder = by_path["plugins/decks/agents/builder.md"]  # Copilot takes folders in `agents`
    assert builder["copilot"]["loads"] and builder["copilot"]["name"] == "decks:builder"


def test_fix_with_unsafe_fixes_renames_nothing(tree):
    before = {p: p.read_text() for p in tree.rglob("*.md")}
    cli(tree, "check", "--fix", "--unsafe-fixes", ".")
    after = {p: p.read_text() for p in tree.rglob("*.md")}
    changed = [p for p in before if before[p] != after[p]]
    names = [p for p in changed if before[p].split("\n")[1] != after[p].split("\n")[1]]
    assert names == []


def test_catalog_lists_one_source_per_plugin(tree):
    home = tree.parent / "home"
    user = home / ".claude/agents/mine.md"
    user.parent.mkdir(parents=True)
    user.write_text(agent("mine"))
    run = cli(tree, "catalog", "--harness", "claude-code", "--format", "json")
    sources = {s["id"]: s for s in run.json["sources"]}
    plugins = [s for s in run.json["sources"] if s["level"] == "plugin"]
    assert [s["id"] for s in plugins] == ["plugin:bare", "plugin:debugging", "plugin:decks"]
    levels = [s["level"] for s in run.json["sources"]]
    assert levels.index("builtin") < levels.index("plugin") < levels.index("user")
    assert sources["plugin:debugging"]["label"] == "plugin `debugging` (plugins/debugging)"
    loaded = {e["name"] for e in run.json["entries"] if e["loads"] and e["effective"]}
    assert {name for name in EXPECTED.values() if name} <= loaded
    assert "mine" in loaded
    (rejected,) = [e for e in run.json["entries"] if not e["loads"]]
    assert rejected["source"] == "plugin:decks"
    text = cli(tree, "catalog", "--harness", "claude-code").out
    assert "Catalog for claude-code: built-in < plugin `bare` (plugins/bare) <" in text


def test_a_manifest_named_like_a_fifo_or_a_loop_does_not_hang(tree):
    import os

    manifest = tree / "plugins/debugging/.claude-plugin/plugin.json"
    manifest.unlink()
    os.mkfifo(manifest)
    (tree / "plugins/debugging/agents/loop").symlink_to("..", target_is_directory=True)
    run = cli(tree, "check", "--format", "json", "plugins/debugging")
    judged = {e["path"]: e["harness"] for e in run.json["files"]}
    assert "not a regular file (a FIFO)" in judged["plugins/debugging/agents/debugger.md"]["reason"]
    catalog = cli(tree, "catalog", "--harness", "claude-code", "--format", "json")
    assert catalog.code == 0


def test_a_name_three_plugins_share_is_one_finding_per_file_for_a_harness_in_use(tree):
    """Three plugins each with an agent named `reviewer`: Claude Code knows all three as
    `<plugin>:reviewer`, distinct; GitHub Copilot CLI names a plugin's agent by its file and
    its plugin (`alpha:a`, `beta:b`, ...), distinct too, so no clash. Three files of one
    name in `.claude/agents/` subfolders clash in Claude Code's catalog: each file gets one
    `duplicate-name` that names both other definitions."""
    market = {**MARKET, "plugins": [
        *MARKET["plugins"],  # type: ignore[misc]
        *({"name": p, "source": f"./plugins/{p}"} for p in ("alpha", "beta", "gamma")),
    ]}  # fmt: skip
    (tree / ".claude-plugin/marketplace.json").write_text(json.dumps(market), "utf-8")
    for plugin in ("alpha", "beta", "gamma"):
        path = tree / "plugins" / plugin / "agents" / f"{plugin[0]}.md"
        path.parent.mkdir(parents=True)
        path.write_text(agent("reviewer"), "utf-8")
    plugin_files = [f"plugins/{p}/agents/{p[0]}.md" for p in ("alpha", "beta", "gamma")]
    run = cli(tree, "check", "--format", "json", *plugin_files)
    assert [d["code"] for f in run.json["files"] for d in f["diagnostics"]] == [
        "harness-other"
    ] * 3  # Copilot's names differ from Claude Code's; no clash in either
    files = [f".claude/agents/{team}/reviewer.md" for team in ("a", "b", "c")]
    for relative in files:
        (tree / relative).parent.mkdir(parents=True)
        (tree / relative).write_text(agent("reviewer"), "utf-8")

    def clashes() -> dict[str, list[dict]]:
        run = cli(tree, "check", "--format", "json", *files)
        return {
            entry["path"]: [d for d in entry["diagnostics"] if d["code"] == "duplicate-name"]
            for entry in run.json["files"]
        }

    for path, found in clashes().items():
        (finding,) = found
        others = [f for f in files if f != path]
        related = sorted(r["location"]["uri"] for r in finding["relatedInformation"])
        assert related == sorted((tree / other).as_uri() for other in others)
        assert finding["message"].startswith("`reviewer` is defined")
        assert all(f"project {other}" in finding["message"] for other in others)
        assert str(tree) not in finding["message"]


def test_a_listed_path_that_leaves_the_plugin_is_refused_not_loaded(tree):
    manifest = {"name": "debugging", "agents": ["./../../shared/outer.md", "./custom/linked.md"]}
    (tree / "plugins/debugging/.claude-plugin/plugin.json").write_text(json.dumps(manifest))
    (tree / "shared").mkdir()
    (tree / "shared/outer.md").write_text(agent("outer"))
    (tree / "plugins/debugging/custom").mkdir()
    (tree / "plugins/debugging/custom/linked.md").symlink_to(tree / "shared/outer.md")
    run = cli(tree, "catalog", "--harness", "claude-code", "--format", "json")
    names = {e["name"]: e for e in run.json["entries"]}
    assert "outer" not in names  # never under a name without the plugin's
    assert names["debugging:outer"]["uri"].endswith("/plugins/debugging/custom/linked.md")
    assert names["debugging:outer"]["loads"]  # a link may lead anywhere in the marketplace
    assert run.err == (
        f"subagent-ls: {tree / 'shared/outer.md'}: skipped, the manifest of plugin `debugging` "
        "lists it as `./../../shared/outer.md`, a path that escapes the plugin's folder: "
        "Claude Code refuses it and reads nothing there\n"
    )


def test_each_checked_file_is_placed_in_the_plugin_that_holds_it(tmp_path):
    """The cross-file findings of a marketplace's plugins (each file matched against the
    sources of its own folders, not against every source): two files of one name in one
    plugin clash; a plugin inside another's `agents/` folder holds its own file, which clashes
    with nothing; another plugin's file of that name neither."""
    market = {"name": "m", "plugins": [
        {"name": "outer", "source": "./plugins/outer"},
        {"name": "inner", "source": "./plugins/outer/agents/inner"},
        {"name": "twin", "source": "./plugins/twin"},
    ]}  # fmt: skip
    files: dict[str, object] = {
        ".claude-plugin/marketplace.json": market,
        "plugins/outer/agents/a.md": agent("same"),
        "plugins/outer/agents/b.md": agent("same"),
        "plugins/outer/agents/inner/.claude-plugin/plugin.json": {"name": "inner"},
        "plugins/outer/agents/inner/agents/c.md": agent("same"),
        "plugins/twin/agents/d.md": agent("same"),
    }
    for relative, content in files.items():
        path = tmp_path / "w" / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(content if isinstance(content, str) else json.dumps(content), "utf-8")
    (tmp_path / "home").mkdir()
    run = cli(tmp_path / "w", "check", "--format", "json", ".")
    clashes = {
        entry["path"]: [d["message"] for d in entry["diagnostics"] if d["code"] == "duplicate-name"]
        for entry in run.json["files"]
    }
    outer = "`outer:same` is defined twice in one folder: also in plugin `outer` (plugins/outer/"
    (on_a,) = clashes.pop("plugins/outer/agents/a.md")
    (on_b,) = clashes.pop("plugins/outer/agents/b.md")
    assert on_a.startswith(f"{outer}agents/b.md); ")
    assert on_b.startswith(f"{outer}agents/a.md); ")
    assert clashes == {"plugins/outer/agents/inner/agents/c.md": [], "plugins/twin/agents/d.md": []}
