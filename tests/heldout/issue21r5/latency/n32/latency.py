def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError("n_out must be at least 1, got {}".format(n_out))
    if ttft <= 0:
        raise ValueError("ttft must be positive, got {}".format(ttft))
    if itl <= 0:
        raise ValueError("itl must be positive, got {}".format(itl))
    total = ttft + (n_out - 1) * itl
    return total / n_out  # seconds per output


def steady_decode_rate(itl):
    if itl <= 0:
        raise ValueError("itl must be positive, got {}".format(itl))
    tokens_per_second = int(1 / itl)
    return tokens_per_second


def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError("n_out must be at least 1, got {}".format(n_out))
    if elapsed <= 0:
        raise ValueError("elapsed must be positive, got {}".format(elapsed))
    return n_out / elapsed


def arithmetic_intensity(bytes_per_param):
    if bytes_per_param <= 0:
        raise ValueError("bytes_per_param must be positive, got {}".format(bytes_per_param))
    if bytes_per_param == 1:
        return 1.0  # 1 FLOP per byte
    return 2 / bytes_per_param
