def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError("n_out must be at least 1")
    if ttft <= 0:
        raise ValueError("ttft must be positive")
    if n_out > 1:
        if itl <= 0:
            raise ValueError("itl must be positive")
        return ttft + (n_out - 1) * itl
    else:
        return ttft


def steady_decode_rate(itl):
    if not itl:
        raise ValueError("itl can't be zero")
    return 1 / itl


def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError("n_out must be at least 1")
    elif elapsed <= 0:
        raise ValueError("elapsed must be positive")
    else:
        return n_out / elapsed


def arithmetic_intensity(bytes_per_param):
    return 2 / bytes_per_param
