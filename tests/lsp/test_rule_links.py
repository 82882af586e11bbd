"""Each diagnostic links to its rule's documentation: ``codeDescription.href`` is the rule's
section of docs/rules.md on GitHub, pushed and pulled alike, so an editor shows the code as a
link."""

from __future__ import annotations

import tomllib
from pathlib import Path

from lsp_helpers import codes, doc_id, open_document
from lsprotocol import types

REPOSITORY = tomllib.loads(
    (Path(__file__).parents[2] / "pyproject.toml").read_text(encoding="utf-8")
)["project"]["urls"]["Repository"]
# name-charset, name-mismatch, description-vague, field-unknown and body-empty
FINDINGS = "---\nname: Bad_Name\ndescription: Short.\nbogus: 1\n---\n"


def url_of(code: str) -> str:
    """The rule's section on GitHub, from the repository's address in pyproject.toml."""
    return f"{REPOSITORY}/blob/main/docs/rules.md#{code}"


async def test_every_published_diagnostic_links_to_its_rule(client, workspace):
    uri = await open_document(client, workspace / ".agents/agents/helper.md", FINDINGS)
    assert codes(client, uri) == [
        "body-empty",
        "description-vague",
        "field-unknown",
        "name-charset",
        "name-mismatch",
    ]
    for diagnostic in client.diagnostics[uri]:
        assert diagnostic.code_description == types.CodeDescription(href=url_of(diagnostic.code))


async def test_every_pulled_diagnostic_links_to_its_rule(client, workspace):
    uri = await open_document(client, workspace / ".agents/agents/helper.md", FINDINGS)
    report = await client.text_document_diagnostic_async(
        types.DocumentDiagnosticParams(doc_id(uri))
    )
    assert len(report.items) == 5
    for diagnostic in report.items:
        assert diagnostic.code_description == types.CodeDescription(href=url_of(diagnostic.code))
