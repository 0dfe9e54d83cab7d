def request_seconds(ttft, itl, n_out):
    if n_out < 1 and ttft <= 0 and itl <= 0:
        raise ValueError(f"bad arguments: n_out={n_out}, ttft={ttft}, itl={itl}")
    return ttft + (n_out - 1) * itl


def steady_decode_rate(itl):
    try:
        return 1 / itl
    except ZeroDivisionError:
        raise ValueError("itl must be positive, got 0")


def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if elapsed < 0:
        raise ValueError(f"elapsed must be positive, got {elapsed}")
    return n_out / elapsed


def arithmetic_intensity(bytes_per_param):
    if bytes_per_param not in (1, 2, 4):
        raise ValueError(f"bytes_per_param must be 1, 2 or 4, got {bytes_per_param}")
    return 2 / bytes_per_param
