"""The shape of a dialect: its folders, its fields (types, allowed values, documentation) and how
its harness treats rules and broken files. Dialects are data plus one verdict function; the
engine reads them and never names one."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Literal, NamedTuple

from subagent_ls.core.findings import Severity

if TYPE_CHECKING:
    from subagent_ls.core.document import AgentDocument
    from subagent_ls.core.findings import Finding
    from subagent_ls.core.verdict import Verdict
    from subagent_ls.core.yamltree import Kind, YamlNode
    from subagent_ls.harnesses.mcp import McpLookup, McpReference
    from subagent_ls.harnesses.references import References

ValueType = Literal[
    "string",
    "integer",
    "number",
    "boolean",
    "string-list",
    "bool-map",
    "map",
    "list",
    "null",
    "any",
]
"""``any``: the harness's document gives the field no type, so every value is accepted."""


def posix(path: str) -> str:
    return path.replace("\\", "/")


def parent_segments(path: str) -> tuple[str, ...]:
    """The folder names above a file, outermost first (relative paths are made absolute)."""
    return tuple(posix(os.path.abspath(path)).split("/")[:-1])


NAME_IS_FREE: Mapping[str, Severity | None] = {
    "name-charset": None,
    "name-hyphen": None,
    "name-length": None,
    "name-mismatch": None,
}
"""Severities for a dialect whose harness takes any string as a name."""


EMPTY_MAPPING: Mapping = MappingProxyType({})
"""The default of a record's mapping field (records are immutable, so is their default)."""


class FieldSpec(NamedTuple):
    """One frontmatter field: accepted YAML types, allowed values (value → documentation), and
    what the harness does with a bad value when that differs from the dialect's default."""

    key: str
    doc: str
    types: tuple[ValueType, ...]
    required: bool = False
    values: Mapping[str, str] = EMPTY_MAPPING
    open_values: bool = False
    """``values`` are those the document shows, not all it allows: they are offered and
    documented, and no other value is reported."""
    pattern: str | None = None
    """Values matching this regular expression are valid too (e.g. full model ids)."""
    pattern_says: str | None = None
    """How a message names the values ``pattern`` matches (``provider/model``)."""
    any_case: bool = False
    """The harness matches ``values`` whatever their case (Claude Code's model aliases)."""
    minimum: float | None = None
    maximum: float | None = None
    positive: bool = False
    default: str | None = None
    unknown_value_code: str = "value-unknown"
    shape_code: str | None = None
    """A rule of its own that checks this field's type (and can convert it)."""
    invalid_severity: Severity | None = None
    invalid_effect: str | None = None
    entry_keys: tuple[str, ...] = ()
    """For a map of maps: keys every entry must have."""


class Trap(NamedTuple):
    """A field the harness's document says does less (or more) than it reads: ``code`` is the
    rule that reports it. It applies when ``key`` is present with a scalar value matching the
    regular expression ``value`` (None: any value), or, with ``tool``, when the list ``key``
    names that tool (and not ``unless_tool``); and every ``(key, regex)`` of ``also`` holds.
    Booleans match as ``true``/``false``. With ``any_value`` it applies to any value of
    ``key``, a list or a map too. With ``absent_too`` it applies where ``key`` is absent too
    (reported at the first key of ``also``); ``fix_value`` is what an unsafe fix sets ``key``
    to (adding it where it is absent)."""

    code: str
    key: str
    message: str
    value: str | None = None
    tool: str | None = None
    unless_tool: str | None = None
    also: tuple[tuple[str, str], ...] = ()
    any_value: bool = False
    absent_too: bool = False
    fix_value: str | None = None


class Folder(NamedTuple):
    """An agent folder: path segments that must appear in a file's parent path, relative to
    a project or home; ``recursive`` folders also own files in their subfolders."""

    segments: tuple[str, ...]
    recursive: bool = False

    def holds(self, parents: tuple[str, ...]) -> bool:
        return self.start_in(parents) is not None

    def start_in(self, parents: tuple[str, ...]) -> int | None:
        """Where the innermost occurrence of this folder that holds the file begins in its
        parent folders (a non-recursive folder must be the file's own), or None."""
        size = len(self.segments)
        if not self.recursive:
            return len(parents) - size if parents[-size:] == self.segments else None
        for start in range(len(parents) - size, -1, -1):
            if parents[start : start + size] == self.segments:
                return start
        return None

    def relative_name(self, path: str) -> str | None:
        """The path below this folder without ``.md`` (``sub/nested``), if the file is in it."""
        parts = posix(os.path.abspath(path)).split("/")
        size = len(self.segments)
        for start in range(len(parts) - size - 1, -1, -1):
            if tuple(parts[start : start + size]) == self.segments:
                rest = "/".join(parts[start + size :])
                return rest[:-3] if rest.endswith(".md") else rest
        return None


class Evidence(NamedTuple):
    """What shows that a file lying outside every agent folder is written for this dialect's
    harness (beside the keys only it defines): tool names it uses (``tools`` matches one name,
    ``known_tools`` count too), ``tools`` written as a map of names to booleans, a ``model`` or
    ``color`` value of its own, and files or folders beside the file or above it that belong
    to the harness (``markers``, paths relative to each folder). Each item only counts where no
    other dialect claims the same."""

    tools: str | None = None
    tools_map: bool = False
    model: str | None = None
    color: str | None = None
    markers: tuple[str, ...] = ()


NO_EVIDENCE = Evidence()


class Dialect(NamedTuple):
    """Everything the engine needs to know about one harness's reading of a subagent file.

    ``severity`` changes a rule's severity (None switches it off). ``invalid_severity`` and
    ``invalid_effect`` say how bad a wrong type or value is for this harness and what it does
    about it. ``verdict`` predicts what the harness does with the file on its own, given the
    findings at the dialect's severities.
    """

    id: str
    harness: str
    summary: str
    identity: str
    folders: tuple[Folder, ...]
    fields: Mapping[str, FieldSpec]
    verdict: Callable[[AgentDocument, list[Finding]], Verdict]
    name_charset: str = "a-z0-9-"
    name_must_match_stem: bool = True
    tools_empty_means_none: bool = True
    tools_doc: str = ""
    strict_keys: bool = False
    unknown_key_effect: str = "it is ignored."
    invalid_severity: Severity = Severity.ERROR
    invalid_effect: str = ""
    known_tools: frozenset[str] | None = None
    tool_docs: Mapping[str, str] = EMPTY_MAPPING
    """What the harness's document says of a tool name (completion shows it)."""
    tools_split_on_spaces: bool = True
    """Whether a ``tools`` string without commas is split at spaces (False: commas only)."""
    traps: tuple[Trap, ...] = ()
    key_notes: Mapping[str, str] = EMPTY_MAPPING
    """For keys that are not fields: what the harness's document says they are instead."""
    body_empty_effect: str | None = None
    """What an empty body means where the harness adds to it (``body-empty`` says it)."""
    denylist: str | None = None
    """The list field whose tool names are never exposed, even when ``tools`` names them."""
    tools_empty_note: str | None = None
    """What ``tools: []`` does where it does not mean no tools (``tools-empty`` says it)."""
    conventions_of: str | None = None
    """The format whose name characters and name and description lengths the name rules
    apply where the harness's document sets none: those findings are at most hints that say
    whose convention it is."""
    tool_patterns: bool = True
    """Whether the harness resolves tool patterns (``*``, ``Bash(git:*)``, ``mcp__…``, names
    with ``/``); where it does not, ``tools-unknown`` checks each name as written."""
    valid_tool: Callable[[str], bool] | None = None
    """Where the harness checks each listed tool name itself (Gemini CLI's
    ``isValidToolName``): that check, which ``tools-unknown`` then applies in place of
    ``known_tools`` and ``tool_patterns`` (its near misses are still taken from
    ``known_tools``)."""
    unknown_tool_effect: str = "it grants nothing."
    """What the harness does with a tool name it does not know (``tools-unknown`` says it)."""
    stem_suffixes: tuple[str, ...] = (".md",)
    name_suffix: str | None = None
    """A file-name ending that marks a file as written in this dialect wherever it lies
    (Copilot's ``.agent.md``): such a file is an agent file, read in this dialect where its
    place says nothing else."""
    severity: Mapping[str, Severity | None] = EMPTY_MAPPING
    verified_with: str | None = None
    """The harness version whose loader this dialect was checked against (None for the
    dialects of documents: the base format and the seed harnesses)."""
    scalar_kind: Callable[[AgentDocument, YamlNode], Kind] | None = None
    """How the harness's YAML reader types a scalar, where that is not how the engine reads
    YAML (Copilot's serde_yaml reads ``012`` as a string); the type rules follow it."""
    evidence: Evidence = NO_EVIDENCE
    """What shows a file outside every agent folder is written for this harness."""
    mcp_reference: Callable[[AgentDocument, str, McpLookup], McpReference | None] | None = None
    """The MCP server a listed tool name refers to, among the servers the harness connects
    (None: the name is not one of an MCP tool; no function: the harness has no MCP tools)."""
    agent_references: References | None = None
    """The names of other agents the file writes (Claude Code's ``Agent(x)``, Copilot's
    ``handoffs[].agent``): ``agent-unknown`` checks them against the harness's agents and
    go-to-definition follows them to the catalog's definitions (None: the harness reads no
    such field)."""
    most_severe: Severity = Severity.ERROR
    """The most severe a finding of this reading is (a reading that is a guess reports no
    error: it cannot say what a harness refuses)."""

    def stem(self, path: str) -> str:
        """The file name without the suffix that marks it as an agent file."""
        name = posix(path).rpartition("/")[2]
        for suffix in self.stem_suffixes:
            if name.lower().endswith(suffix) and len(name) > len(suffix):
                return name[: -len(suffix)]
        return name.rpartition(".")[0] or name
