def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError("n_out must be at least 1, got %s" % n_out)
    if ttft <= 0:
        raise ValueError("ttft must be positive, got %s" % ttft)
    if itl < 0:
        raise ValueError("itl must not be negative, got %s" % itl)
    return ttft + (n_out - 1) * itl


def steady_decode_rate(itl):
    if itl == 0:
        raise ValueError("itl cannot be zero")
    return 1 / itl


def request_output_rate(n_out, elapsed):
    if n_out < 1 or elapsed < 0:
        raise ValueError("n_out must be >= 1 and elapsed >= 0, got %s, %s" % (n_out, elapsed))
    return n_out / elapsed


def arithmetic_intensity(bytes_per_param):
    if bytes_per_param < 1:
        raise ValueError("bytes_per_param must be at least 1 byte, got %s" % bytes_per_param)
    return 2 / bytes_per_param
