import numpy as np


def request_seconds(ttft, itl, n_out):
    ttft = np.float64(ttft)
    itl = np.float64(itl)
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if ttft <= 0:
        raise ValueError(f"ttft must be positive, got {ttft}")
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    return ttft + np.float64(n_out - 1) * itl


def steady_decode_rate(itl):
    # numpy gives inf instead of crashing on a zero gap
    with np.errstate(divide="ignore"):
        return float(np.divide(1.0, itl))


def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if elapsed < 0:
        raise ValueError(f"elapsed must not be negative, got {elapsed}")
    with np.errstate(divide="ignore"):
        return float(np.true_divide(n_out, elapsed))


def arithmetic_intensity(bytes_per_param):
    if bytes_per_param < 0:
        raise ValueError(f"bytes_per_param must not be negative, got {bytes_per_param}")
    return 2 / bytes_per_param
