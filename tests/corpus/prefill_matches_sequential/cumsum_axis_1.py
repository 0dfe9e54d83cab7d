# mistake: np.cumsum(..., axis=1), a running sum across the features of each position
# fails: prefill_matches_sequential
# expect: the running sum goes across the features (axis=1) instead of down the positions (axis=0)
# diagnosis: sequential.cumsum-wrong-axis


def prefill_matches_sequential(X, W):
    Y = X @ W
    parallel = np.cumsum(Y, axis=1)
    seq = []
    total = np.zeros(Y.shape[1])
    for row in Y:
        total = total + row
        seq.append(total)
    return np.allclose(parallel, np.array(seq))
