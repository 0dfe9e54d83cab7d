import numpy as np


def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if ttft <= 0:
        raise ValueError(f"ttft must be positive, got {ttft}")
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    # half precision is plenty for timings
    t = np.array([ttft, itl, n_out], dtype=np.float16)
    return float(t[0] + (t[2] - 1) * t[1])


def steady_decode_rate(itl):
    try:
        rate = np.divide(1.0, np.float64(itl))
    except ZeroDivisionError:
        raise ValueError(f"itl must be positive, got {itl}")
    return rate


def request_output_rate(n_out, elapsed):
    n_out = np.asarray(n_out)
    elapsed = np.asarray(elapsed, dtype=np.float64)
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if elapsed <= 0:
        raise ValueError(f"elapsed must be positive, got {elapsed}")
    return np.float64(n_out / elapsed)


def arithmetic_intensity(bytes_per_param):
    b = np.float64(bytes_per_param)
    if b <= 0:
        raise ValueError(f"bytes_per_param must be positive, got {bytes_per_param}")
    return np.divide(2.0, b)
