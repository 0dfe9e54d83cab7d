import math


def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if ttft <= 0:
        raise ValueError(f"ttft must be positive, got {ttft}")
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    return math.fsum((ttft, (n_out - 1) * itl))


def steady_decode_rate(itl):
    try:
        return 1 / itl
    except ZeroDivisionError:
        return math.inf


def request_output_rate(n_out, elapsed):
    n_out = max(n_out, 1)
    elapsed = max(elapsed, 1e-3)  # avoid division by ~0
    return n_out / elapsed


def arithmetic_intensity(bytes_per_param):
    if bytes_per_param <= 0:
        return 0.0
    return 2 / bytes_per_param
