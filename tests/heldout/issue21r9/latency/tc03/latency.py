import numpy as np


def request_seconds(ttft, itl, n_out):
    ttft = np.float64(ttft)
    itl = np.float64(itl)
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if ttft <= 0:
        raise ValueError(f"ttft must be > 0 s, got {ttft}")
    if itl <= 0:
        raise ValueError(f"itl must be > 0 s, got {itl}")
    return ttft + np.float64(n_out - 1) * itl


def steady_decode_rate(itl):
    if np.less_equal(itl, 0):
        raise ValueError(f"itl must be > 0 s, got {itl}")
    return np.reciprocal(itl)


def request_output_rate(n_out, elapsed):
    if np.less(n_out, 1):
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if np.less_equal(elapsed, 0):
        raise ValueError(f"elapsed must be > 0 s, got {elapsed}")
    return np.divide(n_out, elapsed)


def arithmetic_intensity(bytes_per_param):
    # bytes are a size, take the magnitude
    b = np.abs(np.float64(bytes_per_param))
    if b == 0:
        raise ValueError("bytes_per_param must be non-zero")
    return np.float64(2.0) / b
