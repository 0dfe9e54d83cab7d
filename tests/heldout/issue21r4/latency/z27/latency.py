_seconds_cache = {}
_itl_history = []


def request_seconds(ttft, itl, n_out):
    if n_out in _seconds_cache:
        return _seconds_cache[n_out]
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if ttft <= 0:
        raise ValueError(f"ttft must be positive, got {ttft}")
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    result = ttft + (n_out - 1) * itl
    _seconds_cache[n_out] = result
    return result


def steady_decode_rate(itl):
    """Gaps are only 'roughly steady', so average the ITLs seen so far."""
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    _itl_history.append(itl)
    mean_itl = sum(_itl_history) / len(_itl_history)
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
    N = 7e9  # any N cancels out
    return (2 * N) / (N * bytes_per_param)
