# mistake: compares the two sums by their error relative to the sum, which is 0 / 0 (NaN) wherever the running sum is exactly 0, so it says False there
# fails: prefill_matches_sequential
# hint: is NaN in cells where the running sum is 0


def prefill_matches_sequential(X, W):
    Y = X @ W
    together = np.cumsum(Y, axis=0)
    one_by_one = np.zeros_like(Y)
    running = np.zeros(Y.shape[1])
    for i in range(Y.shape[0]):
        running = running + Y[i]
        one_by_one[i] = running
    with np.errstate(invalid="ignore", divide="ignore"):
        relative = np.abs(together - one_by_one) / np.abs(together)
    return bool(np.all(relative < 1e-9))
