"""A submission copy's life: readable (not writable) for the worker, then removed whatever it did.

Both the trusted side (copies for single workers) and the fork-server template (private
copies for forked workers) need exactly these walks; they are small and import nothing
heavy, so the template inside the sandbox can use them too.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import struct

_FS_IOC_GETFLAGS, _FS_IOC_SETFLAGS = 0x80086601, 0x40086602
_UNDELETABLE = 0x10 | 0x20  # FS_IMMUTABLE_FL | FS_APPEND_FL: a root worker may set them on its copy


def make_readable(folder: str | os.PathLike) -> None:
    """Folders 0755 and files 0644 below ``folder``; links are left alone (never followed)."""
    for path, _, files in os.walk(folder):
        os.chmod(path, 0o755)
        for name in files:
            file = os.path.join(path, name)
            if not os.path.islink(file):
                os.chmod(file, 0o644)


def remove_tree(folder: str | os.PathLike) -> None:
    """Remove ``folder``; files a root worker made immutable or append-only are freed first.

    Best effort, never raising: a copy that cannot be removed must not cost a grade.
    """
    shutil.rmtree(folder, ignore_errors=True)
    if not os.path.lexists(folder):
        return
    for path, folders, files in os.walk(folder):
        for name in [*folders, *files, ""]:
            _clear_flags(os.path.join(path, name) if name else path)
    shutil.rmtree(folder, ignore_errors=True)


def _clear_flags(path: str) -> None:
    if os.path.islink(path):
        return
    with contextlib.suppress(OSError, ImportError):
        import fcntl

        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
        try:
            flags = struct.unpack("l", fcntl.ioctl(fd, _FS_IOC_GETFLAGS, struct.pack("l", 0)))[0]
            if flags & _UNDELETABLE:
                fcntl.ioctl(fd, _FS_IOC_SETFLAGS, struct.pack("l", flags & ~_UNDELETABLE))
        finally:
            os.close(fd)
