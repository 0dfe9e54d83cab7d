def request_seconds(ttft, itl, n_out):
    pass

def steady_decode_rate(itl):
    pass

def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError("n_out must be at least 1, got " + str(n_out))
    if elapsed <= 0:
        raise ValueError("elapsed must be positive, got " + str(elapsed))
    return float(n_out) / elapsed

def arithmetic_intensity(bytes_per_param):
    if bytes_per_param <= 0:
        raise ValueError("bytes_per_param must be positive, got " + str(bytes_per_param))
    return 2.0 / bytes_per_param
