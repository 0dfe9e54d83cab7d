def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError("n_out must be at least 1")
    if ttft <= 0:
        raise ValueError("ttft must be positive")
    if itl <= 0:
        raise ValueError("itl must be positive")
    # first token takes ttft, then every token takes itl
    total = ttft + n_out * itl
    print("total time:", total)
    return total

def steady_decode_rate(itl):
    if itl <= 0:
        raise ValueError("itl has to be > 0")
    rate = 1 / itl
    print("decode rate", rate)
    return rate

def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError("n_out must be at least 1")
    if elapsed <= 0:
        raise ValueError("elapsed has to be > 0")
    rate = n_out / elapsed
    print("output rate", rate)
    return rate

def arithmetic_intensity(bytes_per_param):
    pass
