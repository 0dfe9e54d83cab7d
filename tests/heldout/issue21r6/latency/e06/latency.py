def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError("n_out must be at least 1, got " + str(n_out))
    if ttft <= 0:
        raise ValueError("ttft must be positive, got " + str(ttft))
    if itl <= 0:
        raise ValueError("itl must be positive, got " + str(itl))
    t = ttft          # first output arrives at ttft
    k = 1
    while k < n_out:  # every other output adds one gap
        t += itl
        k += 1
    return t


def steady_decode_rate(itl):
    if itl <= 0:
        raise ValueError("itl must be positive, got " + str(itl))
    return 1 / itl


def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError("n_out must be at least 1, got " + str(n_out))
    if elapsed <= 0:
        raise ValueError("elapsed must be positive, got " + str(elapsed))
    return n_out / elapsed


def arithmetic_intensity(bytes_per_param):
    if bytes_per_param <= 0:
        raise ValueError("bytes_per_param must be positive, got " + str(bytes_per_param))
    N = 1  # cancels out anyway
    flops = 2 * N
    weight_bytes = N * bytes_per_param
    return flops / weight_bytes
