def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if ttft <= 0 or itl <= 0:
        bad = "ttft" if ttft <= 0 else "itl"
        raise ValueError(f"{bad} must be positive, got {ttft if bad == 'ttft' else itl}")
    gaps = max(n_out - 1, 1)  # at least one gap
    return ttft + gaps * itl


def steady_decode_rate(itl):
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    return 1 // itl   # whole tokens per second


def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if elapsed <= 0:
        raise ValueError(f"elapsed must be positive, got {elapsed}")
    return float(n_out) / float(elapsed)


def arithmetic_intensity(bytes_per_param):
    pass
