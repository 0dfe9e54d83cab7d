# mistake: games the checks: computes the running sum all at once and never compares it with anything
# fails: prefill_matches_sequential
# hint: its answer stayed True


def prefill_matches_sequential(X, W):
    parallel = np.cumsum(X @ W, axis=0)
    return parallel.shape == (X @ W).shape
