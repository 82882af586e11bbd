"""The catalog through the server: the request and its shape, the notification after a file
is created, changed and deleted on disk, cross-file diagnostics, symbols, definition and code
lens. HOME is a temporary folder."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path

from lsp_helpers import HOME, change, doc_id, open_document, uri_of
from lsprotocol import types

DESC = "description: Reviews code and reports defects. Use when a change is ready."


def write(path: Path, name: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"---\nname: {name}\n{DESC}\n---\nBody\n")
    return path


async def scanned(client) -> None:
    """Wait for the server's first scan (its first ``subagents/catalogChanged``)."""
    await notified(client, 0, 10)
    assert client.catalog_changes, "no subagents/catalogChanged after 10 s"


async def notified(client, seen: int, within: float) -> None:
    """Until more than ``seen`` notifications arrived or ``within`` seconds passed. (It reads
    the fixture's record: a cancelled pytest-lsp wait breaks the client when one arrives.)"""
    for _ in range(int(within / 0.05)):
        if len(client.catalog_changes) > seen:
            return
        await asyncio.sleep(0.05)


async def wait_for_catalog(client, predicate, timeout: float = 10) -> dict:
    """Ask for the catalog after each ``subagents/catalogChanged`` (and every second) until
    ``predicate`` holds."""
    deadline = asyncio.get_running_loop().time() + timeout
    while True:
        seen = len(client.catalog_changes)
        catalog = as_dict(await client.protocol.send_request_async("subagents/catalog", {}))
        if predicate(catalog):
            return catalog
        assert asyncio.get_running_loop().time() < deadline, f"not so after {timeout} s"
        await notified(client, seen, 1)


def names(catalog) -> dict[str, list]:
    found: dict[str, list] = {}
    for entry in catalog["entries"]:
        found.setdefault(entry["name"], []).append(entry)
    return found


def as_dict(value):
    """pygls hands untyped results over as named tuples: turn them back into JSON values."""
    if hasattr(value, "_asdict"):
        return {key: as_dict(item) for key, item in value._asdict().items()}
    if isinstance(value, dict):
        return {key: as_dict(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [as_dict(item) for item in value]
    return value


async def test_catalog_request_shape(client, workspace):
    write(workspace / ".agents/agents/reviewer.md", "reviewer")
    result = await client.protocol.send_request_async("subagents/catalog", {})
    catalog = as_dict(result)

    assert catalog["harness"] == "harness-subagents"
    assert {"id", "label", "path", "level"} <= set(catalog["sources"][0])
    (entry,) = names(catalog)["reviewer"]
    assert entry["effective"] is True and entry["source"] == "project"
    assert set(entry) >= {
        "name",
        "source",
        "uri",
        "effective",
        "shadowedBy",
        "shadows",
        "disabled",
        "dialect",
        "description",
        "errors",
        "warnings",
    }
    other = as_dict(
        await client.protocol.send_request_async("subagents/catalog", {"harness": "claude-code"})
    )
    assert other["harness"] == "claude-code" and "Explore" in names(other)


async def test_the_first_scan_reports_progress(client, workspace):
    await scanned(client)
    for _ in range(100):
        reports = [r for rs in client.progress_reports.values() for r in rs]
        if reports and reports[-1].kind == "end":
            break
        await asyncio.sleep(0.05)
    assert [r.kind for r in reports] == ["begin", "end"]
    assert reports[0].title == "Scanning subagents"


async def test_file_created_changed_deleted_on_disk_notifies(client, workspace):
    await scanned(client)
    notified = len(client.catalog_changes)
    path = write(workspace / ".agents/agents/fresh.md", "fresh")
    client.workspace_did_change_watched_files(
        types.DidChangeWatchedFilesParams(
            [types.FileEvent(uri_of(path), types.FileChangeType.Created)]
        )
    )
    await wait_for_catalog(client, lambda c: "fresh" in names(c))
    path.write_text(path.read_text().replace("Reviews code", "Audits code"))
    client.workspace_did_change_watched_files(
        types.DidChangeWatchedFilesParams(
            [types.FileEvent(uri_of(path), types.FileChangeType.Changed)]
        )
    )
    changed = await wait_for_catalog(client, lambda c: "Audits" in str(names(c).get("fresh")))
    assert names(changed)["fresh"][0]["description"].startswith("Audits code")
    path.unlink()
    client.workspace_did_change_watched_files(
        types.DidChangeWatchedFilesParams(
            [types.FileEvent(uri_of(path), types.FileChangeType.Deleted)]
        )
    )
    await wait_for_catalog(client, lambda c: "fresh" not in names(c))
    assert len(client.catalog_changes) >= notified + 3
    assert set(as_dict(client.catalog_changes[-1])) == {"harness", "version"}


async def test_a_deleted_folder_and_many_files_at_once(client, workspace):
    """A folder event (its files get none of their own) and a checkout-sized batch of events."""
    await scanned(client)
    team = workspace / ".agents/agents"
    for n in range(3):
        write(team / f"member-{n}.md", f"member-{n}")
    batch = [write(workspace / f".claude/agents/bulk-{n}.md", f"bulk-{n}") for n in range(60)]
    client.workspace_did_change_watched_files(
        types.DidChangeWatchedFilesParams(
            [types.FileEvent(uri_of(p), types.FileChangeType.Created) for p in batch]
            + [
                types.FileEvent(uri_of(team / f"member-{n}.md"), types.FileChangeType.Created)
                for n in range(3)
            ]
        )
    )
    found = await wait_for_catalog(client, lambda c: {"bulk-59", "member-2"} <= set(names(c)))
    assert len([n for n in names(found) if n.startswith("bulk-")]) == 60
    shutil.rmtree(team)
    client.workspace_did_change_watched_files(
        types.DidChangeWatchedFilesParams(
            [types.FileEvent(uri_of(team), types.FileChangeType.Deleted)]
        )
    )
    gone = await wait_for_catalog(
        client, lambda c: not any(n.startswith("member-") for n in names(c))
    )
    assert "bulk-0" in names(gone)


async def test_a_harness_switch_answers_with_the_new_harness(client, workspace):
    write(workspace / ".claude/agents/reviewer.md", "reviewer")
    await scanned(client)
    client.workspace_did_change_configuration(
        types.DidChangeConfigurationParams(settings={"subagents": {"harness": "claude-code"}})
    )
    asked = as_dict(
        await client.protocol.send_request_async("subagents/catalog", {"harness": "claude-code"})
    )
    assert asked["harness"] == "claude-code"
    assert "builtin" in {source["id"] for source in asked["sources"]}
    default = as_dict(await client.protocol.send_request_async("subagents/catalog", {}))
    assert default["harness"] == "claude-code"


async def test_a_path_the_scan_skips_is_logged_with_its_reason(client, workspace):
    await scanned(client)
    (workspace / ".agents/agents/self").symlink_to("self")  # a link to itself: ELOOP
    client.workspace_did_change_configuration(
        types.DidChangeConfigurationParams(settings={"subagents": {}})
    )
    for _ in range(200):
        skipped = [m.message for m in client.log_messages if "skipped" in m.message]
        if skipped:
            break
        await asyncio.sleep(0.05)
    assert len(skipped) == 1 and "self: skipped" in skipped[0], skipped


async def test_edits_that_change_nothing_the_catalog_shows_send_nothing(client, workspace):
    path = write(workspace / ".agents/agents/quiet.md", "quiet")
    await scanned(client)
    text = path.read_text()
    uri = await open_document(client, path, text)
    before = len(client.catalog_changes)
    moved = text.replace("---\nname:", "---\nmodel: inherit\nname:", 1)  # `name` one line down
    await change(client, uri, text + "More body.\n", 2)
    await change(client, uri, moved, 3)
    # the server sends an edit's catalogChanged before that version's diagnostics, which
    # `change` waited for: none of these two edits sent one
    assert len(client.catalog_changes) == before
    await change(client, uri, moved.replace("Reviews code", "Audits code"), 4)
    await notified(client, before, 5)
    assert len(client.catalog_changes) == before + 1


async def test_user_level_folder_is_polled(client, workspace, request):
    """A file created under HOME (outside the workspace, so no client watches it)."""
    await scanned(client)
    name = f"user-{abs(hash(request.node.name)) % 10**8}"
    folder = HOME / f"{name}-source"
    path = write(HOME / ".agents/agents" / f"{name}.md", name)
    try:
        found = await wait_for_catalog(client, lambda c: name in names(c), timeout=15)
        assert names(found)[name][0]["source"] == "user"
    finally:
        path.unlink()
    await wait_for_catalog(client, lambda c: name not in names(c), timeout=15)
    # an extra source folder that disappears while the server runs
    write(folder / f"{name}-extra.md", f"{name}-extra")
    client.set_configuration({"extraDirs": [str(folder)]}, section="subagents")
    client.workspace_did_change_configuration(types.DidChangeConfigurationParams(settings=None))
    await wait_for_catalog(client, lambda c: f"{name}-extra" in names(c), timeout=15)
    shutil.rmtree(folder)
    await wait_for_catalog(client, lambda c: f"{name}-extra" not in names(c), timeout=15)


async def test_cross_file_diagnostics_definition_symbols_and_lens(client, workspace):
    project = write(workspace / ".agents/agents/twin.md", "twin")
    other = write(workspace / ".claude/agents/twin.md", "twin")
    uri = await open_document(client, project, project.read_text())
    await asyncio.sleep(0)
    for _ in range(50):
        if any(str(d.code) == "duplicate-name" for d in client.diagnostics.get(uri, [])):
            break
        await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    (duplicate,) = [d for d in client.diagnostics[uri] if str(d.code) == "duplicate-name"]
    assert duplicate.related_information[0].location.uri == uri_of(other)
    where = types.Position(1, 7)
    locations = await client.text_document_definition_async(
        types.DefinitionParams(doc_id(uri), where)
    )
    assert {loc.uri for loc in locations} == {uri_of(project), uri_of(other)}
    symbols = await client.workspace_symbol_async(types.WorkspaceSymbolParams(query="twi"))
    assert {s.location.uri for s in symbols} >= {uri_of(project), uri_of(other)}
    hover = await client.text_document_hover_async(types.HoverParams(doc_id(uri), where))
    assert "Catalog (harness-subagents): project .agents/agents" in hover.contents.value
    lenses = await client.text_document_code_lens_async(types.CodeLensParams(doc_id(uri)))
    titles = [lens.command.title for lens in lenses]
    assert any(title.startswith("body: 1 lines") for title in titles)
    assert "overrides project .claude/agents twin" in titles
    shadowed = await open_document(client, other, other.read_text())
    lenses = await client.text_document_code_lens_async(types.CodeLensParams(doc_id(shadowed)))
    titles = [lens.command.title for lens in lenses]
    assert "shadowed by project .agents/agents/twin.md" in titles, titles  # no absolute path
