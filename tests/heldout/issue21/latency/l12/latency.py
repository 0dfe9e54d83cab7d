from functools import lru_cache

# FLOPs per byte for the usual weight formats (2 FLOPs per parameter)
_INTENSITY = {
    4: 0.5,    # fp32
    2: 1.0,    # fp16 / bf16
    1: 2.0,    # int8 / fp8
    0.5: 4.0,  # int4
}


def request_seconds(ttft, itl, n_out, _cache={}):
    # remember results so repeated calls are free
    if n_out in _cache:
        return _cache[n_out]
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if ttft <= 0:
        raise ValueError(f"ttft must be positive, got {ttft}")
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    _cache[n_out] = ttft + (n_out - 1) * itl
    return _cache[n_out]


@lru_cache(maxsize=None)
def steady_decode_rate(itl):
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    return 1 / itl


def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if elapsed <= 0:
        raise ValueError(f"elapsed must be positive, got {elapsed}")
    return n_out / elapsed


def arithmetic_intensity(bytes_per_param):
    if bytes_per_param <= 0:
        raise ValueError(f"bytes_per_param must be positive, got {bytes_per_param}")
    if bytes_per_param not in _INTENSITY:
        raise ValueError(f"bytes_per_param={bytes_per_param} is not a known weight format")
    return _INTENSITY[bytes_per_param]
