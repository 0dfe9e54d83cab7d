def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError("n_out must be at least 1, got {}".format(n_out))
    if ttft <= 0:
        raise ValueError("ttft must be positive, got {}".format(ttft))
    if itl <= 0:
        raise ValueError("itl must be positive, got {}".format(itl))
    decode_time = (n_out - 1) * itl
    return ttft + decode_time

def steady_decode_rate(itl):
    pass

def request_output_rate(n_out, elapsed):
    pass

def arithmetic_intensity(bytes_per_param):
    pass
