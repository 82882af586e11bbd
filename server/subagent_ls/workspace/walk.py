"""Walking a folder tree for the files a caller wants, with bounded work: one loop and an
explicit stack (no recursion), in name order, each real folder once, on the starting folder's
file system only, never into a pseudo file system (``/proc``, ``/sys``, ...), at most
``MAX_DEPTH`` folders deep and ``MAX_ENTRIES`` listed entries. Files that are not regular files
are reported, never opened. What was not walked, and why, is reported to the caller, which
decides what to show.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from functools import cache
from itertools import islice

from subagent_ls.core.paths import within
from subagent_ls.core.records import record_eq, record_repr
from subagent_ls.core.source import not_regular

MAX_DEPTH = 64
"""Folders deeper than this below the starting folder are not entered."""
MAX_ENTRIES = 1_000_000
"""A walk stops once it has listed this many folder entries (files and folders alike): about
five seconds of listing, and more than a project holds outside the folders never entered."""

BROKEN_LINK = "it is a broken symbolic link"

PSEUDO_FILE_SYSTEMS = frozenset(
    {
        "autofs", "binfmt_misc", "bpf", "cgroup", "cgroup2", "configfs", "debugfs", "devfs",
        "devpts", "devtmpfs", "efivarfs", "fusectl", "hugetlbfs", "mqueue", "nsfs", "proc",
        "pstore", "rpc_pipefs", "securityfs", "selinuxfs", "sysfs", "tracefs",
    }
)  # fmt: skip
"""File systems of kernel objects, not files: their trees are endless or volatile."""

Seen = set[tuple[int, int]]
"""The (device, inode) of every folder already walked."""


class Found:
    """A wanted file (``problem`` None), a wanted file that cannot be read as one, or a
    folder that was not walked (``folder``; also an entry that cannot be told to be a folder or
    not). ``named`` problems concern the walk as a whole: its starting folder, or the entry
    limit that ended it."""

    __match_args__ = ("path", "problem", "folder", "named")
    __slots__ = __match_args__

    path: str
    problem: str | None
    folder: bool
    named: bool

    def __init__(
        self, path: str, problem: str | None = None, folder: bool = False, named: bool = False
    ) -> None:
        self.path = path
        self.problem = problem
        self.folder = folder
        self.named = named

    __repr__ = record_repr
    __eq__ = record_eq
    __hash__ = None  # type: ignore[assignment]


@cache
def pseudo_devices() -> dict[int, str]:
    """The device number of every mounted pseudo file system, with its type (read once from
    ``/proc/self/mountinfo``; empty where there is none)."""
    try:
        with open("/proc/self/mountinfo", encoding="utf-8", errors="replace") as mounts:
            lines = mounts.read().splitlines()
    except OSError:
        return {}
    devices: dict[int, str] = {}
    for line in lines:
        fields, _, rest = line.partition(" - ")
        parts, kind = fields.split(), rest.split(" ", 1)[0]
        if len(parts) > 2 and kind in PSEUDO_FILE_SYSTEMS:
            major, _, minor = parts[2].partition(":")
            if major.isdigit() and minor.isdigit():
                devices[os.makedev(int(major), int(minor))] = kind
    return devices


def _other_file_system(device: int) -> str:
    kind = pseudo_devices().get(device)
    if kind is not None:
        return f"the folder is on a pseudo file system ({kind})"
    return "the folder is on another file system"


def walk(
    root: str,
    seen: Seen,
    enter: Callable[[os.DirEntry[str]], bool],
    want: Callable[[os.DirEntry[str]], bool],
) -> Iterator[Found]:
    """The files below ``root`` that ``want`` takes, in name order, entering the subfolders
    ``enter`` takes; every folder not walked is reported (loops and folders already in
    ``seen`` silently)."""
    try:
        info = os.stat(root)
    except OSError as error:
        yield Found(root, f"the folder cannot be read: {error.strerror or error}", True, True)
        return
    if info.st_dev in pseudo_devices():
        yield Found(root, _other_file_system(info.st_dev), True, True)
        return
    if (info.st_dev, info.st_ino) in seen:
        return
    seen.add((info.st_dev, info.st_ino))
    device, listed = info.st_dev, 0
    stack: list[Iterator[os.DirEntry[str]]] = []
    folder: str | None = root
    while True:
        if folder is not None:
            budget = MAX_ENTRIES - listed
            try:
                with os.scandir(folder) as scan:
                    entries = sorted(islice(scan, budget + 1), key=lambda e: e.name)
            except OSError as error:
                problem = f"the folder cannot be read: {error.strerror or error}"
                yield Found(folder, problem, True, not stack)
            else:
                if len(entries) > budget:
                    problem = f"the walk stopped after listing {MAX_ENTRIES:,} entries"
                    yield Found(folder, problem, True, True)
                    return
                listed += len(entries)
                stack.append(iter(entries))
            folder = None
        if not stack:
            return
        entry = next(stack[-1], None)
        if entry is None:
            stack.pop()
            continue
        try:
            is_dir = entry.is_dir()
        except OSError as error:  # a link whose target cannot be looked at (a loop of links)
            if want(entry):
                yield _file(entry)
            else:
                yield Found(entry.path, f"it cannot be read: {error.strerror or error}", True)
            continue
        if is_dir:
            if enter(entry):
                folder, problem = _enterable(entry, len(stack), seen, device)
                if problem is not None:
                    yield Found(entry.path, problem, True)
        elif want(entry):
            try:
                regular = entry.is_file()  # known from the listing, except for links
            except OSError:
                regular = False
            yield Found(entry.path) if regular else _file(entry)


def _enterable(
    entry: os.DirEntry[str], depth: int, seen: Seen, device: int
) -> tuple[str | None, str | None]:
    """The folder to list next (None when it is not walked), and why it is not."""
    try:
        info = os.stat(entry.path)
    except OSError as error:
        return None, f"the folder cannot be read: {error.strerror or error}"
    key = (info.st_dev, info.st_ino)
    if key in seen:
        return None, None
    if info.st_dev != device:
        return None, _other_file_system(info.st_dev)
    if depth > MAX_DEPTH:
        return None, f"the folder is more than {MAX_DEPTH} levels deep"
    if entry.is_symlink() and _holds(entry.path, os.path.dirname(entry.path)):
        return None, None
    seen.add(key)
    return entry.path, None


def _holds(link: str, folder: str) -> bool:
    """Whether the folder a link points to holds ``folder``: following it is a loop."""
    target, here = os.path.realpath(link), os.path.realpath(folder)
    return within(here, target)


def _file(entry: os.DirEntry[str]) -> Found:
    """A wanted entry that is not (or not known to be) a regular file."""
    try:
        problem = not_regular(os.stat(entry.path).st_mode)
    except OSError as error:
        reason = error.strerror or str(error)
        problem = BROKEN_LINK if entry.is_symlink() else f"the file cannot be read: {reason}"
    return Found(entry.path, problem)
