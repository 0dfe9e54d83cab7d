# mistake: exact comparison with np.array_equal; np.sum over axis 0 adds in the same order as np.cumsum only where d > 1: a (k, 1) column is contiguous and summed pairwise (issue 21's eighth held-out round, j13, showed this entry's old label 'right' wrong)
# fails: prefill_matches_sequential
# diagnosis: sequential.exact-equality
# expect: floats must be compared with a tolerance (np.allclose): numpy's sum adds a long column pairwise, in another order than a running sum
import numpy as np
def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    seq = np.array([np.sum(Y[: i + 1], axis=0) for i in range(Y.shape[0])])
    return bool(np.array_equal(parallel, seq))
