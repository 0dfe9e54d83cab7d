# what: the worker aborts (SIGABRT) in causal_pairs and SIGKILLs itself in causal_mask
# category: crash
# expect-lost: causal_pairs, causal_mask
# expect-feedback: causal_pairs: abort
# expect-feedback: causal_mask: killed
# ruff: noqa  (deliberately hostile code)
import os
import signal


def causal_pairs(P):
    os.abort()


def causal_mask(P):
    os.kill(os.getpid(), signal.SIGKILL)
