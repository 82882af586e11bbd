"""The agent-core dialect (package ``agents/`` folders): a file is an agent only when it declares
an ``id`` or a ``name``; without one it is reference prose, indexed but never summoned."""

from __future__ import annotations

from subagent_ls.dialects.model import Dialect, FieldSpec
from subagent_ls.dialects.verdicts import field_name, first_error_verdict
from subagent_ls.engine.document import AgentDocument
from subagent_ls.engine.findings import Finding, Severity
from subagent_ls.engine.verdict import Verdict

HARNESS = "agent-core"

FIELDS = {
    spec.key: spec
    for spec in (
        FieldSpec("id", "The agent's id, by which `delegate` reaches it.", ("string",)),
        FieldSpec("name", "The agent's name when it has no `id`.", ("string",)),
        FieldSpec("title", "A human title for the role.", ("string",)),
        FieldSpec("description", "What the role is for and when to delegate to it.", ("string",)),
        FieldSpec(
            "context",
            "How the subagent's context is made.",
            ("string",),
            values={"fork": "The child gets a forked working context."},
        ),
        FieldSpec(
            "allowed-tools",
            "A ceiling on the tools a call may grant: absent inherits the caller's tools, `[]` "
            "gives none, a list is the widest set a run may use.",
            ("string-list",),
        ),
    )
}

_loads_or_rejects = first_error_verdict(HARNESS, field_name("id", "name"))


def agent_core_verdict(doc: AgentDocument, findings: list[Finding]) -> Verdict:
    if doc.yaml.error is None and field_name("id", "name")(doc) is None:
        reason = (
            "it declares neither `id` nor `name`, so agent-core indexes it as a plain file, "
            "never listed and never summoned"
        )
        return Verdict(False, None, reason, "ignored", HARNESS, deliberate=True)
    return _loads_or_rejects(doc, findings)


DIALECT = Dialect(
    id="agent-core",
    harness=HARNESS,
    summary="agent-core package agents (`agents/*.md`), chosen by setting or by their fields.",
    identity="`id`, else `name`; a file with neither is prose, not an agent.",
    folders=(),
    fields=FIELDS,
    name_must_match_stem=False,
    tools_doc=(
        "agent-core reads `allowed-tools` as a ceiling: absent inherits, `[]` gives no tools."
    ),
    severity={
        "name-charset": Severity.WARNING,
        "name-hyphen": Severity.WARNING,
        "name-length": Severity.WARNING,
        "harness-skip": Severity.HINT,
        "frontmatter-missing": None,
    },
    verdict=agent_core_verdict,
)
