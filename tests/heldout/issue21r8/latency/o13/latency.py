# keep some history so repeated requests are cheaper to compute / smoother

_request_cache = {}
_itl_history = []
_tokens_seen = 0
_time_seen = 0.0


def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if ttft <= 0:
        raise ValueError(f"ttft must be positive, got {ttft}")
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    key = (ttft, n_out)
    if key not in _request_cache:
        _request_cache[key] = ttft + (n_out - 1) * itl
    return _request_cache[key]


def steady_decode_rate(itl):
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    # average ITL over everything seen so far is steadier
    _itl_history.append(itl)
    mean_itl = sum(_itl_history) / len(_itl_history)
    return 1 / mean_itl


def request_output_rate(n_out, elapsed):
    global _tokens_seen, _time_seen
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if elapsed <= 0:
        raise ValueError(f"elapsed must be positive, got {elapsed}")
    _tokens_seen += n_out
    _time_seen += elapsed
    return _tokens_seen / _time_seen


def arithmetic_intensity(bytes_per_param):
    if bytes_per_param <= 0:
        raise ValueError(f"bytes_per_param must be positive, got {bytes_per_param}")
    return 2 / bytes_per_param
