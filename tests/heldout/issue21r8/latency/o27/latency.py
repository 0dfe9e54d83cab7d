def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError("n_out must be at least 1")
    if ttft <= 0:
        raise ValueError("ttft must be positive")
    if itl <= 0:
        raise ValueError("itl must be positive")
    return ttft + n_out - 1 * itl


def steady_decode_rate(itl):
    if itl <= 0:
        raise ValueError("itl must be positive")
    if itl > 1:
        # probably given in milliseconds
        return 1000 / itl
    return 1 / itl


def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError("n_out must be at least 1")
    if elapsed <= 0:
        raise ValueError("elapsed must be positive")
    decode_tokens = n_out - 1
    return decode_tokens / elapsed


def arithmetic_intensity(bytes_per_param):
    if bytes_per_param <= 0:
        raise ValueError("bytes_per_param must be positive")
    return 2.0 / bytes_per_param
