# right: the product with np.einsum, the running sum with itertools.accumulate
import itertools


def prefill_matches_sequential(X, W):
    Y = np.einsum("pd,de->pe", X, W)
    parallel = np.cumsum(Y, axis=0)
    sequential = np.array(list(itertools.accumulate(Y)))
    return bool(np.allclose(parallel, sequential))
