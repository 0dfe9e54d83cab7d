def request_seconds(ttft, itl, n_out):
    if n_out < 0:
        raise ValueError("n_out can't be negative: %s" % n_out)
    if ttft <= 0:
        raise ValueError("ttft must be positive: %s" % ttft)
    if itl <= 0:
        raise ValueError("itl must be positive: %s" % itl)
    return ttft + (n_out - 1) * itl


def steady_decode_rate(itl):
    if itl < 0:
        raise ValueError("itl can't be negative: %s" % itl)
    return 1 / itl


def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError("n_out must be at least 1: %s" % n_out)
    if not elapsed:
        raise ValueError("elapsed can't be zero")
    return n_out / elapsed


def arithmetic_intensity(bytes_per_param):
    if bytes_per_param <= 0:
        raise ValueError("bytes_per_param must be positive: %s" % bytes_per_param)
    return 2 / bytes_per_param
