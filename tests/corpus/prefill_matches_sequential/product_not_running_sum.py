# mistake: compares the running sum with X @ W itself, never building a running sum one position at a time
# fails: prefill_matches_sequential
# expect: the sequential side is not a running sum: each position must add its row to the sum of the earlier ones
# diagnosis: sequential.loop-not-cumulative


def prefill_matches_sequential(X, W):
    Y = X @ W
    return np.allclose(np.cumsum(Y, axis=0), Y)
