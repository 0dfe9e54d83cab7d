import numpy as np


def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError("n_out must be >= 1")
    if ttft <= 0 or itl <= 0:
        raise ValueError("ttft and itl must be > 0")
    # timeline of output arrival times: first at ttft, then one gap per token
    gaps = np.zeros(n_out, dtype=int)
    gaps[1:] = itl
    arrivals = ttft + np.cumsum(gaps)
    return float(arrivals[-1])


def steady_decode_rate(itl):
    itl = np.asarray(itl)
    if np.any(itl <= 0):
        raise ValueError("itl must be > 0")
    return float(np.float16(1.0) / itl.astype(np.float16))


def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError("n_out must be >= 1")
    if elapsed <= 0:
        raise ValueError("elapsed must be > 0")
    return float(np.divide(n_out, elapsed))


def arithmetic_intensity(bytes_per_param):
    if bytes_per_param <= 0:
        raise ValueError("bytes_per_param must be > 0")
    N = 1_000_000  # any N cancels out
    flops = 2 * N
    weight_bytes = N * bytes_per_param
    return flops / weight_bytes
