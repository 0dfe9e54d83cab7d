def request_seconds(ttft, itl, n_out):
    pass

def steady_decode_rate(itl):
    pass

def request_output_rate(n_out, elapsed):
    pass

def arithmetic_intensity(bytes_per_param):
    if bytes_per_param <= 0:
        raise ValueError("bytes_per_param must be > 0, got " + repr(bytes_per_param))
    return 2 / bytes_per_param
