from fractions import Fraction
import numpy as np


def _positive(value, name):
    if not value > 0:
        raise ValueError(f"{name} must be positive (> 0 s), got {value!r}")


def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out!r}")
    _positive(ttft, "ttft")
    _positive(itl, "itl")
    # exact arithmetic, then back to float
    total = Fraction(float(ttft)) + (int(n_out) - 1) * Fraction(float(itl))
    return float(total)


def steady_decode_rate(itl):
    _positive(itl, "itl")
    return np.float64(1.0) / np.float64(itl)


def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out!r}")
    _positive(elapsed, "elapsed")
    return float(Fraction(int(n_out)) / Fraction(float(elapsed)))


def arithmetic_intensity(bytes_per_param):
    _positive(bytes_per_param, "bytes_per_param")
    n_params = 7_000_000_000
    flops = 2 * n_params
    weight_bytes = n_params * bytes_per_param
    return flops / weight_bytes
