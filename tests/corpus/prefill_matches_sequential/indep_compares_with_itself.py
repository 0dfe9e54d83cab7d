# mistake: computes the parallel result twice and compares it with itself (no loop)
# fails: prefill_matches_sequential
# no-diagnosis: it computes X @ W and answers True exactly where a right one does, so no call can show the loop is missing
# xfail: no call can reveal it: the reference says True for every X and W that fit, and so does this (issue 15)
import numpy as np
def prefill_matches_sequential(X, W):
    a = np.cumsum(X @ W, axis=0)
    b = np.cumsum(X @ W, axis=0)
    return bool(np.allclose(a, b))
