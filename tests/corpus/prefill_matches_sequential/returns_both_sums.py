# mistake: returns the two sums (to look at them) instead of whether they agree
# fails: prefill_matches_sequential
# expect: the function returns the arrays, not True or False: compare them with np.allclose
# diagnosis: sequential.returned-sums


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    for i in range(Y.shape[0]):
        sequential[i] = Y[: i + 1].sum(axis=0)
    return parallel, sequential
