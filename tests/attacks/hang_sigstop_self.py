# what: causal_pairs stops its own process with SIGSTOP at every call: the trusted side continues what of the
# worker's tree is stopped while a reply is late (issue 25's fifth battery, 6a), half a second each time, so the
# calls add up past the task's share of the time limit and the count loses its points as a slow one would
# category: hang
# expect-lost: causal_pairs
# expect-feedback: time limit
# ruff: noqa  (deliberately hostile code)
import os
import signal


def causal_pairs(P):
    os.kill(os.getpid(), signal.SIGSTOP)
    return P * (P + 1) // 2
