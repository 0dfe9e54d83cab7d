def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError("n_out must be at least 1, got %s" % n_out)
    if ttft <= 0:
        raise ValueError("ttft must be positive, got %s" % ttft)
    if itl <= 0:
        raise ValueError("itl must be positive, got %s" % itl)
    return ttft + (n_out - 1) * itl

def steady_decode_rate(itl):
    if itl <= 0:
        raise ValueError("itl must be positive, got %s" % itl)
    return 1.0 / itl

def request_output_rate(n_out, elapsed):
    # TODO
    pass

def arithmetic_intensity(bytes_per_param):
    pass
