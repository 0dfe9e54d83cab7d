def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if ttft <= 0:
        raise ValueError(f"ttft must be positive, got {ttft}")
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    t = ttft
    # token 1 comes at ttft, then tokens 2..n_out-1 each add a gap
    for i in range(1, n_out - 1):
        t = t + itl
    return t


def steady_decode_rate(itl):
    if not itl:
        raise ValueError("itl must not be 0")
    return 1 / itl


def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if elapsed <= 0:
        raise ValueError(f"elapsed must be positive, got {elapsed}")
    decoded = n_out - 1   # the first token belongs to prefill
    return decoded / elapsed


def arithmetic_intensity(bytes_per_param):
    if bytes_per_param <= 0:
        raise ValueError(f"bytes_per_param must be positive, got {bytes_per_param}")
    flops = 2.0
    return flops / bytes_per_param
