"""A baseline: the findings a project has today, recorded so that adopting the checker on a big
repository starts from zero (``check --write-baseline FILE``, then ``check --baseline FILE``,
or the ``baseline`` setting in the editor). Each finding is recorded by its file (relative to
the baseline's folder, so that the file works in every clone), its code and a fingerprint of
the text it is about (not its line: moving lines keeps it matched), with a count where one
file has the same finding more than once. A finding is new while its file has more of it than
the baseline records."""

from __future__ import annotations

import json
import os
from collections import Counter
from collections.abc import Iterable, Mapping
from typing import NamedTuple

from subagent_ls.core.source import MAX_FILE_BYTES, read_bytes

FORMAT = "subagent-ls baseline"
VERSION = 1
MAX_BASELINE_BYTES = 64 * MAX_FILE_BYTES
"""A baseline larger than this (64 MiB) is refused rather than read."""

Key = tuple[str, str, str]
"""A finding as a baseline records it: relative path, code, fingerprint."""


class Baseline(NamedTuple):
    """The findings recorded, counted, with the folder their paths are relative to."""

    folder: str
    counts: Mapping[Key, int]

    def relative(self, path: str) -> str:
        return os.path.relpath(os.path.abspath(path), self.folder).replace(os.sep, "/")


class BaselineError(Exception):
    """A baseline file that cannot be read or is not one."""


def read_baseline(path: str) -> Baseline:
    data = read_bytes(path, MAX_BASELINE_BYTES)
    if isinstance(data, int):
        raise BaselineError(f"{path}: it is {data:,} bytes, over the 64 MiB a baseline may be")
    if isinstance(data, str):
        raise BaselineError(f"{path}: {data}")
    try:
        document = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as error:
        raise BaselineError(f"{path}: not a baseline file ({error})") from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise BaselineError(f"{path}: not a baseline file (write one with --write-baseline)")
    if document.get("version") != VERSION:
        raise BaselineError(f"{path}: a baseline of version {document.get('version')!r}")
    counts: Counter[Key] = Counter()
    files = document.get("files")
    for relative, findings in (files if isinstance(files, dict) else {}).items():
        for entry in findings if isinstance(findings, list) else []:
            if isinstance(entry, dict):
                code, mark = entry.get("code"), entry.get("fingerprint")
                count = entry.get("count", 1)
                if isinstance(code, str) and isinstance(mark, str) and isinstance(count, int):
                    counts[(str(relative), code, mark)] += max(count, 0)
    return Baseline(os.path.dirname(os.path.abspath(path)), counts)


def write_baseline(path: str, findings: Iterable[tuple[str, str, str]]) -> int:
    """Record ``findings`` (path, code, fingerprint) in a new baseline at ``path``, written in
    one piece (a temporary file renamed); returns how many were recorded."""
    folder = os.path.dirname(os.path.abspath(path))
    counts: Counter[Key] = Counter(
        (os.path.relpath(os.path.abspath(p), folder).replace(os.sep, "/"), code, mark)
        for p, code, mark in findings
    )
    files: dict[str, list[dict[str, object]]] = {}
    for (relative, code, mark), count in sorted(counts.items()):
        entry: dict[str, object] = {"code": code, "fingerprint": mark}
        if count > 1:
            entry["count"] = count
        files.setdefault(relative, []).append(entry)
    document = {"format": FORMAT, "version": VERSION, "files": files}
    text = json.dumps(document, indent=1, ensure_ascii=False) + "\n"
    temporary = f"{path}.{os.getpid()}.tmp"
    with open(temporary, "w", encoding="utf-8") as out:
        out.write(text)
    os.replace(temporary, path)
    return sum(counts.values())


class Matcher:
    """Takes findings one file at a time and tells which are in the baseline (each recorded
    finding matches once), counting those it hid."""

    def __init__(self, baseline: Baseline) -> None:
        self._left = Counter(baseline.counts)
        self._baseline = baseline
        self.hidden = 0

    def known(self, path: str, code: str, mark: str) -> bool:
        key = (self._baseline.relative(path), code, mark)
        if self._left[key] <= 0:
            return False
        self._left[key] -= 1
        self.hidden += 1
        return True
