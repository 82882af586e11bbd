"""The registry of dialects, keyed by id."""

from __future__ import annotations

from subagent_ls.dialects import harness_subagents
from subagent_ls.dialects.model import Dialect

BASE = harness_subagents.DIALECT

DIALECTS: dict[str, Dialect] = {dialect.id: dialect for dialect in (BASE,)}
