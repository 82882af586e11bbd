"""Plugin cases of Claude Code's oracle matrix: plugins of a directory marketplace the user's
settings declare (``extraKnownMarketplaces``) and enable (``enabledPlugins``), read in place
from the home folder, or an installed copy ``installed_plugins.json`` records. Claude Code
lists their agents as ``<plugin>:<subfolders>:<name>``; ``subagent-ls catalog`` reads the same
settings."""

from __future__ import annotations

import json

from oracle import Case, Link

MARKET = "~/market/"
BODY = "You review code.\n"


def fm(*lines: str, body: str = BODY) -> str:
    return "---\n" + "".join(f"{line}\n" for line in lines) + "---\n" + body


def settings(*enabled: str, market: str = "mk", user: dict | None = None) -> str:
    """User settings that declare ``~/market`` as the directory marketplace ``market`` and
    enable ``enabled`` plugins of it."""
    declared = {market: {"source": {"source": "directory", "path": "@HOME@/market"}}}
    value = {
        "extraKnownMarketplaces": declared,
        "enabledPlugins": {f"{p}@{market}": True for p in enabled},
        **(user or {}),
    }
    return json.dumps(value)


def market(*entries: dict, **metadata: object) -> str:
    value: dict = {"name": "mk", "owner": {"name": "me"}, "plugins": list(entries)}
    if metadata:
        value["metadata"] = metadata
    return json.dumps(value)


def manifest(**fields: object) -> str:
    return json.dumps(fields)


def plugin_case(case_id: str, note: str, entries: list[dict], files: dict, *enabled: str) -> Case:
    names = enabled or tuple(e["name"] for e in entries)
    laid = {
        "~/.claude/settings.json": settings(*names),
        MARKET + ".claude-plugin/marketplace.json": market(*entries),
    }
    return Case(case_id, {**laid, **{MARKET + path: text for path, text in files.items()}}, note)


def entry(name: str, **fields: object) -> dict:
    return {"name": name, "source": f"./plugins/{name}", **fields}


D = "description: Reviews code."
PA = "plugins/pa/"

CASES = [
    plugin_case(
        "plugin-basic",
        "a plugin with a manifest: <plugin>:<name>",
        [entry("pa")],
        {
            PA + ".claude-plugin/plugin.json": manifest(name="pa"),
            PA + "agents/x.md": fm("name: x", D),
        },
    ),
    plugin_case(
        "plugin-names",
        "String() of any name, the file name where there is none, folders in the name",
        [entry("pa")],
        {
            PA + ".claude-plugin/plugin.json": manifest(name="pa"),
            PA + "agents/number.md": fm("name: 123", D),
            PA + "agents/list.md": fm("name: [a, b]", D),
            PA + "agents/empty.md": fm("name: ''", D),
            PA + "agents/none.md": fm(D),
            PA + "agents/colon.md": fm("name: c:d", D),
            PA + "agents/dash.md": fm("name: -dash", D),
            PA + "agents/long.md": fm("name: " + "n" * 257, D),
            PA + "agents/spaces.md": fm("name: Has Spaces", D),
            PA + "agents/sub/deeper/deep.md": fm(D),
            PA + "agents/.hidden.md": fm("name: hidden", D),
            PA + "agents/.hiddendir/hd.md": fm(D),
            PA + "agents/Mixed.Md": fm(D),
            PA + "agents/UPPER.MD": fm("name: upper", D),
            PA + "agents/.mcpb-cache/cached.md": fm("name: cached", D),
            PA + "agents/notmd.txt": fm("name: text", D),
        },
    ),
    plugin_case(
        "plugin-links",
        "linked files and folders in agents/ are skipped silently",
        [entry("pa")],
        {
            PA + ".claude-plugin/plugin.json": manifest(name="pa"),
            PA + "agents/real.md": fm("name: real", D),
            PA + "agents/link.md": Link("real.md"),
            PA + "outside/o.md": fm("name: outside", D),
            PA + "agents/linked": Link("../outside"),
        },
    ),
    plugin_case(
        "plugin-descriptions",
        "the description the model is given",
        [entry("pa")],
        {
            PA + ".claude-plugin/plugin.json": manifest(name="pa"),
            PA + "agents/nodesc.md": fm("name: nodesc"),
            PA + "agents/emptydesc.md": fm("name: emptydesc", "description: ''"),
            PA + "agents/listdesc.md": fm("name: listdesc", "description: [a, b]"),
            PA + "agents/numdesc.md": fm("name: numdesc", "description: 42"),
            PA + "agents/padded.md": fm("name: padded", "description: '  padded  '"),
            PA + "agents/wtu.md": fm("name: wtu", "when_to_use: when to use text"),
            PA + "agents/lit.md": fm("name: lit", "description: line1\\nline2"),
            PA + "agents/colon.md": fm("name: colon", "description: Use when: tests fail"),
        },
    ),
    plugin_case(
        "plugin-unreadable-fields",
        "no frontmatter, YAML the repair cannot fix, a list: loaded with every field dropped",
        [entry("pa")],
        {
            PA + ".claude-plugin/plugin.json": manifest(name="pa"),
            PA + "agents/nofm.md": "# Reviewer\n\nYou review code.\n",
            PA + "agents/badyaml.md": fm("name: r", "description: Use this when: X", "  <x>y</x>"),
            PA + "agents/listfm.md": fm("- name: r", "- " + D),
            PA + "agents/bom.md": "\ufeff" + fm("name: bom", "description: bom file"),
        },
    ),
    plugin_case(
        "plugin-ignored-fields",
        "hooks Claude Code would refuse in .claude/agents are ignored here: it loads",
        [entry("pa")],
        {
            PA + ".claude-plugin/plugin.json": manifest(name="pa"),
            PA + "agents/h.md": fm(
                "name: hooksagent",
                D,
                "permissionMode: plan",
                "initialPrompt: go",
                "hooks:",
                "  PreToolUse: x",
                "mcpServers: [a]",
                "foo: 1",
            ),
        },
    ),
    plugin_case(
        "plugin-rejected-manifest",
        "`agents` naming a folder drops the whole plugin; another plugin still loads",
        [entry("pa"), entry("pb")],
        {
            PA + ".claude-plugin/plugin.json": manifest(name="pa", agents=["./agents"]),
            PA + "agents/x.md": fm("name: x", D),
            "plugins/pb/.claude-plugin/plugin.json": manifest(name="pb"),
            "plugins/pb/agents/y.md": fm("name: y", D),
        },
    ),
    plugin_case(
        "plugin-manifest-agents",
        "a manifest's `agents` replace agents/; listed files get no folder part",
        [entry("pa")],
        {
            PA + ".claude-plugin/plugin.json": manifest(
                name="pa", agents=["./custom/c.md", "./agents/sub/s.md", "./nope.md"]
            ),
            PA + "agents/a.md": fm("name: a", D),
            PA + "agents/sub/s.md": fm(D),
            PA + "custom/c.md": fm("name: c", D),
        },
    ),
    Case(
        "plugin-paths-leaving",
        {
            "~/.claude/settings.json": settings("pa"),
            MARKET + ".claude-plugin/marketplace.json": market(
                entry("pa", agents=["./../../shared/entry.md"])
            ),
            MARKET + PA + ".claude-plugin/plugin.json": manifest(
                name="pa",
                agents=["./../../shared/o.md", "./custom/c.md", "./custom/near.md", "./far.md"],
            ),
            MARKET + PA + "custom/c.md": fm("name: c", D),
            MARKET + PA + "custom/near.md": Link("../../../shared/near.md"),
            MARKET + PA + "far.md": Link("../../../elsewhere/far.md"),
            MARKET + "shared/o.md": fm("name: outer", D),
            MARKET + "shared/entry.md": fm("name: entry", D),
            MARKET + "shared/near.md": fm("name: near", D),
            "~/elsewhere/far.md": fm("name: far", D),
        },
        "a listed path that leaves the plugin as written is refused, under no name, and the "
        "rest loads; a linked file may lead anywhere in its marketplace's folder, not outside",
    ),
    plugin_case(
        "plugin-empty-agents",
        "`agents: []` turns agents/ off",
        [entry("pa")],
        {
            PA + ".claude-plugin/plugin.json": manifest(name="pa", agents=[]),
            PA + "agents/a.md": fm("name: a", D),
        },
    ),
    plugin_case(
        "plugin-entries",
        "an entry's agents add to the plugin's; no plugin.json: the entry names it",
        [
            entry("pb", agents=["./extra/y.md"]),
            entry("pe", agents=["./extra/y.md"]),
            entry("pg"),
            entry("pd", strict=False, agents=["./extra/y.md"]),
            entry("ph", agents="./extra"),
        ],
        {
            "plugins/pb/agents/x.md": fm("name: x", D),
            "plugins/pb/extra/y.md": fm("name: y", D),
            "plugins/pe/.claude-plugin/plugin.json": manifest(name="pe"),
            "plugins/pe/agents/x.md": fm("name: x", D),
            "plugins/pe/extra/y.md": fm("name: y", D),
            "plugins/pg/.claude-plugin/plugin.json": manifest(name="pg-manifest-name"),
            "plugins/pg/agents/x.md": fm("name: x", D),
            "plugins/pd/.claude-plugin/plugin.json": manifest(name="pd"),
            "plugins/pd/agents/x.md": fm("name: x", D),
            "plugins/ph/agents/x.md": fm("name: x", D),
        },
    ),
    Case(
        "plugin-bare-source",
        {
            "~/.claude/settings.json": settings("pf"),
            MARKET + ".claude-plugin/marketplace.json": market(
                {"name": "pf", "source": "pf"}, pluginRoot="./plugins"
            ),
            MARKET + "plugins/pf/.claude-plugin/plugin.json": manifest(name="pf"),
            MARKET + "plugins/pf/agents/x.md": fm("name: x", D),
        },
        "a bare source is read under metadata.pluginRoot",
    ),
    plugin_case(
        "plugin-not-enabled",
        "a plugin the settings do not enable is not loaded",
        [entry("pa"), entry("pb")],
        {
            PA + ".claude-plugin/plugin.json": manifest(name="pa"),
            PA + "agents/x.md": fm("name: x", D),
            "plugins/pb/.claude-plugin/plugin.json": manifest(name="pb"),
            "plugins/pb/agents/y.md": fm("name: y", D),
        },
        "pa",
    ),
    plugin_case(
        "plugin-bad-names",
        "a plugin named with a space or a `:` does not load",
        [entry("pa"), entry("pb")],
        {
            PA + ".claude-plugin/plugin.json": manifest(name="has space"),
            PA + "agents/x.md": fm("name: x", D),
            "plugins/pb/.claude-plugin/plugin.json": manifest(name="bad:name"),
            "plugins/pb/agents/y.md": fm("name: y", D),
        },
    ),
    Case(
        "plugin-and-project",
        {
            "~/.claude/settings.json": settings("pa"),
            MARKET + ".claude-plugin/marketplace.json": market(entry("pa")),
            MARKET + PA + ".claude-plugin/plugin.json": manifest(name="pa"),
            MARKET + PA + "agents/x.md": fm("name: x", "description: from the plugin"),
            ".claude/agents/x.md": fm("name: x", "description: from the project"),
            ".claude/agents/taken.md": fm("name: pa:x", "description: a plugin's name"),
            "~/.claude/agents/u.md": fm("name: x", "description: from the user"),
        },
        "plugin names never clash with project or user names; a project file may not take one",
    ),
    Case(
        "plugin-installed-copy",
        {
            "~/.claude/settings.json": json.dumps(
                {"enabledPlugins": {"pa@gh": True, "pe@gh": True}}
            ),
            "~/.claude/plugins/known_marketplaces.json": json.dumps(
                {
                    "gh": {
                        "source": {"source": "github", "repo": "o/r"},
                        "installLocation": "@HOME@/.claude/plugins/marketplaces/gh",
                    }
                }
            ),
            "~/.claude/plugins/installed_plugins.json": json.dumps(
                {
                    "version": 2,
                    "plugins": {
                        "pa@gh": [
                            {
                                "scope": "user",
                                "version": "1.0.0",
                                "installPath": "@HOME@/.claude/plugins/cache/gh/pa/1.0.0",
                            }
                        ]
                    },
                }
            ),
            "~/.claude/plugins/marketplaces/gh/.claude-plugin/marketplace.json": market(
                {"name": "pa", "source": "./pa"}, {"name": "pe", "source": "./pe"}
            ),
            "~/.claude/plugins/marketplaces/gh/pa/agents/clone.md": fm("name: clone", D),
            "~/.claude/plugins/cache/gh/pa/1.0.0/.claude-plugin/plugin.json": manifest(name="pa"),
            "~/.claude/plugins/cache/gh/pa/1.0.0/agents/cacheonly.md": fm("name: cacheonly", D),
        },
        "a plugin of a github marketplace is read from its installed copy",
    ),
]
"""Plugin cases, verified against Claude Code 2.1.332 offline."""
