def request_seconds(ttft, itl, n_out):
    if n_out < 1 or ttft <= 0 or itl <= 0:
        raise ValueError("n_out, ttft and itl must be positive")
    return ttft + itl * n_out

def steady_decode_rate(itl):
    if itl < 0:
        raise ValueError("itl must not be negative")
    return 1 / itl

def request_output_rate(n_out, elapsed):
    if n_out < 1 or elapsed <= 0:
        raise ValueError("n_out or elapsed invalid")
    return elapsed / n_out

def arithmetic_intensity(bytes_per_param):
    if bytes_per_param <= 0:
        raise ValueError("bytes_per_param invalid")
    return bytes_per_param / 2
