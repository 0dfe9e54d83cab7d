def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if ttft <= 0:
        raise ValueError(f"ttft must be positive, got {ttft}")
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    first = ttft
    rest = (n_out - 1) * itl
    return first + rest

def steady_decode_rate(itl):
    pass

def request_output_rate(n_out, elapsed):
    pass

def arithmetic_intensity(bytes_per_param):
    if bytes_per_param <= 0:
        raise ValueError(f"bytes_per_param must be positive, got {bytes_per_param}")
    b = int(bytes_per_param)  # bytes are whole numbers
    return 2 / b
