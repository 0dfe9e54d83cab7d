# what: prefill_flops grows a binary tree of forks (254 processes, each sleeping a minute,
# named @@MARKER@@) and returns the right value: nothing of it may outlive the grade
# category: processes
# expect-lost: none
# ruff: noqa  (deliberately hostile code)
import ctypes
import os
import time

_started = False


def _bomb(depth):
    for _ in range(2):
        try:
            pid = os.fork()
        except OSError:
            return
        if pid == 0:
            ctypes.CDLL(None).prctl(15, b"@@MARKER@@", 0, 0, 0)  # PR_SET_NAME
            if depth < 6:
                _bomb(depth + 1)
            time.sleep(60)
            os._exit(0)


def prefill_flops(N, P):
    global _started
    if not _started:
        _started = True
        _bomb(0)
    return 2 * N * P
