def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    for name, value in {"ttft": ttft, "itl": itl}.items():
        if value <= 0:
            raise ValueError(f"{name} must be positive, got {value}")
    return ttft + (n_out - 1) * itl

def steady_decode_rate(itl):
    pass

def request_output_rate(n_out, elapsed):
    pass

def arithmetic_intensity(bytes_per_param):
    pass
