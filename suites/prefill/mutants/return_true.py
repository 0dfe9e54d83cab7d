# mistake: returns True without computing anything
# fails: prefill_matches_sequential
# diagnosis: sequential.constant-true


def prefill_matches_sequential(X, W):
    return True
