import numpy as np


def _check_time(name, value):
    if value <= 0:
        raise ValueError(f"{name} must be > 0 seconds, got {value}")


def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    _check_time("ttft", ttft)
    _check_time("itl", itl)
    t = np.array([ttft, itl], dtype=np.float16)   # half precision is plenty for timings
    return t[0] + (n_out - 1) * t[1]


def steady_decode_rate(itl):
    _check_time("itl", itl)
    return float(np.float64(1.0) / np.float64(itl))


def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    _check_time("elapsed", elapsed)
    return np.array([n_out]) / np.array([elapsed])


def arithmetic_intensity(bytes_per_param):
    if bytes_per_param <= 0:
        raise ValueError(f"bytes_per_param must be positive, got {bytes_per_param}")
    return np.float64(2) / bytes_per_param
