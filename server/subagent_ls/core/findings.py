"""What the engine reports: findings with code-point spans, severities, and text-edit fixes."""

from __future__ import annotations

from collections.abc import Mapping
from enum import IntEnum
from typing import NamedTuple

from subagent_ls.core.frontmatter import Span
from subagent_ls.core.records import record_eq, record_replace, record_repr


def fingerprint(code: str, text: str) -> str:
    """What identifies a finding in a baseline, wherever its line moves: its code and the text
    it is about (whitespace runs read as one space), as a CRC-32 (findings are told apart
    within one file and code, where it cannot collide in practice; ``hashlib`` would cost a
    command-line run 8 ms to import)."""
    import zlib

    flat = " ".join(text.split())
    data = "\0".join((code, flat)).encode("utf-8", "surrogatepass")
    return f"{zlib.crc32(data):08x}"


def excerpt(text: str, limit: int = 60) -> str:
    """A value as a message can show it: on one line, and cut when long."""
    flat = text.replace("\r\n", "\\n").replace("\n", "\\n").replace("\r", "\\r")
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


class Severity(IntEnum):
    """Ordered as in LSP (1 is the most severe)."""

    ERROR = 1
    WARNING = 2
    INFO = 3
    HINT = 4

    @classmethod
    def parse(cls, name: str) -> Severity:
        return cls[{"information": "INFO"}.get(name.lower(), name.upper())]

    @property
    def label(self) -> str:
        return self.name.lower()


class Edit(NamedTuple):
    """Replace ``span`` of the document text with ``text``."""

    span: Span
    text: str


class Fix(NamedTuple):
    """A minimal change that removes the finding it belongs to.

    ``safe`` fixes cannot change what the harness does with the file beyond removing the
    finding: ``check --fix`` and fix-all apply them. Every other fix (one that changes an
    agent's identity, renames a key, guesses what was meant or changes what the harness gives
    the agent) is offered in the editor and applied by the command line only with
    ``--unsafe-fixes``.
    """

    title: str
    edits: tuple[Edit, ...]
    safe: bool = False
    alternatives: tuple[Fix, ...] = ()
    """Other fixes of the same finding, where its document names more than one way (Synapse's
    `tools: []`: write `tools: null`, or remove `tools`): the editor offers each as a
    quick-fix; ``check --fix`` applies this one."""

    @property
    def applicability(self) -> str:
        return "safe" if self.safe else "unsafe"


class Related(NamedTuple):
    """Another place that explains a finding (same document unless ``path`` is set)."""

    span: Span | None
    message: str
    path: str | None = None


class Finding:
    """One problem found in a document: its rule ``code``, the ``message`` and the ``span`` it
    is about, its severity, the fix that removes it and the places that explain it."""

    __match_args__ = (
        "code", "message", "span", "severity", "fix", "related", "targets", "details",
    )  # fmt: skip
    __slots__ = __match_args__

    code: str
    message: str
    span: Span
    severity: Severity
    fix: Fix | None
    related: list[Related]
    targets: tuple[str, ...]
    """The harnesses this finding is for, where it is not the file's own (see ``targets``)."""
    details: Mapping[str, object]
    """Facts a tool reading the report may want beside the message (JSON values): the server
    and the tool names of an MCP finding, ``machine`` where its truth depends on this
    machine's user-level configuration."""

    def __init__(
        self,
        code: str,
        message: str,
        span: Span,
        severity: Severity = Severity.ERROR,
        fix: Fix | None = None,
        related: list[Related] | None = None,
        targets: tuple[str, ...] = (),
        details: Mapping[str, object] | None = None,
    ) -> None:
        self.code = code
        self.message = message
        self.span = span
        self.severity = severity
        self.fix = fix
        self.related = [] if related is None else related
        self.targets = targets
        self.details = {} if details is None else details

    __repr__ = record_repr
    __eq__ = record_eq
    __hash__ = None  # type: ignore[assignment]
    replace = record_replace
