"""Ported files on disk (``port``): each source file read and ported, what is there already, and
the write: a file that exists is replaced by ``writing.write_text`` (atomically, keeping its
mode, owner and attributes, only if it still holds what was read); a new one is made beside its
final name and linked there, so that it appears whole or not at all and never replaces a file
made meanwhile."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import suppress
from typing import Literal, NamedTuple

from subagent_ls.analysis.port import Ported, port_file
from subagent_ls.core.document import AgentDocument
from subagent_ls.core.source import MAX_FILE_BYTES, encode, read_bytes, read_source
from subagent_ls.harnesses.model import Dialect
from subagent_ls.workspace.discovery import collect
from subagent_ls.workspace.writing import write_text

State = Literal["written", "replaced", "unchanged", "new", "stale", "not-ported", "unwritten"]


class PortedFile(NamedTuple):
    """One port and what is on disk: ``state`` is ``new`` or ``stale`` where the ported file is
    missing or differs (and was not written), ``written`` (a new file), ``replaced`` (a file
    that differed), ``unchanged``, ``not-ported`` (it would not load, or the source does not)
    or ``unwritten`` (the write failed: ``error``)."""

    ported: Ported
    state: State
    before: str = ""
    error: str | None = None


def ports_of(
    paths: list[str],
    harnesses: tuple[str, ...],
    out: str | None,
    forced: Dialect | None,
    every: bool = False,
) -> Iterator[Ported]:
    """Every agent file of ``paths`` (folders walked as ``check`` walks them; ``every``: each
    ``.md`` file) ported to each of ``harnesses`` (the file's own harness left out); into
    ``out``, or with several harnesses into a folder of each below it (``out/<harness>``)."""
    for candidate in collect(paths, all_markdown=every):
        if candidate.problem is not None:
            problem = candidate.problem
            yield Ported(candidate.path, "", None, None, (), reason=problem, source_loads=False)
            continue
        source = read_source(candidate.path)
        doc = AgentDocument(
            candidate.path, source.text, has_bom=source.has_bom, unreadable=source.unreadable
        )
        for harness in harnesses:
            into = os.path.join(out, harness) if out and len(harnesses) > 1 else out
            ported = port_file(doc, harness, into, forced)
            if len(harnesses) > 1 and ported.own == harness:
                continue
            yield ported


def settle_all(found: Iterator[Ported], write: bool) -> list[PortedFile]:
    """Each port settled in turn; a port to a file another port of the run goes to already is
    not written (the first keeps it)."""
    done: list[PortedFile] = []
    taken: dict[str, str] = {}
    for ported in found:
        target = os.path.abspath(ported.target) if ported.target else None
        if target is not None and ported.loads and target in taken:
            error = f"{taken[target]} is ported to the same file in this run; it was not written"
            done.append(PortedFile(ported, "unwritten", error=error))
            continue
        if target is not None and ported.loads:
            taken[target] = ported.source
        done.append(settle(ported, write))
    return done


def current(path: str) -> bytes | None:
    data = read_bytes(path, MAX_FILE_BYTES)
    return data if isinstance(data, bytes) else None


def settle(ported: Ported, write: bool) -> PortedFile:
    """Compare the port with the file there, and write it when ``write`` and it differs."""
    if not ported.loads or ported.target is None or ported.text is None:
        return PortedFile(ported, "not-ported")
    data = encode(ported.text, False)
    there = current(ported.target)
    before = there.decode("utf-8", "replace") if there is not None else ""
    if there == data:
        return PortedFile(ported, "unchanged", before)
    state: State = "stale" if there is not None else "new"
    if not write:
        return PortedFile(ported, state, before)
    if os.path.lexists(ported.target) and there is None:
        return PortedFile(ported, "unwritten", error="it is not a regular file; not replaced")
    error = (
        write_text(ported.target, data, there) if there is not None else create(ported.target, data)
    )
    done: State = "written" if state == "new" else "replaced"
    return PortedFile(ported, "unwritten" if error else done, before, error)


def create(path: str, data: bytes) -> str | None:
    """Make a new file whole: written and synced beside ``path``, then linked at ``path`` (which
    fails where a file appeared there meanwhile); why not, instead of raising."""
    import tempfile

    folder = os.path.dirname(os.path.abspath(path))
    try:
        os.makedirs(folder, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=folder, prefix=".subagent-ls-port-")
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(data)
                out.flush()
                os.fsync(out.fileno())
            os.chmod(temporary, 0o666 & ~_umask())
            os.link(temporary, path)
        finally:
            with suppress(OSError):
                os.unlink(temporary)
    except FileExistsError:
        return "a file appeared there meanwhile; it was not replaced"
    except OSError as error:
        return f"cannot write the ported file: {error.strerror or error}"
    return None


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
