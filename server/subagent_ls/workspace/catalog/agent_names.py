"""The agents a harness loads for one file, which its references to other agents are checked
against (``agent-unknown``): the harness's catalog for the file's project (the folder that
holds its agent folder; the first project folder for a file of the user level or of no agent
folder) and, for a file in a plugin, that plugin; read from disk when first asked for, with
this process's HOME and the environment variables the profile names. The names are kept
while no file and no folder they were read from changes (one ``stat`` each); within a
command's run, which takes the tree as steady (``plugin_search.steady``), that is looked at
once per run, not once per file that names an agent."""

from __future__ import annotations

import os
from functools import cache, lru_cache, partial
from pathlib import Path
from typing import NamedTuple

from subagent_ls.analysis.projects import project_of
from subagent_ls.core.settings import Settings
from subagent_ls.harnesses.common.manifest_json import (
    Stamp,
    note_read,
    recorded_reads,
    stamp,
    unchanged,
)
from subagent_ls.harnesses.common.plugin_search import steady_run
from subagent_ls.harnesses.environment import Environment
from subagent_ls.harnesses.profile import Profile, distinct
from subagent_ls.harnesses.references import AgentLookup, AgentNames, AgentsFor
from subagent_ls.harnesses.registry import PROFILES
from subagent_ls.harnesses.sources import Source
from subagent_ls.workspace.catalog.model import Catalog
from subagent_ls.workspace.catalog.scan import (
    BUILTIN,
    FileFacts,
    Work,
    build_catalog,
    facts_on_disk,
)

KEPT = 16


class _Kept(NamedTuple):
    """Names read, the files and folders they came from, the steady run they were read or
    last found unchanged in (None: none), and the catalog's sources that are there."""

    reads: list[tuple[str, Stamp]]
    names: AgentNames
    run: int | None
    there: tuple[Source, ...]


_KEPT: dict[tuple[object, ...], _Kept] = {}
"""The names of each (harness, project, home, environment, settings), and of each plugin."""


def agents_for(settings: Settings) -> AgentsFor:
    """The lookup the engine is handed: agent names per harness and file, read when asked."""
    return partial(agent_lookup, settings)


def agent_lookup(
    settings: Settings, harness: str, path: str, roots: tuple[str, ...]
) -> AgentLookup:
    return cache(partial(_names, settings, harness, path, roots))


def _names(settings: Settings, harness: str, path: str, roots: tuple[str, ...]) -> AgentNames:
    profile = PROFILES[harness]
    home = Path(os.path.expanduser("~"))
    project = project_of(path)
    if project is None or project == home:
        project = Path(roots[0]) if roots else Path(os.getcwd())
    environ = {name: os.environ[name] for name in profile.variables if name in os.environ}
    plugin = profile.plugin_source(path) if profile.plugin_source else None
    env = Environment(
        home=home,
        roots=(project,),
        extra_dirs=tuple(Path(d).expanduser().absolute() for d in settings.extra_dirs),
        environ=environ,
        disabled=frozenset(settings.disabled),
    )
    key = (harness, str(project), str(home), tuple(environ.items()), env.extra_dirs)
    key += (env.disabled,)
    project_kept = _kept(settings, profile, env, key, None)
    if plugin is None:
        return project_kept.names
    plugin_kept = _kept(settings, profile, env, (*key, plugin), plugin)
    return _joined(project_kept.names, project_kept.there, plugin_kept.names, plugin_kept.there)


def _kept(
    settings: Settings, profile: Profile, env: Environment, key: tuple, plugin: Source | None
) -> _Kept:
    """The names of the profile's sources, or of ``plugin`` alone, kept under ``key``."""
    kept, run = _KEPT.pop(key, None), steady_run()
    if kept is not None and ((run is not None and kept.run == run) or unchanged(kept.reads)):
        kept = _KEPT[key] = kept._replace(run=run)  # the most recently used last
        return kept
    read = partial(facts_on_disk, settings=settings)

    def analyze(work: Work) -> list[FileFacts | None]:
        return [read(item) for item in work]  # one process: ``check`` runs this in a worker

    if plugin is not None:
        profile = profile._replace(sources=_no_sources)
    with recorded_reads() as reads:
        extra = (plugin,) if plugin is not None else ()
        catalog, _, _ = build_catalog(profile, env, analyze, extra=extra)
        for entry in catalog.entries:
            if entry.path is not None:
                note_read(str(entry.path), stamp(str(entry.path)))
    if len(_KEPT) >= KEPT:
        _KEPT.pop(next(iter(_KEPT)))
    kept = _KEPT[key] = _Kept(reads, names_in(catalog), run, _there(catalog.sources))
    return kept


def _no_sources(env: Environment) -> list[Source]:
    return []


@lru_cache(maxsize=KEPT)
def _joined(
    project: AgentNames,
    project_there: tuple[Source, ...],
    plugin: AgentNames,
    plugin_there: tuple[Source, ...],
) -> AgentNames:
    """The names with a plugin's, as one catalog of both gives them: a plugin's agents are
    named apart from the others (by their plugin), and a harness that reads plugins settles
    each name on its own, so the plugin is read once and joined to the project's names, not
    the project read again for each plugin (kept, so that each file of a plugin gets the same
    names); the places looked at in the order of the harness's precedence."""
    folders = [s for s in (*project_there, *plugin_there) if s is not BUILTIN]
    there = ((BUILTIN,) if BUILTIN in project_there else ()) + tuple(distinct(folders))
    more = plugin.names - project.names
    return AgentNames(project.names, _labels(there), project.machine, more)


def names_in(catalog: Catalog) -> AgentNames:
    """The names of the agents a catalog loads (not switched off), and the sources it read
    that are there."""
    names = frozenset(entry.name for entry in catalog.entries if entry.loads and not entry.disabled)
    machine = any(source.level == "user" for source in catalog.sources)
    return AgentNames(names, _labels(_there(catalog.sources)), machine)


def _there(sources: list[Source]) -> tuple[Source, ...]:
    """The sources that are there (built-ins, listings, folders that exist)."""
    return tuple(s for s in sources if s.path is None or s.listing or s.path.is_dir())


def _labels(sources: tuple[Source, ...]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(source.label for source in sources))
