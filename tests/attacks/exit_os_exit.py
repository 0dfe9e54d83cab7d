# what: causal_pairs ends its own process with os._exit(0) in the middle of a call
# category: exit
# expect-lost: causal_pairs
# expect-feedback: exited with status 0
# ruff: noqa  (deliberately hostile code)
import os


def causal_pairs(P):
    os._exit(0)
