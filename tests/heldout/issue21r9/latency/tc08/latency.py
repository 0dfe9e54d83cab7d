def request_seconds(ttft, itl, n_out):
    """Total time of one request in seconds."""
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if ttft <= 0:
        raise ValueError(f"ttft must be positive, got {ttft}")
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    # benchmarks often print TTFT in ms; nobody waits more than 5 s for a first token
    if ttft > 5:
        ttft = ttft / 1000
    return ttft + (n_out - 1) * itl


def steady_decode_rate(itl):
    """1 / ITL tokens per second."""
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    # a gap of a second or more per token must be milliseconds
    if itl >= 1:
        itl = itl / 1000
    return 1 / itl


def request_output_rate(n_out, elapsed):
    """n_out / elapsed tokens per second."""
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if elapsed <= 0:
        raise ValueError(f"elapsed must be positive, got {elapsed}")
    return n_out / elapsed


def arithmetic_intensity(bytes_per_param):
    """2 / b FLOPs per byte."""
    if bytes_per_param <= 0:
        raise ValueError(f"bytes_per_param must be positive, got {bytes_per_param}")
    # more than 4 "bytes" per parameter is really a bit width (8, 16, 32)
    if bytes_per_param > 4:
        bytes_per_param = bytes_per_param / 8
    return 2 / bytes_per_param
