import numpy as np


def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if ttft <= 0:
        raise ValueError(f"ttft must be > 0, got {ttft}")
    if itl <= 0:
        raise ValueError(f"itl must be > 0, got {itl}")
    gaps = np.float64(n_out - 1)
    return np.float64(ttft) + gaps * np.float64(itl)


def steady_decode_rate(itl):
    if itl <= 0:
        raise ValueError(f"itl must be > 0, got {itl}")
    return np.float64(1.0) / itl


def request_output_rate(n_out, elapsed):
    # n_out is a count of tokens so it has to be a whole number
    if not isinstance(n_out, (int, np.integer)) or n_out < 1:
        raise TypeError(f"n_out must be a positive integer, got {n_out!r}")
    if elapsed <= 0:
        raise ValueError(f"elapsed must be > 0, got {elapsed}")
    return np.divide(n_out, elapsed)


def arithmetic_intensity(bytes_per_param):
    # bytes per parameter: 1 (int8), 2 (fp16/bf16), 4 (fp32)
    if not isinstance(bytes_per_param, (int, np.integer)) or bytes_per_param <= 0:
        raise ValueError(f"bytes_per_param must be a positive integer, got {bytes_per_param!r}")
    return 2 / bytes_per_param
