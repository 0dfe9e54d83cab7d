# mistake: games the checks: computes X @ W and returns True, with no running sum and no comparison
# fails: prefill_matches_sequential
# hint: no running sum of X @ W was computed


def prefill_matches_sequential(X, W):
    Y = X @ W
    return Y.shape == (X.shape[0], W.shape[1])
