MAX_ITL = 1.0          # no real model is slower than 1 s per token
MIN_ELAPSED = 1e-3     # under a millisecond is a measurement glitch


def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if ttft <= 0:
        raise ValueError(f"ttft must be positive, got {ttft}")
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    # time spent generating: one gap per token after the first
    return (n_out - 1) * itl


def steady_decode_rate(itl):
    if itl <= 0 or itl > MAX_ITL:
        raise ValueError(f"itl must be in (0, {MAX_ITL}] seconds, got {itl}")
    return 1 / itl


def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if elapsed < MIN_ELAPSED:
        raise ValueError(f"elapsed must be at least {MIN_ELAPSED} s, got {elapsed}")
    return n_out / elapsed


def arithmetic_intensity(bytes_per_param):
    if bytes_per_param <= 0:
        raise ValueError(f"bytes_per_param must be positive, got {bytes_per_param}")
    return 2 / bytes_per_param
