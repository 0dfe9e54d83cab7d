def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError("n_out must be at least 1, got " + str(n_out))
    if ttft <= 0:
        raise ValueError("ttft must be positive")
    if itl <= 0:
        raise ValueError("itl must be positive")
    # time for first token plus time for every token
    total = ttft + n_out * itl
    return total

def steady_decode_rate(itl):
    rate = 1 / itl
    return rate

def request_output_rate(n_out, elapsed):
    rate = n_out / elapsed
    return rate

def arithmetic_intensity(bytes_per_param):
    pass
