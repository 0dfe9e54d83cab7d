import numpy as np


def request_seconds(ttft, itl, n_out):
    n = np.int16(n_out)
    if n < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if ttft <= 0:
        raise ValueError(f"ttft must be positive, got {ttft}")
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    gaps = n - np.int16(1)
    return float(np.float64(ttft) + gaps * np.float64(itl))


def steady_decode_rate(itl):
    itl = np.asarray(itl, dtype=np.float64)
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    return float(1.0 / itl)


def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if elapsed <= 0:
        raise ValueError(f"elapsed must be positive, got {elapsed}")
    return np.float16(n_out) / np.float16(elapsed)


def arithmetic_intensity(bytes_per_param):
    b = np.float64(bytes_per_param)
    if b <= 0:
        raise ValueError(f"bytes_per_param must be positive, got {bytes_per_param}")
    return np.float64(2.0) / b
