"""What the engine's mutable records share: a ``__repr__``, an ``__eq__`` and a ``replace``
over the fields their ``__match_args__`` name (in order; their ``__slots__`` too), as
``dataclasses`` would write them.

The records on the command line's path are plain classes with ``__slots__`` and an explicit
``__init__`` (mutable ones) or NamedTuples (values), never dataclasses: each ``@dataclass``
class costs ~0.3 ms to create at every command-line start, and the ``dataclasses`` module
~4 ms to import (it imports ``inspect``, ``ast``, ``dis`` and ``tokenize``).
"""

from __future__ import annotations

from _thread import get_ident
from typing import Any, TypeVar

R = TypeVar("R")

_IN_REPR: set[tuple[int, int]] = set()
"""The records whose repr is being written (with the thread writing it), so that a record that
reaches itself (an entry shadowed by one that it shadows) shows ``...`` instead of recursing."""


def record_values(record: Any) -> tuple[object, ...]:
    """The record's field values, in order."""
    return tuple(getattr(record, name) for name in record.__match_args__)


def record_repr(record: Any) -> str:
    """``Name(field=value, ...)``."""
    key = (id(record), get_ident())
    if key in _IN_REPR:
        return "..."
    _IN_REPR.add(key)
    try:
        shown = ", ".join(f"{name}={getattr(record, name)!r}" for name in record.__match_args__)
    finally:
        _IN_REPR.discard(key)
    return f"{type(record).__qualname__}({shown})"


def record_eq(record: Any, other: object) -> bool:
    """Equal to a record of the same class with equal fields."""
    if other.__class__ is record.__class__:
        return record_values(record) == record_values(other)
    return NotImplemented


def record_replace(record: R, **changes: object) -> R:
    """A new record of the same class, with ``changes`` to its fields (each passed again to
    ``__init__``)."""
    fields = {name: getattr(record, name) for name in record.__match_args__}  # type: ignore[attr-defined]
    return type(record)(**{**fields, **changes})
