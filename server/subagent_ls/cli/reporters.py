"""Rendering check results as text, JSON, SARIF 2.1.0 or GitHub workflow commands.

JSON and SARIF carry LSP ranges (0-based lines, UTF-16 code units); text and GitHub output use
1-based lines and 1-based columns in characters, as people and GitHub's annotations count them.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from subagent_ls import __version__
from subagent_ls.engine.checking import FileReport
from subagent_ls.engine.document import AgentDocument
from subagent_ls.engine.findings import Finding, Severity
from subagent_ls.engine.frontmatter import Span
from subagent_ls.rules.registry import RULES

SOURCE = "subagent-ls"


def lsp_range(doc: AgentDocument, span: Span) -> dict[str, dict[str, int]]:
    start, end = doc.lines.position(span.start), doc.lines.position(span.end)
    return {
        "start": {"line": start.line, "character": start.character},
        "end": {"line": end.line, "character": end.character},
    }


def _human_position(doc: AgentDocument, offset: int) -> tuple[int, int]:
    position = doc.lines.position(offset, "utf-32")
    return position.line + 1, position.character + 1


def _uri(path: str) -> str:
    return Path(path).absolute().as_uri()


def summary(reports: list[FileReport]) -> dict[str, int]:
    counts = Counter(f.severity.label for r in reports for f in r.findings)
    return {
        "files": len(reports),
        "errors": counts["error"],
        "warnings": counts["warning"],
        "infos": counts["info"],
        "hints": counts["hint"],
        "fixed": sum(len(r.fixed) for r in reports),
    }


def diagnostic_json(report: FileReport, finding: Finding) -> dict[str, object]:
    doc = report.doc
    item: dict[str, object] = {
        "range": lsp_range(doc, finding.span),
        "severity": int(finding.severity),
        "code": finding.code,
        "source": SOURCE,
        "message": finding.message,
    }
    if finding.related:
        item["relatedInformation"] = [
            {
                "location": {
                    "uri": _uri(r.path or report.path),
                    "range": lsp_range(doc, r.span or finding.span),
                },
                "message": r.message,
            }
            for r in finding.related
        ]
    if finding.fix is not None:
        item["data"] = {"rule": finding.code, "fix": finding.fix.title}
    return item


def render_json(reports: list[FileReport]) -> str:
    files = []
    for report in reports:
        entry: dict[str, object] = {
            "path": report.path,
            "dialect": report.choice.dialect.id,
            "dialectReason": report.choice.reason,
            "harness": report.verdict.as_json(),
            "diagnostics": [diagnostic_json(report, f) for f in report.findings],
        }
        if report.fixed:
            entry["fixed"] = [
                {"code": fixed.code, "range": lsp_range(fixed.doc, fixed.span)}
                for fixed in report.fixed
            ]
        if report.write_error:
            entry["writeError"] = report.write_error
        files.append(entry)
    return json.dumps({"version": 1, "files": files, "summary": summary(reports)}, indent=2)


def render_text(reports: list[FileReport]) -> str:
    out = []
    for report in reports:
        for fixed in report.fixed:
            line, column = _human_position(fixed.doc, fixed.span.start)
            out.append(f"{report.path}:{line}:{column}: fixed {fixed.code}")
        for finding in report.findings:
            line, column = _human_position(report.doc, finding.span.start)
            out.append(f"{report.path}:{line}:{column}: {finding.code} {finding.message}")
        if report.write_error:
            out.append(f"{report.path}: {report.write_error}")
    totals = summary(reports)
    out.append(
        f"Checked {totals['files']} file(s): {totals['errors']} error(s), "
        f"{totals['warnings']} warning(s), {totals['infos'] + totals['hints']} note(s)"
        + (f", {totals['fixed']} fixed." if totals["fixed"] else ".")
    )
    return "\n".join(out)


_GITHUB_LEVEL = {
    Severity.ERROR: "error",
    Severity.WARNING: "warning",
    Severity.INFO: "notice",
    Severity.HINT: "notice",
}


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def render_github(reports: list[FileReport]) -> str:
    out = []
    for report in reports:
        for finding in report.findings:
            line, column = _human_position(report.doc, finding.span.start)
            end_line, end_column = _human_position(report.doc, finding.span.end)
            properties = (
                f"file={_escape_property(report.path)},line={line},col={column},"
                f"endLine={end_line},endColumn={end_column},"
                f"title={_escape_property(f'{SOURCE} {finding.code}')}"
            )
            out.append(f"::{_GITHUB_LEVEL[finding.severity]} {properties}::{_escape_data(finding.message)}")
    return "\n".join(out)


_SARIF_LEVEL = {
    Severity.ERROR: "error",
    Severity.WARNING: "warning",
    Severity.INFO: "note",
    Severity.HINT: "note",
}


def render_sarif(reports: list[FileReport]) -> str:
    results = []
    for report in reports:
        for finding in report.findings:
            lsp = lsp_range(report.doc, finding.span)
            results.append(
                {
                    "ruleId": finding.code,
                    "level": _SARIF_LEVEL[finding.severity],
                    "message": {"text": finding.message},
                    "locations": [
                        {
                            "physicalLocation": {
                                "artifactLocation": {"uri": Path(report.path).as_posix()},
                                "region": {
                                    "startLine": lsp["start"]["line"] + 1,
                                    "startColumn": lsp["start"]["character"] + 1,
                                    "endLine": lsp["end"]["line"] + 1,
                                    "endColumn": lsp["end"]["character"] + 1,
                                },
                            }
                        }
                    ],
                }
            )
    rules = [
        {
            "id": rule.code,
            "shortDescription": {"text": rule.summary},
            "defaultConfiguration": {"level": _SARIF_LEVEL[rule.severity]},
        }
        for rule in RULES.values()
    ]
    log = {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [
            {
                "tool": {"driver": {"name": SOURCE, "version": __version__, "rules": rules}},
                "columnKind": "utf16CodeUnits",
                "results": results,
            }
        ],
    }
    return json.dumps(log, indent=2)


RENDERERS = {"text": render_text, "json": render_json, "sarif": render_sarif, "github": render_github}
