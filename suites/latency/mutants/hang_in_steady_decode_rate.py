# mistake: counted up to the rate in a loop that never ends
# fails: steady_decode_rate
# hint: did not return within

def request_seconds(ttft, itl, n_out):
    """T_request ≈ TTFT + (n_out − 1) · ITL: the first token after TTFT, then n_out − 1 gaps of ITL."""
    if not n_out >= 1:
        raise ValueError(f"n_out must be at least 1 (the request emits at least one token), got {n_out}")
    if not ttft > 0:  # also refuses NaN
        raise ValueError(f"ttft must be a positive number of seconds, got {ttft}")
    if not itl > 0:
        raise ValueError(f"itl must be a positive number of seconds, got {itl}")
    return ttft + (n_out - 1) * itl


def steady_decode_rate(itl):
    rate = 0
    while rate * itl != 1:  # counts up to 1/ITL, which 0.05 never quite reaches in floating point
        rate += 1
    return rate


def request_output_rate(n_out, elapsed):
    """Tokens per second over the whole request: n_out / elapsed (TTFT included)."""
    if not n_out >= 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if not elapsed > 0:
        raise ValueError(f"elapsed must be a positive number of seconds, got {elapsed}")
    return n_out / elapsed


def arithmetic_intensity(bytes_per_param):
    """FLOPs per byte of a single-sequence dense weight scan: 2N FLOPs / (N · b) bytes = 2 / b."""
    if not bytes_per_param > 0:
        raise ValueError(f"bytes_per_param must be positive, got {bytes_per_param}")
    return 2 / bytes_per_param
