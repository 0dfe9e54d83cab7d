def request_seconds(ttft, itl, n_out):
    if not n_out or n_out < 1:
        raise ValueError("n_out must be at least 1, got " + str(n_out))
    if not ttft:
        raise ValueError("ttft is missing")
    if not itl:
        raise ValueError("itl is missing")
    return ttft + (n_out - 1) * itl

def steady_decode_rate(itl):
    if not itl:
        raise ValueError("itl can't be zero")
    return 1 / itl

def request_output_rate(n_out, elapsed):
    pass

def arithmetic_intensity(bytes_per_param):
    if not bytes_per_param:
        raise ValueError("bytes_per_param can't be zero")
    if bytes_per_param < 0:
        raise ValueError("bytes_per_param can't be negative")
    return 2 // bytes_per_param
