"""The live catalog (the server's, kept current one file at a time) against a catalog built
from scratch: after every create, change and delete in any source of any profile, both show the
same entries and findings, and the files reported as touched include every file whose place in
the catalog changed."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from subagent_ls.core.settings import Settings
from subagent_ls.harnesses.environment import Environment
from subagent_ls.harnesses.profile import distinct
from subagent_ls.harnesses.registry import PROFILES
from subagent_ls.harnesses.sources import Source
from subagent_ls.workspace.catalog.live import LiveCatalog
from subagent_ls.workspace.catalog.scan import analyze_on_disk, facts_on_disk, source_files

SETTINGS = Settings()
FILES = ("a.md", "b.md", "c.md", "nested/d.md", ".hidden.md")


def build(profile_id: str, env: Environment) -> LiveCatalog:
    analyze = analyze_on_disk(SETTINGS)
    return LiveCatalog.build(PROFILES[profile_id], env, analyze, source_files)[0]


def shown(live: LiveCatalog) -> tuple[list, dict]:
    """What a client sees: every entry, and every file's findings with their partners."""
    findings = {
        path: sorted((f.code, f.message, tuple(str(r.path) for r in f.related)) for f in items)
        for path, items in live.findings.items()
        if items
    }
    return live.catalog.as_json()["entries"], findings


def random_text(rng: random.Random, path: Path, names: list[str]) -> str:
    name = rng.choice([*names, None, path.stem])
    head = f"name: {name}\n" if name else ""
    description = rng.choice(["Reviews code. Use when a change is ready.", "Audits code.", ""])
    extra = rng.choice(["", "enabled: false\n", "complexity: huge\n"])
    fence = rng.choice(["---", "---", "---", "--"])
    return f"---\n{head}description: {description}\n{extra}{fence}\nBody\n"


def places(profile_id: str, env: Environment) -> list[tuple[Source, Path]]:
    sources = [s for s in distinct(PROFILES[profile_id].sources(env)) if s.path is not None]
    return [(source, source.path / file) for source in sources for file in FILES]  # type: ignore[operator]


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("profile_id", sorted(PROFILES))
def test_updates_match_a_fresh_build(tmp_path, profile_id, seed):
    home, root = tmp_path / "home", tmp_path / "work" / "project"
    (root / ".claude/agents").mkdir(parents=True)
    environ = {"ZUT_AGENT_PROFILES": str(tmp_path / "zut")}
    env = Environment(home, (root,), (tmp_path / "extra",), environ, frozenset({"beta"}))
    names = ["alpha", "beta", *list(PROFILES[profile_id].builtins)[:1]]
    rng = random.Random(seed)
    spots = places(profile_id, env)
    live = build(profile_id, env)
    for _ in range(40):
        _, path = rng.choice(spots)
        if path.exists() and rng.random() < 0.3:
            path.unlink()
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(random_text(rng, path, names))
        before = shown(live)

        def read(source: Source, path: Path = path) -> object:
            return facts_on_disk((path, source.dialect), SETTINGS) if path.is_file() else None

        touched = live.update(path, read)  # type: ignore[arg-type]
        fresh = build(profile_id, env)
        if touched is None:  # the caller builds again
            live = fresh
            continue
        after = shown(live)
        expected = shown(fresh)
        assert after[0] == expected[0]
        for key in after[1].keys() | expected[1].keys():
            assert (key, after[1].get(key)) == (key, expected[1].get(key))
        assert changed(before, after) <= {t.absolute().as_uri() for t in touched}


def changed(before: tuple[list, dict], after: tuple[list, dict]) -> set[str]:
    """The files whose entry or findings differ."""
    entries = [{e["uri"]: e for e in side[0] if e["uri"]} for side in (before, after)]
    findings = [
        {p.absolute().as_uri(): items for p, items in side[1].items()} for side in (before, after)
    ]
    return {
        uri
        for old, new in (entries, findings)
        for uri in old.keys() | new.keys()
        if old.get(uri) != new.get(uri)
    }


def test_a_folder_event_asks_for_a_new_build(tmp_path):
    home, root = tmp_path / "home", tmp_path / "project"
    folder = root / ".agents/agents"
    (folder / "team").mkdir(parents=True)
    (folder / "team" / "a.md").write_text("---\nname: a\ndescription: Audits code.\n---\n")
    live = build("harness-subagents", Environment(home, (root,)))

    def unreachable(source: Source) -> None:
        raise AssertionError("a folder is not read as a file")

    for inside in (folder, folder / "team", root / ".agents"):
        assert live.update(inside, unreachable) is None
    assert live.update(tmp_path / "elsewhere", unreachable) == set()


def test_many_files_at_once_build_again(tmp_path):
    """A checkout-sized batch is not placed file by file (each placement walks the catalog)."""
    from subagent_ls.lsp.catalog_service import MANY_CHANGES, CatalogService
    from subagent_ls.lsp.state import ServerState

    folder = tmp_path / ".agents/agents"
    folder.mkdir(parents=True)
    paths = [folder / f"a{n}.md" for n in range(MANY_CHANGES + 1)]
    for path in paths:
        path.write_text(f"---\nname: {path.stem}\ndescription: Audits code.\n---\n")
    service = CatalogService(ServerState(roots=(tmp_path,)), home=tmp_path / "home", environ={})
    service.build()
    assert service.update(paths[:MANY_CHANGES]) == set()  # unchanged files: nothing to show
    assert service.update(paths) is None
