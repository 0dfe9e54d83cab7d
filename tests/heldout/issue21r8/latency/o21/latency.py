def request_seconds(ttft, itl, n_out):
    if n_out < 1: raise ValueError(f"n_out must be at least 1, got {n_out}")
    if ttft <= 0: raise ValueError(f"ttft must be > 0, got {ttft}")
    if itl <= 0: raise ValueError(f"itl must be > 0, got {itl}")
    return ttft + (n_out - 1) * itl

def steady_decode_rate(itl):
    if itl <= 0: raise ValueError(f"itl must be > 0, got {itl}")
    return itl ** -1.0

def request_output_rate(n_out, elapsed):
    pass

def arithmetic_intensity(bytes_per_param):
    pass
