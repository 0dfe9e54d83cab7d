# mistake: np.cumsum without an axis, which flattens X @ W into one long vector
# fails: prefill_matches_sequential
# expect: np.cumsum without axis flattens the array: the running sum goes along axis 0
# diagnosis: sequential.cumsum-flattened


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y)
    sequential = np.zeros_like(Y)
    for i in range(Y.shape[0]):
        sequential[i] = Y[: i + 1].sum(axis=0)
    return np.allclose(parallel, sequential)
