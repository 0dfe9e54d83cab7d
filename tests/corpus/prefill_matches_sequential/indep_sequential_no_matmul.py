# mistake: the sequential loop sums X itself, not X @ W
# fails: prefill_matches_sequential
# expect: both ways must compute the running sum of X @ W
# diagnosis: sequential.without-product
import numpy as np
def prefill_matches_sequential(X, W):
    parallel = np.cumsum(X @ W, axis=0)
    seq = np.zeros_like(X, dtype=float)
    running = np.zeros(X.shape[1])
    for i in range(X.shape[0]):
        running = running + X[i]
        seq[i] = running
    return bool(np.allclose(parallel, seq))
