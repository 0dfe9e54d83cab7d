# right: the parallel sum as the causal mask times X @ W (every position sums the rows up to it at once)


def prefill_matches_sequential(X, W):
    Y = X @ W
    P = Y.shape[0]
    parallel = np.tril(np.ones((P, P))) @ Y
    sequential = np.empty_like(Y)
    acc = np.zeros(Y.shape[1])
    for i in range(P):
        acc = acc + Y[i]
        sequential[i] = acc
    return bool(np.allclose(parallel, sequential))
