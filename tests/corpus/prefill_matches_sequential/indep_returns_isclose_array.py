# mistake: returns np.isclose(...) (an array) instead of one truth value
# fails: prefill_matches_sequential
# expect: an array of booleans, not one bool (use all/allclose)
# diagnosis: sequential.returned-array
import numpy as np
def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    seq = np.zeros_like(Y)
    for i in range(len(Y)):
        seq[i] = Y[: i + 1].sum(axis=0)
    return np.isclose(parallel, seq)
