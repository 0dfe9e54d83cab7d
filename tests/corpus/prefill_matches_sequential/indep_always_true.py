# mistake: returns True without computing anything
# fails: prefill_matches_sequential
# expect: says True whatever it is given, without computing
# diagnosis: sequential.constant-true
def prefill_matches_sequential(X, W):
    return True
