def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError("n_out must be at least 1, got " + str(n_out))
    if ttft <= 0:
        raise ValueError("ttft must be positive, got " + str(ttft))
    if itl <= 0:
        raise ValueError("itl must be positive, got " + str(itl))
    return round(ttft + (n_out - 1) * itl, 2)


def steady_decode_rate(itl):
    if itl <= 0:
        raise ValueError("itl must be positive, got " + str(itl))
    return 1 / itl


def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError("n_out must be at least 1, got " + str(n_out))
    if elapsed <= 0:
        raise ValueError("elapsed must be positive, got " + str(elapsed))
    return round(n_out / elapsed, 1)


def arithmetic_intensity(bytes_per_param):
    if bytes_per_param <= 0:
        raise ValueError("bytes_per_param must be positive, got " + str(bytes_per_param))
    return round(2 / bytes_per_param, 1)
