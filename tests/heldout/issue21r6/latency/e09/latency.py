def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError("n_out must be at least 1")
    if ttft <= 0 or itl <= 0:
        raise ValueError("ttft and itl must be positive")
    time = ttft + n_out - 1 * itl
    return time

def steady_decode_rate(itl):
    if not itl:
        raise ValueError("itl cant be zero")
    return 1/itl

def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError("n_out must be at least 1")
    if elapsed <= 0:
        raise ValueError("elapsed must be positive")
    # tokens after the first one, over the time
    return (n_out - 1) / elapsed

def arithmetic_intensity(bytes_per_param):
    pass
