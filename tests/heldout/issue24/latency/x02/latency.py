def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError("n_out must be at least 1, got " + str(n_out))
    if ttft <= 0:
        raise ValueError("ttft must be positive, got " + str(ttft))
    if itl <= 0:
        raise ValueError("itl must be positive, got " + str(itl))
    # first token at ttft then one itl per token
    total = ttft + n_out * itl
    return total

def steady_decode_rate(itl):
    if itl <= 0:
        print("itl must be positive!")
        return None
    rate = 1 / itl
    return rate

def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError("n_out must be at least 1, got " + str(n_out))
    if elapsed <= 0:
        raise ValueError("elapsed must be positive, got " + str(elapsed))
    rate = n_out / elapsed
    return rate

def arithmetic_intensity(bytes_per_param):
    pass
