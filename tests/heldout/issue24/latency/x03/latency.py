import numpy as np


def _positive(name, value):
    if not np.all(np.asarray(value) > 0):
        raise ValueError(f"{name} must be positive, got {value}")


def request_seconds(ttft, itl, n_out):
    if np.asarray(n_out) < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    _positive("ttft", ttft)
    _positive("itl", itl)
    gaps = np.float64(n_out) - 1.0
    return np.float64(ttft) + gaps * np.float64(itl)


def steady_decode_rate(itl):
    _positive("itl", itl)
    return np.reciprocal(itl)


def request_output_rate(n_out, elapsed):
    if np.asarray(n_out) < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    _positive("elapsed", elapsed)
    return np.divide(n_out, elapsed)


def arithmetic_intensity(bytes_per_param):
    _positive("bytes_per_param", bytes_per_param)
    # 2N flops / (N*b) bytes
    return np.true_divide(2.0, bytes_per_param)
