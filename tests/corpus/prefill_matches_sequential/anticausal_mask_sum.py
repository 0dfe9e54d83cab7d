# mistake: the parallel sum multiplies by np.triu(ones), which sums the later positions instead of the earlier ones
# fails: prefill_matches_sequential
# expect: the upper triangle sums the future positions: the causal running sum is the lower triangle (np.tril) times X @ W
# diagnosis: sequential.anticausal


def prefill_matches_sequential(X, W):
    Y = X @ W
    P = Y.shape[0]
    parallel = np.triu(np.ones((P, P))) @ Y
    sequential = np.zeros_like(Y)
    s = np.zeros(Y.shape[1])
    for i in range(P):
        s = s + Y[i]
        sequential[i] = s
    return np.allclose(parallel, sequential)
