# mistake: checks the ITL only when there are gaps to add (n_out > 1): a one-output request with an ITL of zero or less is answered instead of refused
# fails: request_seconds


def request_seconds(ttft, itl, n_out):
    """T_request ≈ TTFT + (n_out − 1) · ITL: the first token after TTFT, then n_out − 1 gaps of ITL."""
    if not n_out >= 1:
        raise ValueError(f"n_out must be at least 1 (the request emits at least one token), got {n_out}")
    if not ttft > 0:
        raise ValueError(f"ttft must be a positive number of seconds, got {ttft}")
    if n_out > 1 and not itl > 0:
        raise ValueError(f"itl must be a positive number of seconds, got {itl}")
    return ttft + (n_out - 1) * itl
