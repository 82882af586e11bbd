"""How several dialects name the definition a file makes: by the first of some fields that
holds a scalar, else by a fallback (the file name, or its path below the agent folder)."""

from __future__ import annotations

from collections.abc import Callable

from subagent_ls.core.document import AgentDocument

NameOf = Callable[[AgentDocument], str | None]


def field_name(*keys: str, fallback: NameOf | None = None) -> NameOf:
    """The first of ``keys`` that holds a scalar, else ``fallback``."""

    def name_of(doc: AgentDocument) -> str | None:
        for key in keys:
            node = doc.field_value(key)
            if node is not None and not node.is_collection and node.value not in (None, ""):
                return str(node.value)
        return fallback(doc) if fallback else None

    return name_of
