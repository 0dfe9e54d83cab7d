# mistake: recomputes each position as Y[:i].sum(axis=0), a slice that stops before row i
# fails: prefill_matches_sequential
# expect: the slice Y[:i] leaves out the current position: Y[:i + 1]
# diagnosis: sequential.excludes-current


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.array([Y[:i].sum(axis=0) for i in range(Y.shape[0])])
    return np.allclose(parallel, sequential)
