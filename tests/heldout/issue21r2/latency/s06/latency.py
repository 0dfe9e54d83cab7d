import numpy as np


def _check_positive(name, x):
    if np.any(np.asarray(x) <= 0):
        raise ValueError(f"{name} must be > 0, got {x}")


def request_seconds(ttft, itl, n_out):
    if np.asarray(n_out) < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    _check_positive("ttft", ttft)
    _check_positive("itl", itl)
    return np.add(ttft, np.multiply(np.subtract(n_out, 1), itl))


def steady_decode_rate(itl):
    _check_positive("itl", itl)
    return np.reciprocal(itl)


def request_output_rate(n_out, elapsed):
    if np.asarray(n_out) < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    _check_positive("elapsed", elapsed)
    return np.true_divide(n_out, elapsed)


def arithmetic_intensity(bytes_per_param):
    _check_positive("bytes_per_param", bytes_per_param)
    # half precision is enough here, the weights are 16-bit anyway
    b = np.float16(bytes_per_param)
    return np.float16(2.0) / b
