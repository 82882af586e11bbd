"""Rendering check results as text, JSON, SARIF 2.1.0 or GitHub workflow commands.

JSON and SARIF carry LSP ranges (0-based lines, UTF-16 code units); text and GitHub output use
1-based lines and 1-based columns in characters, as people and GitHub's annotations count them.
Every output is valid UTF-8: a byte of a file name that is not UTF-8 is shown as ``\\xff``.
"""

from __future__ import annotations

import json
import os
import re
from collections import Counter
from pathlib import Path
from urllib.parse import quote

from subagent_ls import __version__
from subagent_ls.cli.style import PLAIN, Style
from subagent_ls.core.findings import Severity
from subagent_ls.core.patterns import LazyPattern
from subagent_ls.rules.docs import rule_description, rule_section, rule_url
from subagent_ls.rules.registry import HARNESS_SKIP, RULES
from subagent_ls.workspace.checking import FileReport, LocatedFinding, Place

SOURCE = "subagent-ls"

_LONE_SURROGATE = LazyPattern("[\ud800-\udfff]")
_CONTROL = LazyPattern("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
_RAW_IN_JSON = LazyPattern("[\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
_NAMED_CONTROLS = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def visible(text: str) -> str:
    """``text`` with each control character written as an escape (``\\x1b``, ``\\n``,
    ``\\u202e``): a name, value or path taken from a file can neither begin a line of its own
    (a CI log takes ``::error`` at the start of a line for a command) nor send the terminal a
    sequence, and a reader sees that the character is there."""
    if text.isprintable():
        return text
    return _CONTROL.sub(_escaped_control, text)


def _escaped_control(match: re.Match[str]) -> str:
    char = match[0]
    if char in _NAMED_CONTROLS:
        return _NAMED_CONTROLS[char]
    code = ord(char)
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"


def printable(text: str, backslash: str = "\\") -> str:
    """``text`` that can be written as UTF-8. Python keeps each byte of a file name that is not
    UTF-8 as a lone surrogate (U+DC80 to U+DCFF): it is written ``\\xff``, any other lone
    surrogate ``\\ud800``. In JSON text, where the surrogates can only stand in strings, pass
    ``backslash="\\\\"`` so that the backslash is escaped."""
    if text.isascii():
        return text
    try:
        text.encode("utf-8")  # faster than searching for surrogates
        return text
    except UnicodeEncodeError:
        pass

    def escape(match: re.Match[str]) -> str:
        code = ord(match[0])
        return f"{backslash}x{code - 0xDC00:02x}" if code >= 0xDC80 else f"{backslash}u{code:04x}"

    return _LONE_SURROGATE.sub(escape, text)


def printable_json(document: object, **options: object) -> str:
    """``json.dumps`` of ``document`` (non-ASCII characters kept), as valid UTF-8, with the
    control characters JSON lets through raw (DEL, C1, bidirectional overrides, line
    separators) written as ``\\u`` escapes: they can only stand in strings."""
    text = printable(json.dumps(document, ensure_ascii=False, **options), backslash="\\\\")
    if text.isascii() and "\x7f" not in text:
        return text
    return _RAW_IN_JSON.sub(lambda match: f"\\u{ord(match[0]):04x}", text)


def lsp_range(place: Place) -> dict[str, dict[str, int]]:
    return {
        "start": {"line": place.start_line, "character": place.start_character},
        "end": {"line": place.end_line, "character": place.end_character},
    }


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
        "fixable": sum(f.fix_safe for r in reports for f in r.findings),
        "unsafeFixable": sum(
            f.fix_title is not None and not f.fix_safe for r in reports for f in r.findings
        ),
    }


def diagnostic_json(finding: LocatedFinding) -> dict[str, object]:
    """An LSP Diagnostic object."""
    item: dict[str, object] = {
        "range": lsp_range(finding.place),
        "severity": int(finding.severity),
        "code": finding.code,
        "codeDescription": {"href": rule_url(finding.code)},
        "source": SOURCE,
        "message": finding.message,
    }
    if finding.related:
        item["relatedInformation"] = [
            {"location": {"uri": _uri(r.path), "range": lsp_range(r.place)}, "message": r.message}
            for r in finding.related
        ]
    data: dict[str, object] = {}
    if finding.fix_title is not None:
        applicability = "safe" if finding.fix_safe else "unsafe"
        data = {"rule": finding.code, "fix": finding.fix_title, "fixKind": applicability}
    if finding.targets:
        data = {"rule": finding.code, **data, "targets": list(finding.targets)}
    if finding.details:
        data = {"rule": finding.code, **data, **dict(finding.details)}
    if data:
        item["data"] = data
    return item


def render_json(reports: list[FileReport]) -> str:
    files = []
    for report in reports:
        entry: dict[str, object] = {
            "path": report.path,
            "dialect": report.dialect,
            "dialectReason": report.dialect_reason,
            "harness": report.verdict.as_json(),
            "harnesses": [h.as_json() for h in report.harnesses],
            "diagnostics": [diagnostic_json(f) for f in report.findings],
        }
        if report.fixed:
            entry["fixed"] = [
                {"code": code, "range": lsp_range(place)} for code, place in report.fixed
            ]
        if report.not_fixed:
            entry["notFixed"] = [
                {"code": code, "range": lsp_range(place), "reason": reason}
                for code, place, reason in report.not_fixed
            ]
        if report.write_error:
            entry["writeError"] = report.write_error
        files.append(entry)
    document = {"version": 1, "files": files, "summary": summary(reports)}
    return printable_json(document, separators=(",", ":"))


_SEVERITY_STYLE = {
    Severity.ERROR: "red",
    Severity.WARNING: "yellow",
    Severity.INFO: "blue",
    Severity.HINT: "blue",
}
SAFE_MARK, UNSAFE_MARK = "[*]", "[!]"
"""Marks of a finding that ``--fix`` fixes, and of one only ``--fix --unsafe-fixes`` fixes."""


def fix_mark(finding: LocatedFinding) -> str:
    """The finding's fix mark, or "" when it has no fix."""
    if finding.fix_title is None:
        return ""
    return SAFE_MARK if finding.fix_safe else UNSAFE_MARK


def _not_loaded(report: FileReport, verdicts: bool) -> str | None:
    """The line of a file its harness will not load (None: it loads, or ``harness-skip`` is
    not reported: not selected, switched off, or suppressed in the file)."""
    verdict = report.verdict
    if verdict.loads or verdict.outcome == "elsewhere" or not verdicts:
        return None  # a file read elsewhere is no refusal: its JSON verdict says where
    if report.suppressed.hides(HARNESS_SKIP):
        return None
    return f"not loaded by {verdict.harness or 'the harness'} ({verdict.outcome})"


def _summary_line(reports: list[FileReport], style: Style, verdicts: bool = True) -> str:
    totals = summary(reports)
    notes = totals["infos"] + totals["hints"]
    fixed = f", {totals['fixed']} fixed" if totals["fixed"] else ""
    fixable = []
    if totals["fixable"]:
        fixable.append(f"{totals['fixable']} fixable with `--fix` {SAFE_MARK}")
    if totals["unsafeFixable"]:
        fixable.append(f"{totals['unsafeFixable']} with `--fix --unsafe-fixes` {UNSAFE_MARK}")
    unloaded = sum(_not_loaded(r, verdicts) is not None for r in reports)
    line = (
        f"Checked {totals['files']} file(s): {totals['errors']} error(s), "
        f"{totals['warnings']} warning(s), {notes} note(s){fixed}"
        + (f"; {', '.join(fixable)}." if fixable else ".")
        + (f" {unloaded} file(s) not loaded by their harness." if unloaded else "")
    )
    return style(line, "bold")


def render_text(
    reports: list[FileReport],
    style: Style = PLAIN,
    quiet: bool = False,
    show_fixes: bool = True,
    verdicts: bool = True,
) -> str:
    """One line per fix (unless not ``show_fixes``), fix left out and finding, each finding with
    its severity and fix mark; a line for each file its harness will not load (where
    ``verdicts``: ``harness-skip`` is reported); then the summary (left out when ``quiet``)."""
    out = []
    for report in reports:
        path = style(visible(report.path), "bold")
        for code, place in report.fixed if show_fixes else ():
            out.append(f"{path}:{place.line}:{place.column}: {style('fixed', 'green')} {code}")
        for code, place, reason in report.not_fixed:
            out.append(f"{path}:{place.line}:{place.column}: not fixed {code}: {visible(reason)}")
        for finding in report.findings:
            place, message = finding.place, visible(finding.message)
            severity = style(finding.severity.label, _SEVERITY_STYLE[finding.severity])
            mark = style(fix_mark(finding), "cyan")
            code = style(finding.code, "dim")
            head = f"{path}:{place.line}:{place.column}: {severity} {code}"
            out.append(f"{head} {mark} {message}" if mark else f"{head} {message}")
        if (unloaded := _not_loaded(report, verdicts)) is not None:
            out.append(f"{path}: {style(visible(unloaded), 'red')}")
        if report.write_error:
            out.append(f"{path}: {visible(report.write_error)}")
    if not quiet:
        out.append(_summary_line(reports, style, verdicts))
    return printable("\n".join(out))


def statistics(reports: list[FileReport]) -> list[dict[str, object]]:
    """Counts per rule code and severity, most frequent first."""
    counts = Counter((f.code, f.severity) for r in reports for f in r.findings)
    marks: dict[str, set[str]] = {}
    for report in reports:
        for finding in report.findings:
            marks.setdefault(finding.code, set()).add(fix_mark(finding))
    rows = []
    for (code, severity), count in sorted(counts.items(), key=lambda i: (-i[1], i[0][0])):
        fixable = SAFE_MARK in marks[code]
        unsafe = not fixable and UNSAFE_MARK in marks[code]
        rows.append(
            {
                "code": code,
                "severity": severity.label,
                "count": count,
                "fixKind": "safe" if fixable else "unsafe" if unsafe else None,
                "summary": RULES[code].summary if code in RULES else "",
            }
        )
    return rows


def render_statistics_text(reports: list[FileReport], style: Style = PLAIN) -> str:
    """One line per code and severity: count, severity, code, fix mark, the rule's summary;
    then the summary line."""
    rows = statistics(reports)
    width = max((len(str(row["code"])) for row in rows), default=0)
    out = []
    for row in rows:
        severity = Severity.parse(str(row["severity"]))
        label = style(f"{row['severity']:<7}", _SEVERITY_STYLE[severity])
        mark = {"safe": SAFE_MARK, "unsafe": UNSAFE_MARK}.get(str(row["fixKind"]), "   ")
        code = f"{row['code']:<{width}}"
        out.append(f"{row['count']:>5}  {label}  {code}  {style(mark, 'cyan')}  {row['summary']}")
    out.append(_summary_line(reports, style))
    return printable("\n".join(out))


def render_statistics_json(reports: list[FileReport]) -> str:
    document = {"version": 1, "statistics": statistics(reports), "summary": summary(reports)}
    return printable_json(document, separators=(",", ":"))


_GITHUB_LEVEL = {
    Severity.ERROR: "error",
    Severity.WARNING: "warning",
    Severity.INFO: "notice",
    Severity.HINT: "notice",
}


def _escape_data(text: str) -> str:
    return visible(text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A"))


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def render_github(reports: list[FileReport]) -> str:
    out = []
    for report in reports:
        for finding in report.findings:
            place = finding.place
            properties = (
                f"file={_escape_property(report.path)},line={place.line},col={place.column},"
                f"endLine={place.end_line_human},endColumn={place.end_column},"
                f"title={_escape_property(f'{SOURCE} {finding.code}')}"
            )
            level = _GITHUB_LEVEL[finding.severity]
            out.append(f"::{level} {properties}::{_escape_data(finding.message)}")
    return printable("\n".join(out))


_SARIF_LEVEL = {
    Severity.ERROR: "error",
    Severity.WARNING: "warning",
    Severity.INFO: "note",
    Severity.HINT: "note",
}


def _sarif_result(
    report: FileReport, finding: LocatedFinding, rule_index: dict[str, int]
) -> dict[str, object]:
    """A result, with ``ruleIndex`` the index of its rule in ``tool.driver.rules`` (-1, SARIF's
    "not given", for a code not registered)."""
    place = finding.place
    region = {
        "startLine": place.start_line + 1,
        "startColumn": place.start_character + 1,
        "endLine": place.end_line + 1,
        "endColumn": place.end_character + 1,
    }
    location = {
        "physicalLocation": {
            "artifactLocation": {"uri": quote(os.fsencode(Path(report.path).as_posix()))},
            "region": region,
        }
    }
    return {
        "ruleId": finding.code,
        "ruleIndex": rule_index.get(finding.code, -1),
        "level": _SARIF_LEVEL[finding.severity],
        "message": {"text": finding.message},
        "locations": [location],
    }


def render_sarif(reports: list[FileReport]) -> str:
    """Every rule with its documentation (``helpUri``; the rules page's section as ``help`` and
    its first paragraph as ``fullDescription``, where the page is installed), then the
    results."""
    rules = []
    for rule in RULES.values():
        section = rule_section(rule.code)
        entry: dict[str, object] = {
            "id": rule.code,
            "shortDescription": {"text": rule.summary},
            "fullDescription": {"text": rule_description(rule.code) or rule.summary},
            "defaultConfiguration": {"level": _SARIF_LEVEL[rule.severity]},
            "helpUri": rule_url(rule.code),
            "properties": {"fixable": rule.fixable},
        }
        if section is not None:
            entry["help"] = {"text": section, "markdown": section}
        rules.append(entry)
    rule_index = {rule.code: index for index, rule in enumerate(RULES.values())}
    run = {
        "tool": {"driver": {"name": SOURCE, "version": __version__, "rules": rules}},
        "columnKind": "utf16CodeUnits",
        "results": [_sarif_result(r, f, rule_index) for r in reports for f in r.findings],
    }
    log = {
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [run],
    }
    return printable_json(log, indent=2)


RENDERERS = {
    "text": render_text,
    "json": render_json,
    "sarif": render_sarif,
    "github": render_github,
}
