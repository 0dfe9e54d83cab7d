import numpy as np


def _check(name, value, *, at_least_one=False):
    value = np.asarray(value, dtype=np.float64)
    if at_least_one:
        if value < 1:
            raise ValueError(f"{name} must be at least 1, got {value}")
    elif value <= 0:
        raise ValueError(f"{name} must be positive, got {value}")
    return value


def request_seconds(ttft, itl, n_out):
    n = _check("n_out", n_out, at_least_one=True)
    t0 = _check("ttft", ttft)
    dt = _check("itl", itl)
    return (t0 + (n - 1.0) * dt).item()


def steady_decode_rate(itl):
    dt = _check("itl", itl)
    return np.float64(1.0) / dt


def request_output_rate(n_out, elapsed):
    n = _check("n_out", n_out, at_least_one=True)
    t = _check("elapsed", elapsed)
    return (n / t).item()


def arithmetic_intensity(bytes_per_param):
    b = _check("bytes_per_param", bytes_per_param)
    return float(np.float64(2.0) / b)
