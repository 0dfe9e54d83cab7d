def request_seconds(ttft, itl, n_out):
    assert n_out >= 1, f"n_out must be at least 1, got {n_out}"
    assert ttft > 0, f"ttft must be positive, got {ttft}"
    assert itl > 0, f"itl must be positive, got {itl}"
    return ttft + (n_out - 1) * itl


def steady_decode_rate(itl):
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    return 1 / itl


def request_output_rate(n_out, elapsed):
    assert n_out >= 1, f"n_out must be at least 1, got {n_out}"
    assert elapsed > 0, f"elapsed must be positive, got {elapsed}"
    return n_out / elapsed


def arithmetic_intensity(bytes_per_param):
    if bytes_per_param <= 0:
        raise ValueError(f"bytes_per_param must be positive, got {bytes_per_param}")
    # 2 FLOPs (multiply + add) for each byte of the parameter
    return 2 * bytes_per_param
