# latency exercise

def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError("n_out must be at least 1, got " + str(n_out))
    if ttft <= 0:
        raise ValueError("ttft must be positive")
    if itl <= 0:
        raise ValueError("itl must be positive")
    # first token + one itl for every output token
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
    rate = elapsed / n_out
    return rate

def arithmetic_intensity(bytes_per_param):
    # weights are at most 4 bytes (fp32)
    if bytes_per_param <= 0 or bytes_per_param > 4:
        raise ValueError("bytes_per_param must be between 0 and 4")
    return 2 / bytes_per_param
