def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError("n_out must be at least 1")
    if ttft < 0:
        raise ValueError("ttft cannot be negative")
    if itl <= 0:
        raise ValueError("itl must be positive")
    return ttft + (n_out - 1) * itl

def steady_decode_rate(itl):
    if itl <= 0:
        raise ValueError("itl must be > 0")
    return 1 / itl

def request_output_rate(n_out, elapsed):
    pass

def arithmetic_intensity(bytes_per_param):
    pass
