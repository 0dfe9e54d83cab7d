# mistake: returns True straight away ("prefill always matches")
# fails: prefill_matches_sequential
# expect: the result is a constant: compute both sums and compare them
# diagnosis: sequential.constant-true


def prefill_matches_sequential(X, W):
    """Prefill gives the same result as sequential processing."""
    return True
