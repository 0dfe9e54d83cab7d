# mistake: np.cumsum without axis (flattens the matrix)
# fails: prefill_matches_sequential
# diagnosis: sequential.cumsum-flattened


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y)
    sequential = np.zeros_like(Y)
    running = np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        running = running + Y[i]
        sequential[i] = running
    return bool(np.allclose(parallel, sequential))
