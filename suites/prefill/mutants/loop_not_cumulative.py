# mistake: the loop keeps each row instead of a running sum
# fails: prefill_matches_sequential
# diagnosis: sequential.loop-not-cumulative


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    for i in range(Y.shape[0]):
        sequential[i] = Y[i]
    return bool(np.allclose(parallel, sequential))
