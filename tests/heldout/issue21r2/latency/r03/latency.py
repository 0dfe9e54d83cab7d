import numpy as np


def _check(name, value, low=0.0, inclusive=False):
    value = np.asarray(value)
    bad = value < low if inclusive else value <= low
    if np.any(bad):
        raise ValueError(f"{name} must be {'at least' if inclusive else 'greater than'} {low}, got {value}")


def request_seconds(ttft, itl, n_out):
    _check("n_out", n_out, low=1, inclusive=True)
    _check("ttft", ttft)
    _check("itl", itl)
    return np.float64(ttft) + np.float64(itl) * (np.float64(n_out) - 1.0)


def steady_decode_rate(itl):
    _check("itl", itl)
    return np.reciprocal(itl)


def request_output_rate(n_out, elapsed):
    _check("n_out", n_out, low=1, inclusive=True)
    _check("elapsed", elapsed)
    return np.true_divide(n_out, elapsed)


def arithmetic_intensity(bytes_per_param):
    _check("bytes_per_param", bytes_per_param)
    flops_per_param = np.float64(2.0)  # one multiply + one add
    return flops_per_param / bytes_per_param
