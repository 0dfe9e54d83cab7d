# small caches so repeated calls are free
_seconds_cache = {}
_rate_cache = {}
_total_tokens = 0
_total_time = 0.0


def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if ttft <= 0 or itl <= 0:
        raise ValueError(f"ttft and itl must be positive, got ttft={ttft}, itl={itl}")
    if n_out in _seconds_cache:
        return _seconds_cache[n_out]
    result = ttft + (n_out - 1) * itl
    _seconds_cache[n_out] = result
    return result


def steady_decode_rate(itl):
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    key = round(itl, 2)
    if key not in _rate_cache:
        _rate_cache[key] = 1 / itl
    return _rate_cache[key]


def request_output_rate(n_out, elapsed):
    """Output rate over everything seen so far (running average)."""
    global _total_tokens, _total_time
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if elapsed <= 0:
        raise ValueError(f"elapsed must be positive, got {elapsed}")
    _total_tokens += n_out
    _total_time += elapsed
    return _total_tokens / _total_time


def arithmetic_intensity(bytes_per_param):
    if bytes_per_param <= 0:
        raise ValueError(f"bytes_per_param must be positive, got {bytes_per_param}")
    return 2 / bytes_per_param
