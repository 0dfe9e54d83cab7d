"""E1.2 latency -- numpy scalars throughout."""
import numpy as np


def _check(name: str, value, *, at_least_one: bool = False) -> None:
    if at_least_one:
        if not (value >= 1):
            raise ValueError(f"{name} must be at least 1, got {value}")
    elif not (value > 0):
        raise ValueError(f"{name} must be > 0, got {value}")


def request_seconds(ttft, itl, n_out):
    _check("n_out", n_out, at_least_one=True)
    _check("ttft", ttft)
    _check("itl", itl)
    return np.float64(ttft) + np.float64(n_out - 1) * np.float64(itl)


def steady_decode_rate(itl):
    _check("itl", itl)
    return np.float64(1.0) / np.float64(itl)


def request_output_rate(n_out, elapsed):
    _check("n_out", n_out, at_least_one=True)
    _check("elapsed", elapsed)
    return np.true_divide(np.float64(n_out), np.float64(elapsed))


def arithmetic_intensity(bytes_per_param):
    _check("bytes_per_param", bytes_per_param)
    return np.divide(2.0, np.float64(bytes_per_param))
