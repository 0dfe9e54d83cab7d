def request_seconds(ttft, itl, n_out):
    if not n_out or n_out < 1:
        raise ValueError("n_out must be at least 1, got %s" % n_out)
    if not ttft:
        raise ValueError("ttft is required (got %s)" % ttft)
    if not itl:
        raise ValueError("itl is required (got %s)" % itl)
    return ttft + (n_out - 1) * itl


def steady_decode_rate(itl):
    if itl <= 0:
        raise ValueError("itl must be > 0, got %s" % itl)
    return 1 / itl


def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError("n_out must be at least 1, got %s" % n_out)
    if elapsed <= 0:
        raise ValueError("elapsed must be > 0, got %s" % elapsed)
    return n_out / elapsed


def arithmetic_intensity(bytes_per_param):
    if not bytes_per_param:
        raise ValueError("bytes_per_param must be given (got %s)" % bytes_per_param)
    return 2 / bytes_per_param
