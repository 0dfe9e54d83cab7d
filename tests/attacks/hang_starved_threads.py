# what: causal_mask starts a thread that holds the GIL in one long C call (sum over a range),
# starving the thread that would send the reply
# category: hang
# expect-lost: causal_mask
# expect-feedback: did not return within
# ruff: noqa  (deliberately hostile code)
import threading

import numpy as np


def _hog():
    sum(range(10**12))  # C code all the way: never gives the GIL back


def causal_mask(P):
    threading.Thread(target=_hog, daemon=True).start()
    return np.tril(np.ones((P, P), dtype=bool))
