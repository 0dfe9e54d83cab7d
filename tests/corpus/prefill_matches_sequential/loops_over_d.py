# mistake: the loop runs over range(d), the width of the vectors, instead of the P positions
# fails: prefill_matches_sequential
# expect: the loop runs over the d features instead of the P positions: range(X.shape[0])
# diagnosis: sequential.loop-over-width


def prefill_matches_sequential(X, W):
    P, d = X.shape
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros((P, d))
    s = np.zeros(d)
    for i in range(d):
        s += Y[i]
        sequential[i] = s
    return bool(np.allclose(parallel, sequential))
