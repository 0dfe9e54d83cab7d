# mistake: compares the running sum with X @ W itself, never building a running sum one position at a time
# fails: prefill_matches_sequential
# expect: the sequential side is not a running sum: each position must add its row to the sum of the earlier ones
# no-diagnosis: there is no loop to blame; one bool says nothing of which sum is wrong, and the feedback shows what it held: X @ W unsummed (issue 21)


def prefill_matches_sequential(X, W):
    Y = X @ W
    return np.allclose(np.cumsum(Y, axis=0), Y)
