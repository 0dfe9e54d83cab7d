# right: np.add.accumulate for the parallel sum, a loop for the sequential one


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.add.accumulate(Y, axis=0)
    sequential = np.zeros_like(Y)
    total = np.zeros(Y.shape[1])
    for p in range(Y.shape[0]):
        total = total + Y[p]
        sequential[p] = total
    return np.allclose(parallel, sequential)
