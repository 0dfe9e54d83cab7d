def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError("n_out must be at least 1, got " + str(n_out))
    if ttft <= 0:
        raise ValueError("ttft must be positive")
    if itl <= 0:
        raise ValueError("itl must be positive")
    total = ttft + n_out * itl
    print("total time:", total)
    return total

def steady_decode_rate(itl):
    rate = 1 / itl
    print("decode rate", rate)
    return rate

def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError("n_out must be at least 1, got " + str(n_out))
    if elapsed <= 0:
        raise ValueError("elapsed must be positive, got " + str(elapsed))
    return n_out / elapsed

def arithmetic_intensity(bytes_per_param):
    pass
