# right: returns an int (FLOPs are a count)
def prefill_flops(N: int, P: int) -> int:
    """2 * N * P as a whole number of FLOPs."""
    return int(2 * N * P)
