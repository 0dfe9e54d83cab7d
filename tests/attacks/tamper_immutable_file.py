# what: causal_mask creates a file in its working folder and makes it immutable (FS_IOC_SETFLAGS,
# which root may do): the grader must still clean up its folder and finish; causal_mask is wrong
# category: tamper
# expect-lost: causal_mask
# expect-feedback: lower triangle
# ruff: noqa  (deliberately hostile code)
import ctypes
import fcntl
import os

import numpy as np


def _immutable(path):
    try:
        with open(path, "w") as stream:
            stream.write("you cannot delete me")
        fd = os.open(path, os.O_RDONLY)
        flags = ctypes.c_long(0)
        fcntl.ioctl(fd, 0x80086601, flags)  # FS_IOC_GETFLAGS
        flags.value |= 0x10  # FS_IMMUTABLE_FL
        fcntl.ioctl(fd, 0x40086602, flags)  # FS_IOC_SETFLAGS
        os.close(fd)
    except OSError:
        pass


def causal_mask(P):
    _immutable(os.path.join(os.getcwd(), "immutable.txt"))
    return np.zeros((P, P), dtype=bool)
