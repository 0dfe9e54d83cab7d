# mistake: returned the element-wise comparison (an array) instead of one True or False
# fails: prefill_matches_sequential
# diagnosis: sequential.returned-array


def prefill_matches_sequential(X, W):
    """Compute a causal running sum of X @ W all at once and one position at a time; True if they agree."""
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.empty_like(Y)
    running = np.zeros(Y.shape[1], dtype=Y.dtype)
    for i in range(Y.shape[0]):
        running = running + Y[i]
        sequential[i] = running
    return np.isclose(parallel, sequential)
