def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if ttft <= 0:
        raise ValueError(f"ttft must be > 0, got {ttft}")
    if itl <= 0:
        raise ValueError(f"itl must be > 0, got {itl}")
    first_token = itl
    gap = ttft
    return first_token + (n_out - 1) * gap


def steady_decode_rate(itl):
    if itl <= 0:
        raise ValueError(f"itl must be > 0, got {itl}")
    return 1 / itl


def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if elapsed <= 0:
        raise ValueError(f"elapsed must be > 0, got {elapsed}")
    return n_out / elapsed


def arithmetic_intensity(bytes_per_param):
    if bytes_per_param <= 0:
        raise ValueError(f"bytes_per_param must be > 0, got {bytes_per_param}")
    return 2 / bytes_per_param
