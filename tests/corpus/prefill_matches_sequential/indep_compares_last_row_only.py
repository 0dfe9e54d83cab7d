# mistake: compares only the final totals (sum) with the last row of the cumsum
# fails: prefill_matches_sequential
# no-diagnosis: for any X and W the totals agree, so behaviour cannot show that the other positions are never compared
# xfail: no call can reveal it: the reference says True for every X and W that fit, and so does this (issue 15)
import numpy as np
def prefill_matches_sequential(X, W):
    Y = X @ W
    total = np.zeros(Y.shape[1])
    for row in Y:
        total += row
    return bool(np.allclose(np.cumsum(Y, axis=0)[-1], total))
