# mistake: compares only the final running sum with the last row of np.cumsum
# fails: prefill_matches_sequential
# expect: every position must agree, not only the last one: compare the whole running sums
# no-diagnosis: its answer is True like a right function's; the observation shows it: with np.cumsum's first row changed, it still says True


def prefill_matches_sequential(X, W):
    Y = X @ W
    total = np.zeros(Y.shape[1])
    for row in Y:
        total = total + row
    return bool(np.allclose(np.cumsum(Y, axis=0)[-1], total))
