"""The codes of the findings that compare a file with the other definitions its harness loads
(``workspace.catalog`` makes them): declared here, with every other rule, so that the registry
holds every code whatever has been imported."""

from __future__ import annotations

from subagent_ls.core.findings import Severity
from subagent_ls.rules.registry import declare

DUPLICATE_NAME = declare(
    "duplicate-name", Severity.ERROR, "two files of one source define one name"
)
SHADOWED = declare("shadowed", Severity.INFO, "a more specific source overrides this definition")
OVERRIDES = declare("overrides", Severity.HINT, "this definition overrides a less specific one")
DESCRIPTION_BUDGET = declare(
    "description-budget",
    Severity.WARNING,
    "the agents' descriptions together are over the harness's limit",
)
