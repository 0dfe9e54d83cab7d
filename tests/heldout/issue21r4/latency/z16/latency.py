MAX_TOKENS = 4096  # typical max generation length


def _positive(**kwargs):
    for name, value in kwargs.items():
        if value <= 0:
            raise ValueError(f"{name} must be positive, got {value}")


def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    _positive(ttft=ttft, itl=itl)
    return ttft + (n_out - 1) * itl


def steady_decode_rate(itl):
    _positive(itl=itl)
    return 1 / itl


def request_output_rate(n_out, elapsed):
    if n_out < 1 or n_out > MAX_TOKENS:
        raise ValueError(f"n_out must be between 1 and {MAX_TOKENS}, got {n_out}")
    _positive(elapsed=elapsed)
    return n_out / elapsed


def arithmetic_intensity(bytes_per_param):
    _positive(bytes_per_param=bytes_per_param)
    return 1 / bytes_per_param
