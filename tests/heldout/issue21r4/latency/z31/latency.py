def request_seconds(ttft, itl, n_out):
    if not n_out:
        raise ValueError("n_out must be at least 1, got 0")
    if not ttft:
        raise ValueError("ttft must be positive")
    if not itl:
        raise ValueError("itl must be positive")
    return ttft + (n_out - 1) * itl


def steady_decode_rate(itl):
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    return 1 / itl


def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if elapsed <= 0:
        raise ValueError(f"elapsed must be positive, got {elapsed}")
    return n_out / elapsed


def arithmetic_intensity(bytes_per_param):
    pass
