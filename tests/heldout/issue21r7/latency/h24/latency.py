def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if ttft <= 0:
        raise ValueError(f"ttft must be positive, got {ttft}")
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    t = ttft                  # first output
    for _ in range(n_out - 1):
        t += itl              # every later output adds one gap
    return t


def steady_decode_rate(itl):
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    # count how many tokens come out in one second of decoding
    t = 0.0
    tokens = 0
    while t + itl <= 1.0 + 1e-9 and tokens < 100000:
        t += itl
        tokens += 1
    return tokens


def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if elapsed <= 0:
        raise ValueError(f"elapsed must be positive, got {elapsed}")
    return n_out / elapsed


def arithmetic_intensity(bytes_per_param):
    if bytes_per_param <= 0:
        raise ValueError(f"bytes_per_param must be positive, got {bytes_per_param}")
    flops = 0
    nbytes = 0
    for _ in range(1000):        # 1000 parameters, the ratio doesn't depend on N
        flops += 2
        nbytes += bytes_per_param
    return flops / nbytes
