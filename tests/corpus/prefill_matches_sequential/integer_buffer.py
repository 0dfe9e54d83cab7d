# mistake: the sequential buffer is np.zeros(..., dtype=int), so every running sum is truncated to an integer
# fails: prefill_matches_sequential
# expect: the buffer is an int array: storing floats into it truncates them; use the dtype of X @ W
# diagnosis: sequential.integer-buffer


def prefill_matches_sequential(X, W):
    Y = X @ W
    P, d = Y.shape
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros((P, d), dtype=int)
    running = np.zeros(d)
    for i in range(P):
        running = running + Y[i]
        sequential[i] = running
    return np.allclose(parallel, sequential)
