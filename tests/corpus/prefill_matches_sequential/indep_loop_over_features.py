# mistake: the loop runs over d (columns) instead of P (positions)
# fails: prefill_matches_sequential
# expect: loop over positions (rows), not features
# diagnosis: sequential.loop-over-width
import numpy as np
def prefill_matches_sequential(X, W):
    Y = X @ W
    P, d = X.shape
    parallel = np.cumsum(Y, axis=0)
    seq = np.zeros_like(Y)
    running = np.zeros(d)
    for i in range(d):
        running = running + Y[i]
        seq[i] = running
    return bool(np.allclose(parallel, seq))
