# what: causal_mask is right but slow: every call takes 85 % of the per-call limit, so its
# checks alone use up the submission's total time; the other functions are right and fast
# category: hang
# manifest: call_seconds = 1
# manifest: submission_seconds = 4
# expect-lost: causal_mask
# expect-feedback: share
# ruff: noqa  (deliberately hostile code)
import time

import numpy as np


def causal_mask(P):
    time.sleep(0.85)
    return np.tril(np.ones((P, P), dtype=bool))
