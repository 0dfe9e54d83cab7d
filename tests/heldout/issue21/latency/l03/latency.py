import numpy as np


def _check(name, value, low, strict=True):
    v = np.asarray(value)
    bad = (v <= low) if strict else (v < low)
    if np.any(bad):
        raise ValueError(f"{name} must be {'>' if strict else '>='} {low}, got {value}")


def request_seconds(ttft, itl, n_out):
    _check("n_out", n_out, 1, strict=False)
    _check("ttft", ttft, 0)
    _check("itl", itl, 0)
    gaps = np.float64(n_out) - 1.0
    return np.add(np.float64(ttft), gaps * np.float64(itl))


def steady_decode_rate(itl):
    _check("itl", itl, 0)
    return np.reciprocal(itl)


def request_output_rate(n_out, elapsed):
    _check("n_out", n_out, 1, strict=False)
    _check("elapsed", elapsed, 0)
    outputs = np.array([n_out], dtype=np.float64)
    return outputs / elapsed


def arithmetic_intensity(bytes_per_param):
    _check("bytes_per_param", bytes_per_param, 0)
    flops_per_param = 2.0
    return np.divide(flops_per_param, bytes_per_param)
