"""The agents an OpenCode agent file names: the patterns of ``permission.task``, which decide
the subagents the agent's ``task`` tool offers (1.18.33: ``describeTask`` lists the agents
that are not ``primary`` and whose name the permission does not map to ``deny``; calling one
it has no agent for fails with ``Unknown agent type``). A pattern matches as OpenCode's
``Wildcard.match`` does: the whole name, ``*`` any run of characters, ``?`` one, case
included, ``\\`` read as ``/``, and a pattern ending in `` *`` also without that part."""

from __future__ import annotations

from functools import partial

from subagent_ls.core.document import AgentDocument
from subagent_ls.harnesses.references import AgentReference, located

FIELD = "`permission` `task`"
EFFECT = "the rule applies to no agent the `task` tool could call"


def wildcard_match(pattern: str, name: str) -> bool:
    """OpenCode's ``Wildcard.match(name, pattern)``, without a regular expression (two
    pointers and the last ``*`` to fall back to: at most len(pattern) * len(name) steps)."""
    pattern, name = pattern.replace("\\", "/"), name.replace("\\", "/")
    if pattern.endswith(" *") and _match(pattern[:-2], name):
        return True
    return _match(pattern, name)


def _match(pattern: str, name: str) -> bool:
    p = n = 0
    star, resume = -1, 0
    while n < len(name):
        if p < len(pattern) and pattern[p] in ("?", name[n]) and pattern[p] != "*":
            p, n = p + 1, n + 1
        elif p < len(pattern) and pattern[p] == "*":
            star, resume = p, n
            p += 1
        elif star >= 0:
            p, resume = star + 1, resume + 1
            n = resume
        else:
            return False
    return all(char == "*" for char in pattern[p:])


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
            matches = partial(wildcard_match, pattern)
            found.append(AgentReference(pattern, span, exact, FIELD, EFFECT, matches))
    return found
