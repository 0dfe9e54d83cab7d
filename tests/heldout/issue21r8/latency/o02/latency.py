def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError("n_out must be at least 1")
    if ttft <= 0:
        raise ValueError("ttft must be positive")
    if itl <= 0:
        raise ValueError("itl must be positive")
    # first token comes after ttft, then every token takes itl
    total = ttft + n_out * itl
    return total

def steady_decode_rate(itl):
    if itl <= 0:
        raise ValueError("itl must be positive")
    rate = 1 / itl
    return rate

def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError("n_out must be at least 1")
    if elapsed <= 0:
        raise ValueError("elapsed must be positive")
    # the first token is the prefill one so it doesnt count as output rate
    rate = (n_out - 1) / elapsed
    return rate

def arithmetic_intensity(bytes_per_param):
    if bytes_per_param <= 0:
        raise ValueError("bytes_per_param must be positive")
    flops = 2
    return flops / bytes_per_param
