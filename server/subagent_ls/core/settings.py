"""The resolved settings the engine runs with (plain data; validation lives in ``config``)."""

from __future__ import annotations

import os
from collections.abc import Mapping
from functools import lru_cache

from subagent_ls.core.findings import Severity
from subagent_ls.core.records import record_eq, record_replace, record_repr, record_values

DEFAULT_BODY_MAX_LINES = 500
DEFAULT_HARNESS = "harness-subagents"
"""The base format's harness (``harnesses.registry.BASE``), whose catalog is shown unless a
setting names another. ``core`` sits below ``harnesses`` and cannot read the registry, so this
one harness name is written here; a test keeps it equal to the registry's."""


@lru_cache(maxsize=1024)
def _ignored_in(
    per_file_ignores: tuple[tuple[str, frozenset[str]], ...], base: str, where: str
) -> frozenset[str]:
    """The codes the patterns (relative to ``base``) leave out of the file at ``where`` (once
    per file, not per finding)."""
    from subagent_ls.core.globs import glob_matches  # only where patterns are set

    relative = os.path.relpath(where, base).replace(os.sep, "/")
    if relative == ".." or relative.startswith("../"):
        return frozenset()
    codes: set[str] = set()
    for pattern, ignored in per_file_ignores:
        if glob_matches(pattern, relative):
            codes |= ignored
    return frozenset(codes)


class Settings:
    """``rules`` maps a code to a severity, or to None for off. ``select``/``ignore`` come
    from the command line and narrow what is reported.

    Read-only once made (``replace`` makes another); pickled as its fields, for the
    worker processes of a bulk check."""

    __match_args__ = (
        "harness", "dialects", "extra_dirs", "body_max_lines", "rules", "disabled", "targets",
        "select", "ignore", "exclude", "extend_exclude", "respect_gitignore",
        "per_file_ignores", "root", "ignore_suppressions", "baseline",
    )  # fmt: skip
    __slots__ = __match_args__

    harness: str
    dialects: Mapping[str, str]
    extra_dirs: tuple[str, ...]
    body_max_lines: int
    rules: Mapping[str, Severity | None]
    disabled: tuple[str, ...]
    targets: tuple[str, ...] | None
    """The harnesses every file is judged for (None: the harnesses that read its folder)."""
    select: frozenset[str] | None
    ignore: frozenset[str]
    exclude: tuple[str, ...] | None
    """Patterns of the paths a folder walk leaves out (None: the default folders)."""
    extend_exclude: tuple[str, ...]
    respect_gitignore: bool
    """Whether a folder walk leaves out what git ignores."""
    per_file_ignores: tuple[tuple[str, frozenset[str]], ...]
    """Glob patterns (relative to ``root``) and the codes not reported in the files they name."""
    root: str | None
    """The folder of the settings file (None: no file), which relative patterns start from."""
    ignore_suppressions: bool
    """Whether suppression comments are ignored (an audit shows every finding)."""
    baseline: str | None
    """The baseline file whose findings are not reported (None: none)."""

    def __init__(
        self,
        harness: str = DEFAULT_HARNESS,
        dialects: Mapping[str, str] | None = None,
        extra_dirs: tuple[str, ...] = (),
        body_max_lines: int = DEFAULT_BODY_MAX_LINES,
        rules: Mapping[str, Severity | None] | None = None,
        disabled: tuple[str, ...] = (),
        targets: tuple[str, ...] | None = None,
        select: frozenset[str] | None = None,
        ignore: frozenset[str] = frozenset(),
        exclude: tuple[str, ...] | None = None,
        extend_exclude: tuple[str, ...] = (),
        respect_gitignore: bool = True,
        per_file_ignores: tuple[tuple[str, frozenset[str]], ...] = (),
        root: str | None = None,
        ignore_suppressions: bool = False,
        baseline: str | None = None,
    ) -> None:
        values = (
            harness, {} if dialects is None else dialects, extra_dirs, body_max_lines,
            {} if rules is None else rules, disabled, targets, select, ignore, exclude,
            extend_exclude, respect_gitignore, per_file_ignores, root, ignore_suppressions,
            baseline,
        )  # fmt: skip
        for name, value in zip(self.__match_args__, values, strict=True):
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"cannot assign to field {name!r}: settings are read-only")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r}: settings are read-only")

    def __reduce__(self) -> tuple[type[Settings], tuple[object, ...]]:
        return Settings, record_values(self)

    __repr__ = record_repr
    __eq__ = record_eq
    __hash__ = None  # type: ignore[assignment]
    replace = record_replace

    def reports(self, code: str, path: str | None = None) -> bool:
        """Whether the selection lets ``code`` through, and the ``per-file-ignores`` for the
        file at ``path`` (absolute, or relative to the current folder)."""
        if code in self.ignore or (self.select is not None and code not in self.select):
            return False
        if path is None or not self.per_file_ignores:
            return True
        ignored = self.ignored_in(path)
        return code not in ignored and "all" not in ignored

    def ignored_in(self, path: str) -> frozenset[str]:
        """The codes ``per-file-ignores`` leaves out of the file at ``path``."""
        where = os.path.abspath(path)
        return _ignored_in(self.per_file_ignores, self.root or os.getcwd(), where)
