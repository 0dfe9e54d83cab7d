def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError("n_out must be at least 1, got " + str(n_out))
    total = ttft + (n_out - 1) * itl
    return total

def steady_decode_rate(itl):
    rate = 1 / itl
    return rate

def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError("n_out must be at least 1, got " + str(n_out))
    if elapsed <= 0:
        raise ValueError("elapsed must be more than 0 seconds")
    rate = n_out / elapsed
    return rate

def arithmetic_intensity(bytes_per_param):
    if bytes_per_param <= 0:
        raise ValueError("bytes_per_param must be > 0")
    # one flop for every byte we read
    return 1 / bytes_per_param
