"""The agents an OpenCode agent file names: the patterns of ``permission.task``, which decide
the subagents the agent's ``task`` tool offers (1.18.33: ``describeTask`` lists the agents
that are not ``primary`` and whose name the permission does not map to ``deny``; calling one
it has no agent for fails with ``Unknown agent type``). A pattern matches as OpenCode's
``Wildcard.match`` does: the whole name, ``*`` any run of characters, ``?`` one, case
included, ``\\`` read as ``/``, and a pattern ending in `` *`` also without that part."""

from __future__ import annotations

from functools import lru_cache

from subagent_ls.core.document import AgentDocument
from subagent_ls.harnesses.references import AgentReference, located

FIELD = "`permission` `task`"
EFFECT = "the rule applies to no agent the `task` tool could call"


class Wildcard:
    """A pattern compiled once, matched as OpenCode's ``Wildcard.match(name, pattern)`` in one
    pass over the name: no backtracking, whatever the pattern. A pattern without ``?`` is its
    runs between ``*``, found in turn (the first at the start, the last at the end, each other
    at its first place after the one before: where a match exists, that one is it); one with
    ``?`` is an automaton of one bit per character of the pattern, run over the name with a
    few operations on those bits per character."""

    def __init__(self, pattern: str) -> None:
        pattern = pattern.replace("\\", "/")
        forms = [pattern[:-2], pattern] if pattern.endswith(" *") else [pattern]
        self._forms = tuple(_Runs(form) if "?" not in form else _Automaton(form) for form in forms)

    def __call__(self, name: str) -> bool:
        name = name.replace("\\", "/")
        return any(form.matches(name) for form in self._forms)


class _Runs:
    """A pattern without ``?``: the runs of characters between its ``*``."""

    def __init__(self, pattern: str) -> None:
        self.runs = pattern.split("*")

    def matches(self, name: str) -> bool:
        if len(self.runs) == 1:
            return name == self.runs[0]
        head, *middle, tail = self.runs
        end = len(name) - len(tail)
        if end < len(head) or not name.startswith(head) or not name.endswith(tail):
            return False
        at = len(head)
        for run in filter(None, middle):
            found = name.find(run, at, end)
            if found < 0:
                return False
            at = found + len(run)
        return True


class _Automaton:
    """A pattern with ``?``, as bits: bit ``i`` set while the name read so far can be matched
    by the pattern's first ``i`` steps (a step is a character, ``?`` or a run of ``*``)."""

    def __init__(self, pattern: str) -> None:
        steps = [c for i, c in enumerate(pattern) if c != "*" or pattern[i + 1 : i + 2] != "*"]
        self.stars = sum(1 << i for i, c in enumerate(steps) if c == "*")
        self.anything = sum(1 << i for i, c in enumerate(steps) if c == "?")
        self.by_char: dict[str, int] = {}
        for i, c in enumerate(steps):
            if c not in "*?":
                self.by_char[c] = self.by_char.get(c, self.anything) | 1 << i
        self.accept = 1 << len(steps)
        self.least = len(steps) - self.stars.bit_count()

    def matches(self, name: str) -> bool:
        if len(name) < self.least or (not self.stars and len(name) != self.least):
            return False
        stars, by_char, anything = self.stars, self.by_char, self.anything
        state = 1 | (1 & stars) << 1
        for char in name:
            state = (state & by_char.get(char, anything)) << 1 | (state & stars)
            state |= (state & stars) << 1  # a ``*`` may match nothing: the step after it too
            if not state:
                return False
        return bool(state & self.accept)


@lru_cache(maxsize=256)
def compiled(pattern: str) -> Wildcard:
    """The pattern compiled, kept for the patterns met again (each keystroke lints anew)."""
    return Wildcard(pattern)


def wildcard_match(pattern: str, name: str) -> bool:
    """OpenCode's ``Wildcard.match(name, pattern)``."""
    return compiled(pattern)(name)


def task_patterns(doc: AgentDocument) -> list[AgentReference]:
    """The keys of ``permission.task`` (a map of patterns to actions), where they are written."""
    permission = doc.field_value("permission")
    if permission is None or permission.kind != "map":
        return []
    found = []
    for item in permission.items:
        if item.name != "task" or item.value.kind != "map":
            continue
        for rule in item.value.items:
            if rule.key.is_collection:
                continue
            pattern = rule.name
            span, exact = located(doc, rule.key, pattern)
            matches, head = compiled(pattern), _head(pattern)
            found.append(AgentReference(pattern, span, exact, FIELD, EFFECT, matches, head))
    return found


def _head(pattern: str) -> str:
    """What every name the pattern matches begins with: its characters up to the first
    wildcard, or ``/`` or ``\\`` (either matches either), and short of a final `` *``."""
    end = next((i for i, c in enumerate(pattern) if c in "*?/\\"), len(pattern))
    return pattern[: min(end, len(pattern) - 2)] if pattern.endswith(" *") else pattern[:end]
