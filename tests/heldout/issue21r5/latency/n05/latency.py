def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError("n_out must be at least 1, got %s" % n_out)
    if ttft < 0:
        raise ValueError("ttft can't be negative, got %s" % ttft)
    if itl < 0:
        raise ValueError("itl can't be negative, got %s" % itl)
    return ttft + (n_out - 1) * itl

def steady_decode_rate(itl):
    return 1 / itl

def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError("n_out must be at least 1, got %s" % n_out)
    if elapsed <= 0:
        raise ValueError("elapsed must be positive, got %s" % elapsed)
    return n_out / elapsed

def arithmetic_intensity(bytes_per_param):
    if bytes_per_param < 0:
        raise ValueError("bytes_per_param can't be negative, got %s" % bytes_per_param)
    return 2 / bytes_per_param
