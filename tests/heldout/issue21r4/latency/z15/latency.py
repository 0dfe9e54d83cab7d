def request_seconds(ttft, itl, n_out):
    if not isinstance(n_out, int) or n_out < 1:
        raise ValueError(f"n_out must be an integer >= 1, got {n_out!r}")
    if not isinstance(ttft, float) or ttft <= 0:
        raise ValueError(f"ttft must be a positive float, got {ttft!r}")
    if not isinstance(itl, float) or itl <= 0:
        raise ValueError(f"itl must be a positive float, got {itl!r}")
    return ttft + (n_out - 1) * itl


def steady_decode_rate(itl):
    if not isinstance(itl, float) or itl <= 0:
        raise ValueError(f"itl must be a positive float, got {itl!r}")
    return 1.0 / itl


def request_output_rate(n_out, elapsed):
    if not isinstance(n_out, int) or n_out < 1:
        raise ValueError(f"n_out must be an integer >= 1, got {n_out!r}")
    if not isinstance(elapsed, (int, float)) or elapsed <= 0:
        raise ValueError(f"elapsed must be a positive number, got {elapsed!r}")
    return n_out / elapsed


def arithmetic_intensity(bytes_per_param):
    if not isinstance(bytes_per_param, (int, float)) or bytes_per_param <= 0:
        raise ValueError(f"bytes_per_param must be a positive number, got {bytes_per_param!r}")
    return 2.0 / bytes_per_param
