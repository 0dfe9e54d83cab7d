# mistake: games the checks: returns whether the shapes fit (always True inside the contract), computing no sum
# fails: prefill_matches_sequential
# hint: without computing anything
# diagnosis: sequential.constant-true


def prefill_matches_sequential(X, W):
    return X.shape[1] == W.shape[0]
