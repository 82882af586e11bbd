"""References from one agent file to other agents (Claude Code's ``Agent(x, y)`` in ``tools``,
OpenCode's ``permission.task`` patterns, Copilot's ``handoffs[].agent``): the shapes each
harness's ``references`` module fills in, and the agent names they are checked against (what
the ``agent-unknown`` rule and go-to-definition read)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from subagent_ls.core.frontmatter import Span

if TYPE_CHECKING:
    from subagent_ls.core.document import AgentDocument
    from subagent_ls.core.yamltree import YamlNode


class AgentReference(NamedTuple):
    """One agent name (or pattern) a file writes: as written, where (``exact``: the span holds
    exactly the name, so an edit may replace it), the field it is in as people name it, what
    the harness does when it names no agent, how the harness matches it against names (None:
    the very name, case included), and what every name a pattern matches begins with (only
    the names that do are tried)."""

    written: str
    span: Span
    exact: bool
    field: str
    effect: str
    matches: Callable[[str], bool] | None = None
    prefix: str = ""


class AgentNames(NamedTuple):
    """The agents a harness loads where the file runs (the built-ins among them), and the
    places it looked, in order (what a warning names)."""

    names: frozenset[str]
    looked: tuple[str, ...] = ()
    machine: bool = False
    """Whether the harness reads this machine's user level too (agents there, now or later,
    change what a reference finds)."""
    more: frozenset[str] = frozenset()
    """Names beside ``names`` (a plugin's own, for a file in that plugin): kept apart, so that
    one set of a project's names serves the files of every plugin."""


AgentLookup = Callable[[], AgentNames]
"""The agent names, read when first asked for: a file that names no agent never reads them."""

References = Callable[["AgentDocument"], list[AgentReference]]
"""The agent references of a document, in the order they are written."""


def located(doc: AgentDocument, node: YamlNode, text: str, after: int = 0) -> tuple[Span, bool]:
    """Where ``text`` (a part of the scalar ``node``'s value) is written, searching from the
    offset ``after`` in the node: its exact span where the source spells it as is, else the
    node's whole span (a quoted scalar with escapes, a folded one)."""
    start, end = node.span.start, node.span.end
    found = doc.text.find(text, max(start, after), end) if text else -1
    if found < 0:
        return node.span, False
    return Span(found, found + len(text)), True


AgentsFor = Callable[[str, str, tuple[str, ...]], "AgentLookup | None"]
"""The agents of the harness ``harness`` for the file at ``path`` (given the project roots):
what the front ends that can build a catalog hand the engine."""
