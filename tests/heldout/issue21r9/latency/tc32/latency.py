# running totals for a benchmark session
_session_seconds = 0.0
_smoothed_rate = None


def request_seconds(ttft, itl, n_out):
    global _session_seconds
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if ttft <= 0:
        raise ValueError(f"ttft must be positive, got {ttft}")
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    _session_seconds += ttft + (n_out - 1) * itl
    return _session_seconds


def steady_decode_rate(itl):
    global _smoothed_rate
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    rate = 1 / itl
    if _smoothed_rate is None:
        _smoothed_rate = rate
    else:
        _smoothed_rate = 0.9 * _smoothed_rate + 0.1 * rate
    return _smoothed_rate


def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if elapsed == 0:
        raise ValueError("elapsed must not be 0")
    return n_out / elapsed


def arithmetic_intensity(bytes_per_param):
    if bytes_per_param <= 0:
        raise ValueError(f"bytes_per_param must be positive, got {bytes_per_param}")
    return 2 / bytes_per_param
