# right: exact comparison with np.array_equal (numpy adds the rows in the same order both ways, so the sums are equal to the bit)
import numpy as np
def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    seq = np.array([np.sum(Y[: i + 1], axis=0) for i in range(Y.shape[0])])
    return bool(np.array_equal(parallel, seq))
