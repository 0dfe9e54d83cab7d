def request_seconds(ttft, itl, n_out):
    assert n_out >= 1, "n_out must be at least 1"
    assert ttft > 0, "ttft must be positive"
    assert itl > 0, "itl must be positive"
    return ttft + (n_out - 1) * itl


def steady_decode_rate(itl):
    assert itl > 0, "itl must be positive"
    return 1 / itl


def request_output_rate(n_out, elapsed):
    pass


def arithmetic_intensity(bytes_per_param):
    pass
