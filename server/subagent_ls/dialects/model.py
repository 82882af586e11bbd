"""The shape of a dialect: its folders, its fields (types, allowed values, documentation) and how
its harness treats rules. Dialects are data; the engine reads them and never names one."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Literal

from subagent_ls.engine.findings import Severity

ValueType = Literal["string", "integer", "number", "boolean", "string-list", "map", "list"]


def posix(path: str) -> str:
    return path.replace("\\", "/")


def parent_segments(path: str) -> tuple[str, ...]:
    """The folder names above a file, outermost first (relative paths are made absolute)."""
    return tuple(posix(os.path.abspath(path)).split("/")[:-1])


@dataclass(frozen=True, slots=True)
class FieldSpec:
    """One frontmatter field: accepted YAML types, allowed values (value → documentation)."""

    key: str
    doc: str
    types: tuple[ValueType, ...]
    required: bool = False
    values: Mapping[str, str] = field(default_factory=dict)
    default: str | None = None
    unknown_value_code: str = "value-unknown"
    shape_code: str | None = None
    """A rule of its own that checks this field's type (and can convert it)."""


@dataclass(frozen=True, slots=True)
class Folder:
    """An agent folder: path segments that must appear in a file's parent path, relative to
    a project or home; ``recursive`` folders also own files in their subfolders."""

    segments: tuple[str, ...]
    recursive: bool = False

    def holds(self, parents: tuple[str, ...]) -> bool:
        size = len(self.segments)
        if not self.recursive:
            return parents[-size:] == self.segments
        return any(parents[i : i + size] == self.segments for i in range(len(parents) - size + 1))


@dataclass(frozen=True, slots=True)
class Dialect:
    """Everything the engine needs to know about one harness's reading of a subagent file."""

    id: str
    harness: str
    summary: str
    folders: tuple[Folder, ...]
    fields: Mapping[str, FieldSpec]
    name_must_match_stem: bool = True
    tools_empty_means_none: bool = True
    strict_keys: bool = False
    stem_suffixes: tuple[str, ...] = (".md",)
    severity: Mapping[str, Severity | None] = field(default_factory=dict)

    def stem(self, path: str) -> str:
        """The file name without the suffix that marks it as an agent file."""
        name = posix(path).rpartition("/")[2]
        for suffix in self.stem_suffixes:
            if name.lower().endswith(suffix) and len(name) > len(suffix):
                return name[: -len(suffix)]
        return name.rpartition(".")[0] or name
