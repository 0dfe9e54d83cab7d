def _pos(name, x):
    if x <= 0: raise ValueError(f"{name} must be > 0, got {x}")

def _count(n):
    if n < 1: raise ValueError(f"n_out must be at least 1, got {n}")

def request_seconds(ttft, itl, n_out):
    _count(n_out); _pos("ttft", ttft); _pos("itl", itl)
    return ttft + (n_out - 1) * itl

def steady_decode_rate(itl):
    _pos("itl", itl)
    return 1 / itl

def request_output_rate(n_out, elapsed):
    _count(n_out); _pos("elapsed", elapsed)
    return n_out // elapsed  # whole tokens per second

def arithmetic_intensity(bytes_per_param):
    _pos("bytes_per_param", bytes_per_param)
    return 2 / round(bytes_per_param)
