# mistake: the loop copies each row (sequential[i] = Y[i]) instead of accumulating it
# fails: prefill_matches_sequential
# expect: the loop does not accumulate: each position must hold its row plus all earlier ones
# diagnosis: sequential.loop-not-cumulative


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.empty_like(Y)
    for i in range(Y.shape[0]):
        sequential[i] = Y[i]   # one at a time
    return bool(np.allclose(parallel, sequential))
