def request_seconds(ttft, itl, n_out):
    pass


def steady_decode_rate(itl):
    pass


def request_output_rate(n_out, elapsed):
    n_out = int(n_out)
    elapsed = int(elapsed)
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if elapsed <= 0:
        raise ValueError(f"elapsed must be positive, got {elapsed}")
    return n_out / elapsed


def arithmetic_intensity(bytes_per_param):
    if bytes_per_param <= 0:
        raise ValueError(f"bytes_per_param must be positive, got {bytes_per_param}")
    return 2 / bytes_per_param
