def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError("n_out must be at least 1, got {}".format(n_out))
    if ttft <= 0:
        raise ValueError("ttft must be positive, got {}".format(ttft))
    if itl <= 0:
        raise ValueError("itl must be positive, got {}".format(itl))
    t = ttft
    token = 1
    while token < n_out:
        t += itl
        token += 1
    return t


def steady_decode_rate(itl):
    if itl <= 0:
        raise ValueError("itl must be positive, got {}".format(itl))
    tokens = 1
    seconds = itl
    return tokens / seconds


def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError("n_out must be at least 1, got {}".format(n_out))
    if elapsed <= 0:
        raise ValueError("elapsed must be positive, got {}".format(elapsed))
    gaps = 0
    for i in range(1, n_out):
        gaps += 1
    # tokens produced per second of the request
    return gaps / elapsed


def arithmetic_intensity(bytes_per_param):
    pass
