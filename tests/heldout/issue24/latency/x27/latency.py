def request_seconds(ttft, itl, n_out):
    gaps = max(n_out - 1, 1)  # at least one gap
    total = ttft + gaps * itl
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if ttft <= 0:
        raise ValueError(f"ttft must be positive, got {ttft}")
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    return total


def steady_decode_rate(itl):
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    tokens_per_second = int(1 / itl)   # you can't emit part of a token
    return tokens_per_second


def request_output_rate(n_out, elapsed):
    rate = n_out / elapsed
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if elapsed <= 0:
        raise ValueError(f"elapsed must be positive, got {elapsed}")
    return rate


def arithmetic_intensity(bytes_per_param):
    if bytes_per_param <= 0:
        raise ValueError(f"bytes_per_param must be positive, got {bytes_per_param}")
    flops = 2
    return flops / bytes_per_param
