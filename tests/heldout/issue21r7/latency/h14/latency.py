import math


def request_seconds(ttft: float, itl: float, n_out: int) -> float:
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if ttft <= 0:
        raise ValueError(f"ttft must be positive, got {ttft}")
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    return math.fsum([ttft, (n_out - 1) * itl])


def steady_decode_rate(itl: float) -> float:
    # guard against division by zero
    return 1.0 / max(itl, 1e-9)


def request_output_rate(n_out: int, elapsed: float) -> float:
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if elapsed <= 0:
        raise ValueError(f"elapsed must be positive, got {elapsed}")
    return n_out / elapsed


def arithmetic_intensity(bytes_per_param: float) -> float:
    if bytes_per_param <= 0:
        raise ValueError(f"bytes_per_param must be positive, got {bytes_per_param}")
    bits = 8 * bytes_per_param
    return 2.0 / bits
