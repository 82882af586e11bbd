"""The catalogs of several harnesses side by side: for each file, the role it plays in each (the
definition a harness offers, one shadowed by another, switched off, not loaded, or not read at
all), and the files whose roles differ from one harness to another."""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from subagent_ls.harnesses.profile import Entry, file_uri
from subagent_ls.workspace.catalog.model import Catalog

NOT_READ = "not read"


def role_of(entry: Entry) -> str:
    """``offered``, ``shadowed``, ``disabled`` or the outcome of a file the harness does not
    load (``rejected``, ``ignored``, ``breaks-configuration``)."""
    if not entry.loads:
        return entry.outcome
    if entry.disabled:
        return "disabled"
    if entry.shadowed_by is not None or not entry.effective:
        return "shadowed"
    return "offered"


class FileRoles(NamedTuple):
    """One file and its role in each harness (``not read`` where none of its sources lists it),
    with the name each harness gives it."""

    path: Path
    roles: dict[str, str]
    names: dict[str, str]

    @property
    def differs(self) -> bool:
        return len(set(self.roles.values())) > 1 or len(set(self.names.values())) > 1

    def as_json(self) -> dict[str, object]:
        return {
            "path": str(self.path),
            "uri": file_uri(self.path),
            "roles": self.roles,
            "names": self.names,
        }


def file_roles(catalogs: list[Catalog]) -> list[FileRoles]:
    """Every file some harness reads, in path order, with its role in each harness."""
    found: dict[Path, tuple[dict[str, str], dict[str, str]]] = {}
    for catalog in catalogs:
        for entry in catalog.entries:
            if entry.path is None:
                continue
            roles, names = found.setdefault(entry.path, ({}, {}))
            roles.setdefault(catalog.harness, role_of(entry))
            if entry.loads:
                names.setdefault(catalog.harness, entry.name)
    rows = []
    for path in sorted(found):
        roles, names = found[path]
        every = {catalog.harness: roles.get(catalog.harness, NOT_READ) for catalog in catalogs}
        rows.append(FileRoles(path, every, names))
    return rows
