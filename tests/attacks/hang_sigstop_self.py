# what: causal_pairs stops its own process with SIGSTOP
# category: hang
# expect-lost: causal_pairs
# expect-feedback: did not return within
# ruff: noqa  (deliberately hostile code)
import os
import signal


def causal_pairs(P):
    os.kill(os.getpid(), signal.SIGSTOP)
    return P * (P + 1) // 2
