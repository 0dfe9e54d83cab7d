# mistake: all(parallel == sequential) on a 2-D array, whose rows are arrays with no single truth value
# fails: prefill_matches_sequential
# expect: all() on a 2-D array tests each row as a whole and fails; compare with np.allclose (floats need a tolerance too)
# diagnosis: sequential.truth-of-array


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=0)
    sequential = np.zeros_like(Y)
    running = np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        running = running + Y[i]
        sequential[i] = running
    return all(parallel == sequential)
