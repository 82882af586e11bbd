"""A Claude Code plugin's agent file in the editor: hover names the plugin and the full name
Claude Code gives the agent, rename edits only the frontmatter value (never the plugin's
namespace, never a file or folder), and a rejected manifest is named in the diagnostic."""

from __future__ import annotations

import json
from pathlib import Path

from lsp_helpers import apply, doc_id, edits_of, open_document, uri_of
from lsprotocol import types

TEXT = "---\nname: fixer-agent\ndescription: Fixes bugs. Use when a test fails.\n---\nBody.\n"
NAME = types.Position(1, 8)


def plugin(workspace: Path, manifest: dict) -> Path:
    folder = workspace / "plugins/tools"
    (folder / ".claude-plugin").mkdir(parents=True)
    (folder / ".claude-plugin/plugin.json").write_text(json.dumps(manifest))
    path = folder / "agents/fixer.md"
    path.parent.mkdir()
    path.write_text(TEXT)
    return path


async def hover(client, uri: str, where: types.Position) -> str:
    result = await client.text_document_hover_async(types.HoverParams(doc_id(uri), where))
    return result.contents.value


async def test_hover_names_the_plugin_and_the_full_name(client, workspace):
    uri = await open_document(client, plugin(workspace, {"name": "tools"}), TEXT)
    fence = await hover(client, uri, types.Position(0, 1))
    assert "claude-code-plugin" in fence
    assert f"the Claude Code plugin `tools` ({workspace / 'plugins/tools'})" in fence
    assert "as `tools:fixer-agent`" in fence
    assert "`tools:fixer`" in fence  # Copilot CLI's id, in the targets table
    assert "Claude Code loads it as `tools:fixer-agent`" in await hover(client, uri, NAME)
    assert not any(str(d.code) == "name-mismatch" for d in client.diagnostics[uri])


async def test_rename_edits_only_the_value(client, workspace):
    path = plugin(workspace, {"name": "tools"})
    uri = await open_document(client, path, TEXT)
    prepared = await client.text_document_prepare_rename_async(
        types.PrepareRenameParams(doc_id(uri), NAME)
    )
    assert prepared == types.Range(types.Position(1, 6), types.Position(1, 17))
    edit = await client.text_document_rename_async(types.RenameParams(doc_id(uri), NAME, "mender"))
    assert apply(TEXT, edits_of(edit, uri)) == TEXT.replace("fixer-agent", "mender")
    assert not [c for c in edit.document_changes or [] if isinstance(c, types.RenameFile)]
    assert set(edit.changes or {uri: []}) <= {uri}


async def test_a_rejected_manifest_is_named_with_its_file(client, workspace):
    path = plugin(workspace, {"name": "tools", "agents": ["./agents"]})
    uri = await open_document(client, path, TEXT)
    (skip,) = [d for d in client.diagnostics[uri] if "notLoadedBy" in (d.data or {})]
    assert 'agents.0: Invalid string: must end with ".md"' in skip.message
    (related,) = skip.related_information or []
    manifest = path.parent.parent / ".claude-plugin/plugin.json"
    assert related.location.uri == uri_of(manifest)


async def test_the_catalog_has_a_source_per_plugin_and_follows_its_manifest(client, workspace):
    from test_catalog import names, wait_for_catalog

    path = plugin(workspace, {"name": "tools"})
    client.set_configuration({"harness": "claude-code"}, section="subagents")
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings=None))
    found = await wait_for_catalog(client, lambda c: "tools:fixer-agent" in names(c))
    assert names(found)["tools:fixer-agent"][0]["source"] == "plugin:tools"
    manifest = path.parent.parent / ".claude-plugin/plugin.json"
    manifest.write_text(json.dumps({"name": "tools", "agents": ["./agents"]}))
    changed = types.FileEvent(uri_of(manifest), types.FileChangeType.Changed)
    client.workspace_did_change_watched_files(types.DidChangeWatchedFilesParams([changed]))

    def refused(catalog: dict) -> bool:
        ours = [e for e in catalog["entries"] if e["source"] == "plugin:tools"]
        return bool(ours) and not any(e["loads"] for e in ours)

    await wait_for_catalog(client, refused)
