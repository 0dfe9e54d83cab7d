def request_seconds(ttft, itl, n_out):
    if n_out < 1 or ttft <= 0 or itl <= 0:
        print("invalid input: n_out must be >= 1, ttft and itl must be > 0")
        return None
    return ttft + (n_out - 1) * itl

def steady_decode_rate(itl):
    return 1/itl

def request_output_rate(n_out, elapsed):
    if n_out < 0:
        raise ValueError("n_out must not be negative")
    if elapsed <= 0:
        raise ValueError("elapsed must be positive")
    return n_out/elapsed

def arithmetic_intensity(bytes_per_param):
    pass
