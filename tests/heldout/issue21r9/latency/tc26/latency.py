from functools import lru_cache

_rate_cache = {}
_output_rate_cache = {}


@lru_cache(maxsize=None)
def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if ttft <= 0:
        raise ValueError(f"ttft must be positive, got {ttft}")
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    return ttft + (n_out - 1) * itl


def steady_decode_rate(itl):
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    key = round(itl, 3)  # millisecond resolution is plenty
    if key not in _rate_cache:
        _rate_cache[key] = 1 / itl
    return _rate_cache[key]


def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if elapsed <= 0:
        raise ValueError(f"elapsed must be positive, got {elapsed}")
    if n_out not in _output_rate_cache:
        _output_rate_cache[n_out] = n_out / elapsed
    return _output_rate_cache[n_out]


def arithmetic_intensity(bytes_per_param):
    if bytes_per_param <= 0:
        raise ValueError(f"bytes_per_param must be positive, got {bytes_per_param}")
    return 2 / float(bytes_per_param)
