def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError("n_out must be at least 1, got " + repr(n_out))
    if ttft <= 0:
        raise ValueError("ttft must be positive, got " + repr(ttft))
    if itl <= 0:
        raise ValueError("itl must be positive, got " + repr(itl))
    t = ttft                 # first output
    for _ in range(n_out - 1):
        t = t + itl          # one gap per further output
    return t


def steady_decode_rate(itl):
    if itl <= 0:
        raise ValueError("itl must be positive, got " + repr(itl))
    return 1.0 / itl


def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError("n_out must be at least 1, got " + repr(n_out))
    if elapsed <= 0:
        raise ValueError("elapsed must be positive, got " + repr(elapsed))
    return n_out / elapsed


def arithmetic_intensity(bytes_per_param):
    if bytes_per_param <= 0:
        raise ValueError("bytes_per_param must be positive, got " + repr(bytes_per_param))
    # one FLOP per parameter read (the matmul), divided by the bytes of that parameter
    flops_per_param = 1
    return flops_per_param / bytes_per_param
