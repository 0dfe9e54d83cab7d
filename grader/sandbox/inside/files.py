"""A submission copy's life: readable (not writable) for the worker, then removed whatever it did.

Both the trusted side (copies for single workers) and the fork-server template (private
copies for forked workers) need exactly these walks; they are small and import nothing
heavy, so the template inside the sandbox can use them too.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
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

    Best effort, never raising: a copy that cannot be removed must not cost a grade. The
    worker shaped the tree, so the walk assumes nothing of its shape: it is iterative and
    goes through file descriptors (``shutil.rmtree`` recurses, and a worker that makes a
    folder 5000 levels deep in its temporary folder, a few milliseconds of work, ended the
    next student's grade with a RecursionError; a path that deep is also longer than the
    kernel takes). At most ``MAX_OPEN_FOLDERS`` folders are open at once: a folder deeper
    than that is moved up into ``folder`` itself and removed from there.
    """
    path = os.fspath(folder)
    try:
        if not stat.S_ISDIR(os.lstat(path).st_mode):
            os.unlink(path)
            return
        root = os.open(path, _FOLDER)
    except OSError:
        return
    try:
        while _empty(root):  # another round while folders were moved up (each move makes the tree shallower)
            pass
    except OSError:  # a listing that fails half-way: what is left stays
        pass
    finally:
        os.close(root)
    try:
        os.rmdir(path)
    except OSError:
        with contextlib.suppress(OSError):
            _clear_flags(path)
            os.rmdir(path)


MAX_OPEN_FOLDERS = 64
_FOLDER = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC


def _empty(root: int) -> bool:
    """Remove what lies below the open folder ``root``, depth first without recursion; True if some
    folders were moved up into ``root`` on the way (they may not have been listed: another round)."""
    stack = [(root, "", os.scandir(root))]  # (descriptor, name in its parent, its listing)
    moved = 0
    try:
        while stack:
            fd, name, listing = stack[-1]
            entry = next(listing, None)
            if entry is None:  # this folder is empty now (or holds what cannot go): up again
                stack.pop()
                listing.close()
                if stack:
                    os.close(fd)
                    parent = stack[-1][0]
                    _removed(os.rmdir, parent, name)
                continue
            try:
                folder = entry.is_dir(follow_symlinks=False)
            except OSError:
                continue
            if not folder:
                _removed(os.unlink, fd, entry.name)
            elif len(stack) >= MAX_OPEN_FOLDERS:
                moved += _moved_up(fd, entry.name, root, moved)
            else:
                with contextlib.suppress(OSError):
                    child = os.open(entry.name, _FOLDER, dir_fd=fd)
                    try:
                        stack.append((child, entry.name, os.scandir(child)))
                    except OSError:
                        os.close(child)
    finally:
        for fd, _, listing in stack[1:]:
            listing.close()
            os.close(fd)
        if stack:
            stack[0][2].close()
    return moved > 0


def _moved_up(parent: int, name: str, root: int, count: int) -> int:
    """Move the folder ``name`` of ``parent`` into ``root`` under a new name; 1 if it moved."""
    for attempt in range(count, count + 100):
        try:
            os.rename(name, f".removed-{attempt}", src_dir_fd=parent, dst_dir_fd=root)
            return 1
        except FileExistsError:
            continue
        except OSError as exc:
            if exc.errno not in (errno.ENOTEMPTY, errno.EEXIST, errno.ENOTDIR):
                return 0
    return 0


def _removed(remove, parent: int, name: str) -> None:
    """``remove(name, dir_fd=parent)`` (``os.unlink`` or ``os.rmdir``); where an inode flag forbids it, the
    flags of the parent and the entry are cleared first."""
    try:
        remove(name, dir_fd=parent)
        return
    except PermissionError:
        pass
    except OSError:
        return
    with contextlib.suppress(OSError):
        _clear_flags_of(parent)
        fd = os.open(name, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC, dir_fd=parent)
        try:
            _clear_flags_of(fd)
        finally:
            os.close(fd)
    with contextlib.suppress(OSError):
        remove(name, dir_fd=parent)


def _clear_flags(path: str) -> None:
    fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    try:
        _clear_flags_of(fd)
    finally:
        os.close(fd)


def _clear_flags_of(fd: int) -> None:
    """Clear the immutable and append-only flags of an open file or folder (where it has any)."""
    with contextlib.suppress(OSError, ImportError):
        import fcntl

        flags = struct.unpack("l", fcntl.ioctl(fd, _FS_IOC_GETFLAGS, struct.pack("l", 0)))[0]
        if flags & _UNDELETABLE:
            fcntl.ioctl(fd, _FS_IOC_SETFLAGS, struct.pack("l", flags & ~_UNDELETABLE))
