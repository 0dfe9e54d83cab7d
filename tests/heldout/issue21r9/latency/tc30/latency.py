def request_seconds(ttft, itl, n_out):
    total = ttft + (n_out - 1) * itl
    if total <= 0:
        raise ValueError(f"request time must be positive: ttft={ttft}, itl={itl}, n_out={n_out}")
    return total


def steady_decode_rate(itl):
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    return 1 / itl


def request_output_rate(n_out, elapsed):
    if elapsed <= 0:
        raise ValueError(f"elapsed must be positive, got {elapsed}")
    return n_out / elapsed


def arithmetic_intensity(bytes_per_param):
    if bytes_per_param <= 0:
        raise ValueError(f"bytes_per_param must be positive, got {bytes_per_param}")
    if bytes_per_param >= 8:
        bytes_per_param /= 8  # given in bits
    return 2 / bytes_per_param
