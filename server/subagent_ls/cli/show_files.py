"""``check --show-files``: every decision a check would make before linting, so a user can see
them all: each file it checks with the dialect it reads it in and why, each Markdown file a
folder walk met and left alone with what it is, and each path a walk left out (``exclude``
settings, ``.gitignore``)."""

from __future__ import annotations

import argparse
import json
import os
from functools import partial

from subagent_ls.analysis.dialect_choice import choose_dialect
from subagent_ls.cli.reporters import visible
from subagent_ls.core.document import AgentDocument
from subagent_ls.core.settings import Settings
from subagent_ls.core.source import read_source
from subagent_ls.harnesses.registry import DIALECTS
from subagent_ls.workspace.collection import collection_clue
from subagent_ls.workspace.discovery import Candidate, Decision

NAMED = "named on the command line"


def _checked(
    candidate: Candidate, settings: Settings, forced: str | None, roots: tuple[str, ...]
) -> dict[str, object]:
    """What ``check`` reads a file as (the file is read, not linted; ``roots``: the folders
    walked, see ``checking.check_document``)."""
    if candidate.problem is not None:
        return {"checked": True, "kind": "agent file", "reason": candidate.problem}
    source = read_source(candidate.path)
    doc = AgentDocument(candidate.path, source.text, has_bom=source.has_bom)
    dialect = DIALECTS[forced] if forced else None
    collection = partial(collection_clue, roots=roots)
    choice = choose_dialect(doc, settings, dialect, collection=collection)
    return {
        "checked": True,
        "kind": "agent file",
        "dialect": choice.dialect.id,
        "dialectReason": choice.reason,
    }


def decisions_of(
    candidates: list[Candidate],
    decisions: list[Decision],
    settings: Settings,
    forced: str | None,
    roots: tuple[str, ...],
) -> list[dict[str, object]]:
    """One row per path: the files checked (with their dialect) and every other decision."""
    walked = {d.path: d for d in decisions}
    rows: list[dict[str, object]] = []
    for candidate in candidates:
        row = {"path": candidate.path, **_checked(candidate, settings, forced, roots)}
        decided = walked.pop(os.path.normpath(candidate.path), None)
        row["reason"] = decided.reason if decided else NAMED
        rows.append(row)
    for decision in walked.values():
        if not decision.taken:
            rows.append(
                {"path": decision.path, "checked": False, "kind": decision.kind,
                 "reason": decision.reason}
            )  # fmt: skip
    rows.sort(key=lambda row: str(row["path"]))
    return rows


def _line(row: dict[str, object]) -> str:
    if row["checked"]:
        if "dialect" not in row:
            return f"{row['path']}: checked, {row['reason']}"
        read_as = f"read as {row['dialect']} ({row['dialectReason']})"
        if row["reason"] == row["dialectReason"]:
            return f"{row['path']}: checked, {read_as}"
        return f"{row['path']}: checked, {row['reason']}; {read_as}"
    if row["kind"] == "not walked":
        return f"{row['path']}: not walked: {row['reason']}"
    return f"{row['path']}: not checked, {row['kind']}: {row['reason']}"


def show_files(
    candidates: list[Candidate],
    decisions: list[Decision],
    settings: Settings,
    args: argparse.Namespace,
    roots: tuple[str, ...],
) -> str:
    present = [c for c in candidates if not c.missing]
    rows = decisions_of(present, decisions, settings, args.dialect, roots)
    if args.format == "json":
        return json.dumps({"files": rows}, indent=2, ensure_ascii=False) + "\n"
    checked = sum(1 for row in rows if row["checked"])
    walked_out = sum(1 for row in rows if row["kind"] == "not walked")
    summary = (
        f"{checked} file(s) to check, {len(rows) - checked - walked_out} Markdown file(s) "
        f"left alone, {walked_out} path(s) not walked."
    )
    return "".join(f"{visible(_line(row))}\n" for row in rows) + summary + "\n"
