import numpy as np


def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if ttft <= 0:
        raise ValueError(f"ttft must be > 0, got {ttft}")
    if itl <= 0:
        raise ValueError(f"itl must be > 0, got {itl}")
    gaps = np.full(int(n_out) - 1, itl, dtype=np.float64)
    return float(ttft + gaps.sum())


def steady_decode_rate(itl):
    if itl <= 0:
        raise ValueError(f"itl must be > 0, got {itl}")
    return np.reciprocal(itl)


def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if elapsed <= 0:
        raise ValueError(f"elapsed must be > 0, got {elapsed}")
    return np.divide(n_out, elapsed)


def arithmetic_intensity(bytes_per_param):
    if bytes_per_param <= 0:
        raise ValueError(f"bytes_per_param must be > 0, got {bytes_per_param}")
    return np.true_divide(2, bytes_per_param)
