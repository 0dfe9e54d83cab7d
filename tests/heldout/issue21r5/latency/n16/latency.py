_itl_seen = []
_intensity = {}


def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if ttft <= 0:
        raise ValueError(f"ttft must be positive, got {ttft}")
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    return ttft + (n_out - 1) * itl


def steady_decode_rate(itl):
    """Steady rate: average over the gaps seen so far, so one noisy gap doesn't dominate."""
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    _itl_seen.append(itl)
    mean_itl = sum(_itl_seen) / len(_itl_seen)
    return 1 / mean_itl


def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if elapsed <= 0:
        raise ValueError(f"elapsed must be positive, got {elapsed}")
    return n_out / elapsed


def arithmetic_intensity(bytes_per_param):
    if bytes_per_param <= 0:
        raise ValueError(f"bytes_per_param must be positive, got {bytes_per_param}")
    key = int(bytes_per_param * 10)
    if key not in _intensity:
        _intensity[key] = 2 / bytes_per_param
    return _intensity[key]
