def _positive(name, value):
    if value <= 0:
        raise ValueError(f"{name} must be positive, got {value}")
    return value


def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    _positive("ttft", ttft)
    return ttft + (n_out - 1) * itl


def steady_decode_rate(itl):
    return 1 / _positive("itl", itl)


def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    return n_out / _positive("elapsed", elapsed)


def arithmetic_intensity(bytes_per_param):
    if bytes_per_param < 1:
        raise ValueError(f"bytes_per_param must be at least 1 byte, got {bytes_per_param}")
    return 2 / bytes_per_param
