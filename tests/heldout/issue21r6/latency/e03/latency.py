import numpy as np


def request_seconds(ttft, itl, n_out):
    # half precision is plenty for timings of a fraction of a second
    v = np.array([ttft, itl, n_out], dtype=np.float16)
    if v[2] < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if v[0] <= 0:
        raise ValueError(f"ttft must be positive, got {ttft}")
    if v[1] <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    return float(v[0] + (v[2] - 1) * v[1])


def steady_decode_rate(itl):
    itl = np.asarray(itl)
    if np.any(itl <= 0):
        raise ValueError(f"itl must be positive, got {itl}")
    return np.reciprocal(itl)


def request_output_rate(n_out, elapsed):
    n_out = np.asarray(n_out)
    elapsed = np.asarray(elapsed, dtype=np.float64)
    if np.any(n_out < 1):
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if np.any(elapsed <= 0):
        raise ValueError(f"elapsed must be positive, got {elapsed}")
    return np.divide(n_out, elapsed)


def arithmetic_intensity(bytes_per_param):
    b = np.float64(bytes_per_param)
    if b <= 0:
        raise ValueError(f"bytes_per_param must be positive, got {bytes_per_param}")
    return np.true_divide(2.0, b)
