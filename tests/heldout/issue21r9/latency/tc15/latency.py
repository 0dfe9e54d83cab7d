def request_seconds(ttft, n_out, itl):
    # time to first token, then the other outputs one gap each
    if n_out < 1:
        raise ValueError("n_out must be at least 1, got {}".format(n_out))
    if ttft <= 0:
        raise ValueError("ttft must be positive, got {}".format(ttft))
    if itl <= 0:
        raise ValueError("itl must be positive, got {}".format(itl))
    return ttft + (n_out - 1) * itl


def steady_decode_rate(itl):
    if itl <= 0:
        raise ValueError("itl must be positive, got {}".format(itl))
    return 1 / itl


def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError("n_out must be at least 1, got {}".format(n_out))
    if elapsed <= 0:
        raise ValueError("elapsed must be positive, got {}".format(elapsed))
    return elapsed / n_out


def arithmetic_intensity(bytes_per_param):
    if bytes_per_param <= 0:
        raise ValueError("bytes_per_param must be positive, got {}".format(bytes_per_param))
    return bytes_per_param / 2
