# what: prefill_flops leaves a non-daemon thread, a child in the worker's process group and a
# setsid'd double-forked daemon (all sleeping a minute, named @@MARKER@@), then answers right
# category: leftover
# expect-lost: none
# ruff: noqa  (deliberately hostile code)
import ctypes
import os
import threading
import time

_done = False


def _name():
    ctypes.CDLL(None).prctl(15, b"@@MARKER@@", 0, 0, 0)  # PR_SET_NAME


def prefill_flops(N, P):
    global _done
    if not _done:
        _done = True
        threading.Thread(target=time.sleep, args=(3600,)).start()  # would block a normal interpreter exit
        if os.fork() == 0:
            _name()
            time.sleep(60)
            os._exit(0)
        pid = os.fork()
        if pid == 0:
            os.setsid()
            if os.fork() == 0:
                _name()
                time.sleep(60)
            os._exit(0)
        os.waitpid(pid, 0)
    return 2 * N * P
