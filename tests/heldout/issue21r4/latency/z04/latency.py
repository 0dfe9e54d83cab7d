import numpy as np


def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if np.less_equal(ttft, 0):
        raise ValueError(f"ttft must be > 0, got {ttft}")
    if np.less_equal(itl, 0):
        raise ValueError(f"itl must be > 0, got {itl}")
    return np.float64(ttft) + np.float64(n_out - 1) * np.float64(itl)


def steady_decode_rate(itl):
    if np.less_equal(itl, 0):
        raise ValueError(f"itl must be > 0, got {itl}")
    return np.reciprocal(itl)


def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if np.less_equal(elapsed, 0):
        raise ValueError(f"elapsed must be > 0, got {elapsed}")
    return np.divide(n_out, elapsed)


def arithmetic_intensity(bytes_per_param):
    if np.less_equal(bytes_per_param, 0):
        raise ValueError(f"bytes_per_param must be > 0, got {bytes_per_param}")
    flops_per_param = np.array([2.0])
    return flops_per_param / bytes_per_param
