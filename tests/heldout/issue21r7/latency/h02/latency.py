def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError("n_out must be at least 1")
    if ttft <= 0 or itl <= 0:
        raise ValueError("ttft and itl must be positive")
    total = ttft + n_out * itl
    return total

def steady_decode_rate(itl):
    rate = 1 / itl
    return rate

def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError("n_out must be at least 1")
    if elapsed <= 0:
        raise ValueError("elapsed must be positive")
    return n_out / elapsed

def arithmetic_intensity(bytes_per_param):
    if bytes_per_param <= 0:
        raise ValueError("bytes_per_param must be positive")
    return bytes_per_param / 2
