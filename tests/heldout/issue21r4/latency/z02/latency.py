def request_seconds(ttft, itl, n_out):
    total = ttft + n_out * itl
    return total

def steady_decode_rate(itl):
    rate = 1 / itl
    return rate

def request_output_rate(n_out, elapsed):
    return n_out / elapsed

def arithmetic_intensity(bytes_per_param):
    if bytes_per_param <= 0:
        raise ValueError("bytes_per_param must be positive")
    return 2 / bytes_per_param
