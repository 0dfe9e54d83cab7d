# results are cached so repeated requests are cheap
_request_cache = {}
_gaps_seen = []


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
    # gaps are "roughly steady": average the ones we've seen
    _gaps_seen.append(itl)
    mean_gap = sum(_gaps_seen) / len(_gaps_seen)
    return 1 / mean_gap


def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if elapsed <= 0:
        raise ValueError(f"elapsed must be positive, got {elapsed}")
    return n_out / elapsed


def arithmetic_intensity(bytes_per_param):
    pass
