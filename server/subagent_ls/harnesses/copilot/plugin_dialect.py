"""The GitHub Copilot CLI plugin dialect: a plugin's agent file as Copilot CLI 1.0.102 reads it
(see ``plugins``): its own strict loader and fields, the id ``<plugin>:<file name>``, and
``.MD`` refused."""

from __future__ import annotations

import os

from subagent_ls.core.document import AgentDocument
from subagent_ls.core.findings import Finding
from subagent_ls.core.frontmatter import Span
from subagent_ls.core.verdict import Verdict
from subagent_ls.harnesses.copilot.dialect import DIALECT as COPILOT
from subagent_ls.harnesses.copilot.loader import HARNESS, copilot_verdict
from subagent_ls.harnesses.copilot.plugins import DIALECT as DIALECT_ID
from subagent_ls.harnesses.copilot.plugins import plugin_of


def copilot_plugin_verdict(doc: AgentDocument, findings: list[Finding]) -> Verdict:
    """Copilot's verdict on the file as an agent of its plugin."""
    name = os.path.basename(doc.path)
    if not name.endswith(".md"):
        reason = f"Copilot refuses it: `{name}` is not a markdown file (only `.md` is)"
        return Verdict(False, None, reason, "rejected", HARNESS, Span(0, doc.lines.line_end(0)))
    verdict = copilot_verdict(doc, findings)
    plugin = plugin_of(doc.path)
    if plugin is None or not verdict.loads:
        return verdict
    return verdict._replace(name=plugin.agent_id(doc.path))


DIALECT = COPILOT._replace(
    id=DIALECT_ID,
    summary="GitHub Copilot CLI plugin agents: the top of a plugin's `agents/` or the paths "
    "its manifest names, with the id `<plugin>:<file name>`.",
    identity="`<plugin>:<file name without .agent.md or .md>`; the frontmatter `name` is not "
    "the id.",
    folders=(),
    name_suffix=None,  # a plugin's agent is its plugin's by the plugin's listing, not its name
    verdict=copilot_plugin_verdict,
)
