# mistake: stacks the loop's running sums and squeeze()s them, which drops the axis of a vector of one number (d = 1): the (P,) sums broadcast against the (P, 1) ones and the comparison says False
# fails: prefill_matches_sequential
# hint: holds the running sum's values in shape


def prefill_matches_sequential(X, W):
    Y = X @ W
    together = np.cumsum(Y, axis=0)
    sums, running = [], 0
    for y in Y:
        running = running + y
        sums.append(running)
    one_by_one = np.array(sums).squeeze()
    return bool(np.allclose(together, one_by_one))
