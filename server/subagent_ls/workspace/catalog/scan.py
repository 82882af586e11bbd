"""Building a catalog: list each source's files (with the shared bounded walker: folders it does
not walk and files that are not regular files are skipped with a reason), read what the harness
would load from each, add the built-ins, and resolve precedence."""

from __future__ import annotations

import os
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import NamedTuple

from subagent_ls.analysis.lint import lint
from subagent_ls.analysis.results import LintResult
from subagent_ls.core.document import AgentDocument
from subagent_ls.core.findings import Severity
from subagent_ls.core.settings import Settings
from subagent_ls.core.source import read_source
from subagent_ls.harnesses.common.manifest_json import note_read, recording_reads, stamp
from subagent_ls.harnesses.environment import Environment
from subagent_ls.harnesses.model import Dialect
from subagent_ls.harnesses.profile import Entry, Profile, distinct
from subagent_ls.harnesses.registry import BASE, DIALECTS
from subagent_ls.harnesses.sources import Listing, Source
from subagent_ls.workspace.catalog.model import Catalog
from subagent_ls.workspace.catalog.resolve import CrossFinding, resolve
from subagent_ls.workspace.parallel import parallel_map
from subagent_ls.workspace.walk import BROKEN_LINK, walk

BUILTIN = Source("builtin", "built-in", "builtin", 0, BASE.id)


class NameLocation(NamedTuple):
    """Where a file's ``name`` value is: its line, that line's text and code-point columns
    (enough to give a range in any position encoding without keeping the document)."""

    line: int
    text: str
    start: int
    end: int


class FileFacts(NamedTuple):
    """What the catalog needs of one file, as its harness reads it."""

    name: str
    loads: bool
    disabled: bool
    description: str
    errors: int
    warnings: int
    name_location: NameLocation | None = None
    outcome: str = "loads"
    merged: tuple[tuple[str, object], ...] = ()
    """The keys the harness merges across sources (``Verdict.merged``)."""


def name_location(doc: AgentDocument) -> NameLocation | None:
    node = doc.field_value("name")
    if node is None:
        return None
    line = doc.lines.line_of(node.span.start)
    start = doc.lines.line_start(line)
    end = min(node.span.end, doc.lines.line_end(line))
    text = doc.text[start : doc.lines.line_end(line)]
    return NameLocation(line, text, node.span.start - start, end - start)


Work = list[tuple[Path, str]]
"""Files to read, each with the dialect its source reads it in."""
Analyze = Callable[[Work], "list[FileFacts | None]"]
ListFiles = Callable[[Source, list[str]], list[Path]]


def facts_of(doc: AgentDocument, dialect_id: str, settings: Settings) -> FileFacts:
    dialect = DIALECTS[dialect_id]
    return facts_from(doc, dialect, lint(doc, dialect, settings))


def facts_from(doc: AgentDocument, dialect: Dialect, result: LintResult) -> FileFacts:
    """The facts of a document already linted in ``dialect``."""
    verdict = result.verdict
    description = doc.field_value("description")
    text = str(description.value) if description is not None and description.kind == "str" else ""
    if verdict.description is not None:  # what the harness gives the model
        text = verdict.description
    severities = [f.severity for f in result.findings]
    return FileFacts(
        name=verdict.name or dialect.stem(doc.path),
        loads=verdict.loads or verdict.disabled,
        disabled=verdict.disabled,
        description=text,
        errors=severities.count(Severity.ERROR),
        warnings=severities.count(Severity.WARNING),
        name_location=name_location(doc),
        outcome=verdict.outcome,
        merged=verdict.merged,
    )


def facts_on_disk(item: tuple[Path, str], settings: Settings) -> FileFacts:
    path, dialect_id = item
    source = read_source(str(path))
    doc = AgentDocument(
        str(path), source.text, has_bom=source.has_bom, unreadable=source.unreadable
    )
    return facts_of(doc, dialect_id, settings)


def analyze_on_disk(settings: Settings) -> Analyze:
    """Read files from disk, large batches on one process per core (for a program that may
    fork: the language server reads through ``parallel_map_async``)."""
    read = partial(facts_on_disk, settings=settings)

    def analyze(work: Work) -> list[FileFacts | None]:
        return list(parallel_map(read, work))

    return analyze


def source_files(source: Source, problems: list[str]) -> list[Path]:
    """The ``.md`` files of a source, in a stable order (files and folders whose names start
    with ``.`` left out unless the source reads them, by the shared walker); never follows a
    folder twice. A plugin's source lists its folders' files, then the single files it names.
    Folders not walked, files that are not regular files and the files a plugin names that its
    harness refuses are added to ``problems``; missing folders, loops and broken links are
    not."""
    if source.listing is not None:
        return _listed_files(source, source.listing, problems)
    if source.path is None or not source.path.is_dir():
        if source.path is not None and recording_reads():
            note_read(str(source.path), stamp(str(source.path)))  # until it is made
        return []
    return _walked(str(source.path), source.recursive, source, Listing(), problems)


def _walked(
    folder: str, recursive: bool, source: Source, listing: Listing, problems: list[str]
) -> list[Path]:
    found: list[Path] = []

    def shown(entry: os.DirEntry[str]) -> bool:
        return (source.hidden or not entry.name.startswith(".")) and (
            listing.links or not entry.is_symlink()
        )

    def enter(entry: os.DirEntry[str]) -> bool:
        entered = recursive and shown(entry) and entry.name not in listing.skipped
        if entered and recording:
            note_read(entry.path, stamp(entry.path))
        return entered

    def wanted(entry: os.DirEntry[str]) -> bool:
        suffix = entry.name[-3:].lower() if listing.any_case else entry.name[-3:]
        return suffix == ".md" and shown(entry)

    recording = recording_reads()
    if recording:
        note_read(folder, stamp(folder))  # a listing holds while its folders do
    for item in walk(folder, set(), enter, wanted):
        if item.problem is None:
            found.append(Path(item.path))
        elif item.problem != BROKEN_LINK:
            problems.append(f"{item.path}: skipped, {item.problem}")
    return found


def _listed_files(source: Source, listing: Listing, problems: list[str]) -> list[Path]:
    found: dict[Path, None] = {}
    for folder, recursive in listing.folders:
        if os.path.isdir(folder):
            found.update(dict.fromkeys(_walked(folder, recursive, source, listing, problems)))
        elif recording_reads():
            note_read(folder, stamp(folder))
    found.update(dict.fromkeys(Path(path) for path in listing.files if os.path.isfile(path)))
    problems.extend(f"{path}: skipped, {reason}" for path, reason in listing.refused)
    return list(found)


def build_catalog(
    profile: Profile,
    env: Environment,
    analyze: Analyze,
    list_files: ListFiles = source_files,
    extra: tuple[Source, ...] = (),
) -> tuple[Catalog, list[CrossFinding], list[str]]:
    """The catalog, the cross-file findings, and the paths skipped with their reasons;
    ``extra``: sources to read after the profile's (a plugin found from one of its files)."""
    problems: list[str] = []
    sources = distinct([*profile.sources(env), *extra], profile.same_folder)
    entries = builtin_entries(profile, env)
    located = [(source, path) for source in sources for path in list_files(source, problems)]
    found = analyze([(path, source.dialect) for source, path in located])
    removed = removed_names(profile, env)
    for (source, path), facts in zip(located, found, strict=True):
        if facts is not None:
            entries.append(entry_from(source, path, facts, env, removed))
    findings = resolve(profile, entries)
    shown = ([BUILTIN] if profile.builtins else []) + sources
    return Catalog(profile.id, shown, entries), findings, problems


def removed_names(profile: Profile, env: Environment) -> set[str]:
    """Names the harness removes after merging, in this environment."""
    return profile.removes(env) if profile.removes else set()


def builtin_entries(profile: Profile, env: Environment) -> list[Entry]:
    removed = removed_names(profile, env)
    return [
        Entry(name, BUILTIN, None, "built-in", description, disabled=name in env.disabled)
        for name, description in profile.builtins.items()
        if name not in removed
    ]


def entry_from(
    source: Source, path: Path, facts: FileFacts, env: Environment, removed: set[str]
) -> Entry:
    """The entry of one file; ``removed`` are names the harness drops after merging."""
    return Entry(
        name=facts.name,
        source=source,
        path=path,
        dialect=source.dialect,
        description=facts.description,
        loads=facts.loads,
        disabled=facts.disabled or facts.name in env.disabled or facts.name in removed,
        errors=facts.errors,
        warnings=facts.warnings,
        anchor=facts.name_location,
        outcome=facts.outcome,
        merged=facts.merged,
    )
