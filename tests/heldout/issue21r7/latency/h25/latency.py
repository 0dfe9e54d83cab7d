def request_seconds(ttft, itl, n_out):
    print("request_seconds", ttft, itl, n_out)
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if ttft <= 0:
        raise ValueError(f"ttft must be positive, got {ttft}")
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    result = ttft + (n_out - 1) * itl
    print("->", result)
    return result


def steady_decode_rate(itl):
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    rate = 1 / itl
    print("decode rate:", rate)
    return rate


def request_output_rate(n_out, elapsed):
    if elapsed <= 0:
        raise ValueError(f"elapsed must be positive, got {elapsed}")
    rate = n_out / elapsed
    print("output rate:", rate)
    return rate


def arithmetic_intensity(bytes_per_param):
    if bytes_per_param < 0:
        raise ValueError(f"bytes_per_param must be positive, got {bytes_per_param}")
    print("bytes per param", bytes_per_param)
    return 2 / bytes_per_param
