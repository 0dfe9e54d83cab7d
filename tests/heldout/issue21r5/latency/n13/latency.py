import math


def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if not ttft > 0:
        raise ValueError(f"ttft must be positive, got {ttft}")
    if not itl > 0:
        raise ValueError(f"itl must be positive, got {itl}")
    return math.fsum([ttft, (n_out - 1) * itl])


def steady_decode_rate(itl):
    # anything under a millisecond per token is not a realistic ITL
    if itl < 1e-3:
        raise ValueError(f"itl must be at least 1 ms, got {itl}")
    return 1.0 / itl


def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if not elapsed > 0:
        raise ValueError(f"elapsed must be positive, got {elapsed}")
    return math.fsum([n_out]) / elapsed


def arithmetic_intensity(bytes_per_param):
    if not bytes_per_param > 0:
        raise ValueError(f"bytes_per_param must be positive, got {bytes_per_param}")
    # FLOPs per byte: one FLOP for every parameter read
    return 1 / bytes_per_param
