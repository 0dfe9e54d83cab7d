# what: causal_mask (wrong) replaces every other function of its module with one that kills the
# worker: the sabotage goes off in the next call, which belongs to another, correct, task
# category: monkeypatch
# expect-lost: causal_mask
# expect-feedback: lower triangle
# ruff: noqa  (deliberately hostile code)
import os
import sys

import numpy as np


def _die(*args, **kwargs):
    os._exit(3)


def causal_mask(P):
    module = sys.modules[__name__]
    for name in ("prefill_flops", "prefill_seconds", "causal_pairs", "prefill_matches_sequential"):
        setattr(module, name, _die)
    return np.zeros((P, P), dtype=bool)
