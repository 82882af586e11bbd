"""Writing a fixed file back (``check --fix``): atomically, through a symlink at its target,
keeping its mode, owner, group and extended attributes, or leaving it alone and saying why."""

from __future__ import annotations

import os
import stat
from contextlib import suppress

from subagent_ls.core.paths import within
from subagent_ls.core.source import MAX_FILE_BYTES, not_regular, read_bytes


def write_text(
    path: str, data: bytes, read: bytes | None = None, roots: tuple[str, ...] | None = None
) -> str | None:
    """Replace the file's content (through a symlink, at its target); returns why it was not
    replaced instead of raising.

    The new content is written to a temporary file beside the target first. That file takes
    the target's mode, owner, group and extended attributes (ACLs among them) and replaces the
    target atomically, once the target is checked to hold still what was ``read``. Where that
    would lose something the file is left alone and the reason given: a target outside
    ``roots`` (reached through a link), one with other hard links (a new file would split
    them, writing into it could be torn), attributes that cannot be copied, a file nobody may
    write. Where only the owner cannot be given to a new file, the content is written into the
    target itself. A temporary file that a killed run left is removed by the next write in
    its folder.
    """
    import tempfile  # only a fixed file is written

    target = os.path.realpath(path)
    if roots is not None and not any(within(target, root) for root in roots):
        return f"it is a link to {target}, outside the folders checked; it was not changed"
    try:
        info = os.stat(target)
        if not _may_write(target, info):
            return "the file is read-only; it was not changed"
        if info.st_nlink > 1:
            return (
                f"the file has {info.st_nlink} hard links: a new file would split them and "
                "writing into it is not atomic; it was not changed"
            )
        folder = os.path.dirname(target)
        _remove_stale_temporaries(folder)
        handle, temporary = tempfile.mkstemp(
            dir=folder, prefix=f"{_TEMPORARY}{os.getpid()}-", suffix=".tmp"
        )
        try:
            with os.fdopen(handle, "wb") as out:
                out.write(data)
                out.flush()
                os.fsync(out.fileno())
                atomic = _same_owner(out.fileno(), info)
                os.fchmod(out.fileno(), stat.S_IMODE(info.st_mode))
                lost = _copy_attributes(target, out.fileno())
            if lost is not None:
                os.unlink(temporary)
                return lost
            if read is not None and _current(target) != read:
                os.unlink(temporary)
                return "the file changed while it was being fixed; it was not changed"
            if atomic:
                os.replace(temporary, target)
            else:
                os.unlink(temporary)
                _write_in_place(target, data)
        except BaseException:
            if os.path.lexists(temporary):
                os.unlink(temporary)
            raise
    except OSError as error:
        return f"cannot write the fixed file: {error.strerror or error}"
    return None


_TEMPORARY = ".subagent-ls-"


def _current(target: str) -> bytes | None:
    """The target's bytes now (None: it is no longer a regular file of at most 1 MiB)."""
    data = read_bytes(target, MAX_FILE_BYTES)
    return data if isinstance(data, bytes) else None


def _copy_attributes(target: str, handle: int) -> str | None:
    """Give the open file the target's extended attributes (POSIX ACLs are some); why not,
    where one cannot be copied."""
    if not hasattr(os, "listxattr"):
        return None
    try:
        names = os.listxattr(target)
    except OSError:
        return None  # a file system without them
    for name in names:
        try:
            os.setxattr(handle, name, os.getxattr(target, name))
        except OSError as error:
            return (
                f"its extended attribute {name} cannot be kept ({error.strerror or error}); "
                "it was not changed"
            )
    return None


def _remove_stale_temporaries(folder: str) -> None:
    """Remove the temporary files of runs that were killed before they renamed them (their
    process is gone)."""
    try:
        names = [n for n in os.listdir(folder) if n.startswith(_TEMPORARY) and n.endswith(".tmp")]
    except OSError:
        return
    for name in names:
        pid = name[len(_TEMPORARY) :].split("-", 1)[0]
        if not pid.isdigit() or _alive(int(pid)):
            continue
        with suppress(OSError):
            os.unlink(os.path.join(folder, name))


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process
        pass
    return True


def _may_write(target: str, info: os.stat_result) -> bool:
    """Writable by this user, and not a file marked read-only for everyone (which root could
    write all the same)."""
    return bool(info.st_mode & 0o222) and os.access(target, os.W_OK)


def _same_owner(handle: int, info: os.stat_result) -> bool:
    """Give the open file the target's owner and group; False where that is not allowed."""
    own = os.fstat(handle)
    if (own.st_uid, own.st_gid) == (info.st_uid, info.st_gid):
        return True
    try:
        os.fchown(handle, info.st_uid, info.st_gid)
    except OSError:
        return False
    return True


def _write_in_place(target: str, data: bytes) -> None:
    """Write ``data`` into the target itself (never blocking on a FIFO put in its place)."""
    handle = os.open(target, os.O_RDWR | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    if not_regular(os.fstat(handle).st_mode) is not None:
        os.close(handle)
        raise OSError(f"{target} is no longer a regular file")
    with os.fdopen(handle, "r+b") as out:
        out.write(data)
        out.truncate()
        out.flush()
        os.fsync(out.fileno())
