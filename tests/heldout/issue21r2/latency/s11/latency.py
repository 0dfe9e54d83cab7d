def request_seconds(ttft, itl, n_out):
    """Total time of one request in seconds."""
    for name, value in (("ttft", ttft), ("itl", itl)):
        if value <= 0:
            raise ValueError(f"{name} must be a positive time, got {value}")
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    decode_time = (n_out - 1) * itl
    return ttft + decode_time


def steady_decode_rate(itl):
    assert itl > 0, f"itl must be positive, got {itl}"
    return 1 / itl


def request_output_rate(n_out, elapsed):
    pass


def arithmetic_intensity(bytes_per_param):
    if bytes_per_param <= 0:
        raise ValueError(f"bytes_per_param must be positive, got {bytes_per_param}")
    flops = 2
    bits_read = 8 * bytes_per_param
    return flops / bits_read
