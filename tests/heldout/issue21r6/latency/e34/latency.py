def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if ttft <= 0:
        raise ValueError(f"ttft must be positive, got {ttft}")
    if itl < 0:
        raise ValueError(f"itl must not be negative, got {itl}")
    return ttft + (n_out - 1) * itl


def steady_decode_rate(itl):
    pass


def request_output_rate(n_out, elapsed):
    if n_out == 0:
        raise ValueError("n_out must be at least 1, got 0")
    if elapsed <= 0:
        raise ValueError(f"elapsed must be positive, got {elapsed}")
    return n_out / elapsed


def arithmetic_intensity(bytes_per_param):
    if bytes_per_param <= 0:
        raise ValueError(f"bytes_per_param must be positive, got {bytes_per_param}")
    N = 1e9
    return (N * bytes_per_param) / (2 * N)
