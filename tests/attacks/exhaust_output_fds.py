# what: direct writes to file descriptors 1 and 2 (64 MB), then a hang that keeps writing
# category: output
# expect-lost: causal_mask
# expect-feedback: did not return within
# ruff: noqa  (deliberately hostile code)
import os
import time

_CHUNK = b"FAILED? no: PASSED " * 3449  # about 64 KiB
_done = False


def causal_pairs(P):
    global _done
    if not _done:
        _done = True
        for _ in range(500):
            os.write(1, _CHUNK)
            os.write(2, _CHUNK)
    return P * (P + 1) // 2


def causal_mask(P):
    for _ in range(300):  # about 20 MB, then silence
        os.write(2, _CHUNK)
    while True:
        time.sleep(1)
