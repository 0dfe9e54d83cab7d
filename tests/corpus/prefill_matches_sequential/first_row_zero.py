# mistake: starts the loop at position 1 and leaves sequential[0] at zero
# fails: prefill_matches_sequential
# expect: the first position is never filled: the running sum starts with row 0 itself
# diagnosis: sequential.first-position-skipped


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    for i in range(1, Y.shape[0]):
        sequential[i] = sequential[i - 1] + Y[i]
    return np.allclose(parallel, sequential)
