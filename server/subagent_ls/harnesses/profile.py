"""A harness's profile: its sources (for an environment), what it ships built in, which names
it removes, and how it settles two definitions of one name; and the entry, one definition as
the harness would load it, that precedence is settled on. Each harness package defines its
profile from these pieces (as its seed document or loader says)."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Literal, NamedTuple

from subagent_ls.core.findings import Severity
from subagent_ls.core.records import record_eq, record_repr
from subagent_ls.harnesses.environment import Environment
from subagent_ls.harnesses.mcp import McpServers
from subagent_ls.harnesses.sources import Source

UriOf = Callable[[Path], str]
"""A file's URI in the JSON shapes (the language server answers in its client's spelling)."""

SameFolder = Literal["least-specific", "most-specific"]


def file_uri(path: Path) -> str:
    """The URI of a file as the command line writes it."""
    return path.absolute().as_uri()


class Entry:
    """One definition. ``name`` is what the harness calls it; ``loads`` is False when the
    harness would not load the file at all (it then takes no part in precedence)."""

    __match_args__ = (
        "name", "source", "path", "dialect", "description", "loads", "disabled", "errors",
        "warnings", "anchor", "outcome", "merged", "own", "effective", "shadowed_by", "shadows",
        "duplicates",
    )  # fmt: skip
    __slots__ = __match_args__

    name: str
    source: Source
    path: Path | None
    dialect: str
    description: str
    loads: bool
    disabled: bool
    errors: int
    warnings: int
    anchor: object
    """What the front end needs to place findings on this entry (a report, a document)."""
    outcome: str
    """The harness verdict's outcome for the file (``breaks-configuration``: the harness
    refuses its whole configuration because of it)."""
    merged: tuple[tuple[str, object], ...]
    """The keys of the file the harness merges with the other definitions of its name."""
    own: tuple[str, bool] | None
    """The description and disabled state the entry had before a merging profile settled
    what it shows (kept so that settling again starts from them)."""
    effective: bool
    shadowed_by: Entry | None
    shadows: list[Entry]
    duplicates: list[Entry]

    def __init__(
        self,
        name: str,
        source: Source,
        path: Path | None,
        dialect: str,
        description: str = "",
        loads: bool = True,
        disabled: bool = False,
        errors: int = 0,
        warnings: int = 0,
        anchor: object = None,
        outcome: str = "loads",
        merged: tuple[tuple[str, object], ...] = (),
        own: tuple[str, bool] | None = None,
        effective: bool = False,
        shadowed_by: Entry | None = None,
        shadows: list[Entry] | None = None,
        duplicates: list[Entry] | None = None,
    ) -> None:
        self.name = name
        self.source = source
        self.path = path
        self.dialect = dialect
        self.description = description
        self.loads = loads
        self.disabled = disabled
        self.errors = errors
        self.warnings = warnings
        self.anchor = anchor
        self.outcome = outcome
        self.merged = merged
        self.own = own
        self.effective = effective
        self.shadowed_by = shadowed_by
        self.shadows = [] if shadows is None else shadows
        self.duplicates = [] if duplicates is None else duplicates

    __repr__ = record_repr
    __eq__ = record_eq
    __hash__ = None  # type: ignore[assignment]

    def uri(self, uri_of: UriOf = file_uri) -> str | None:
        return uri_of(self.path) if self.path else None

    def signature(self) -> tuple:
        """What a client shows of this entry, cheap to compare."""
        winner = self.shadowed_by
        return (
            self.name, self.source.id, self.path, self.effective, self.disabled, self.loads,
            self.description, self.errors, self.warnings, winner.path if winner else None,
            self.outcome,
        )  # fmt: skip

    def reference(self, uri_of: UriOf = file_uri) -> dict[str, object]:
        return {"source": self.source.id, "uri": self.uri(uri_of)}

    def as_json(self, uri_of: UriOf = file_uri) -> dict[str, object]:
        winner = self.shadowed_by
        return {
            "name": self.name,
            "source": self.source.id,
            "uri": self.uri(uri_of),
            "effective": self.effective,
            "shadowedBy": winner.reference(uri_of) if winner else None,
            "shadows": [entry.reference(uri_of) for entry in self.shadows],
            "disabled": self.disabled,
            "loads": self.loads,
            "outcome": self.outcome,
            "dialect": self.dialect,
            "description": self.description,
            "errors": self.errors,
            "warnings": self.warnings,
        }


def distinct(sources: list[Source], keeps: SameFolder = "least-specific") -> list[Source]:
    """Sources in precedence order, each folder once however it is reached (through a
    symbolic link or ``..``): when HOME is the project, or a user folder links to a project's,
    its folders are the user level's, and no file shadows itself. ``keeps``: which of the
    sources that reach one folder lists its files (the profile's ``same_folder``); the
    others' paths, and the folder's real path, become its ``aliases``."""
    ordered = sorted(sources, key=lambda s: s.rank)
    chosen: dict[str, int] = {}
    reached: dict[str, list[str]] = {}
    walk = range(len(ordered)) if keeps == "least-specific" else reversed(range(len(ordered)))
    for index in walk:
        path = ordered[index].path
        if path is not None:
            real = os.path.realpath(path)
            chosen.setdefault(real, index)
            reached.setdefault(real, [real]).append(str(path))
    kept = []
    for index, source in enumerate(ordered):
        if source.path is not None:
            real = os.path.realpath(source.path)
            if chosen[real] != index:
                continue
            other = (p for p in reached[real] if p != str(source.path))
            source = source._replace(aliases=(*source.aliases, *dict.fromkeys(other)))
        kept.append(source)
    return kept


class PromptBudget(NamedTuple):
    """A limit the harness sets on what all its agents' listings take together: ``tokens``
    counts one agent (its name and the description the model is given), ``limit`` is the
    total above which the harness says ``says`` (``{limit}`` and ``{total}`` filled in)."""

    limit: int
    tokens: Callable[[str, str], int]
    says: str


class Signs(NamedTuple):
    """What shows that a harness is in use: paths in a project folder (or a folder above it,
    up to the repository's top), paths below the home folder, and environment variables that
    are set. A harness nothing shows in use is quiet about files it only shares a folder of."""

    project: tuple[str, ...] = ()
    user: tuple[str, ...] = ()
    variables: tuple[str, ...] = ()


class Profile(NamedTuple):
    """``same_source`` says which of two definitions in one source the harness takes
    (``unsaid``: its document does not say; the catalog shows the first) and
    ``duplicate_severity`` how bad such a pair is; ``builtin_collision`` whether a definition
    named like a built-in overrides it, is renamed (agent-core suffixes it with its source) or
    loses to it (``builtin-wins``)."""

    id: str
    harness: str
    builtins: Mapping[str, str]
    sources: Callable[[Environment], list[Source]]
    same_source: Literal["first", "last", "unsaid"] = "first"
    duplicate_severity: Severity = Severity.ERROR
    builtin_collision: Literal["override", "suffix", "builtin-wins"] = "override"
    removes: Callable[[Environment], set[str]] | None = None
    """Names the harness removes after merging, in this environment (built-ins and files)."""
    merge: Callable[[list[Entry]], None] | None = None
    """Where the harness merges the definitions of one name key by key (OpenCode): settles
    what each entry of one name's group shows, once precedence is settled."""
    identity: Callable[[Entry], str] | None = None
    """What the harness settles precedence on, where that is not the name (Copilot: the
    file's path below its folder; two names can then both be offered)."""
    path_order: bool = False
    """Within one source the harness meets files in the byte order of their paths (so
    ``a--b.md`` before ``a/b.md``), not folder by folder."""
    same_folder: SameFolder = "least-specific"
    """Which of two sources that reach one folder (one through a symbolic link) lists its
    files: the least specific (the user level, when HOME is the project), or the most specific
    where the harness reads that one first and keeps the first definition it finds (Copilot).
    The other's path is an alias of it (see ``distinct``)."""
    variables: tuple[str, ...] = ()
    """The environment variables its sources and removed names depend on (beside HOME): what
    is cached on the sources must be keyed on them."""
    plugin_source: Callable[[str], Source | None] | None = None
    """Where the harness reads plugins (extensions) of its own: the source of the plugin that
    lists the file at an absolute path, found from the file's folders upward (None: no plugin
    lists it). A plugin's agents are judged in that source's dialect wherever they lie."""
    project_manifests: tuple[str, ...] = ()
    """The plugin (and marketplace) manifests in a project its sources take plugins from, as
    POSIX paths below the folder that holds one (``.claude-plugin/plugin.json``): the project
    walk finds files of these names (``Environment.plugin_manifests``), the editor watches them
    and the VS Code extension starts for a workspace that holds one."""

    mcp_servers: Callable[[Environment], McpServers] | None = None
    """The MCP servers the harness connects when run in ``roots[0]`` of the environment."""
    budget: PromptBudget | None = None
    """What the harness allows all agent descriptions together (None: no limit)."""
    signs: Signs = Signs()
    """What shows the harness is in use (a project's folders or files, the user's)."""

    def key(self, entry: Entry) -> str:
        """The identity under which ``entry`` competes with other definitions."""
        return self.identity(entry) if self.identity else entry.name
