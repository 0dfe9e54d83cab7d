import numpy as np


def _check_positive(name, value):
    if np.any(np.asarray(value) <= 0):
        raise ValueError(f"{name} must be positive, got {value}")


def request_seconds(ttft, itl, n_out):
    _check_positive("ttft", ttft)
    _check_positive("itl", itl)
    if np.asarray(n_out) < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    return float(np.add(ttft, np.multiply(n_out - 1, itl)))


def steady_decode_rate(itl):
    _check_positive("itl", itl)
    return np.reciprocal(itl)


def request_output_rate(n_out, elapsed):
    pass


def arithmetic_intensity(bytes_per_param):
    _check_positive("bytes_per_param", bytes_per_param)
    return float(np.divide(2.0, bytes_per_param))
