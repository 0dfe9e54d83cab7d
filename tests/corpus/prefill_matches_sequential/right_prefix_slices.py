# right: each position recomputed from its prefix, Y[:i + 1].sum(axis=0), O(P²) but small


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.array([Y[: i + 1].sum(axis=0) for i in range(Y.shape[0])])
    return np.allclose(parallel, sequential)
