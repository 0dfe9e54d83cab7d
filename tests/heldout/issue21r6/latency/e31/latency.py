def request_seconds(ttft, itl, n_out):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    if ttft <= 0:
        raise ValueError(f"ttft must be positive, got {ttft}")
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    t = ttft + (n_out - 1) * itl
    return float(f"{t:.2f}")


def steady_decode_rate(itl):
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    return 1 / itl


def request_output_rate(n_out, elapsed):
    if n_out < 1:
        raise ValueError(f"n_out must be at least 1, got {n_out}")
    elapsed = abs(elapsed)   # elapsed is a duration
    if elapsed == 0:
        raise ValueError("elapsed must not be zero")
    return n_out / elapsed


def arithmetic_intensity(bytes_per_param):
    if bytes_per_param == 1:      # int8
        return 2.0
    elif bytes_per_param == 2:    # fp16 / bf16
        return 1.0
    elif bytes_per_param == 4:    # fp32
        return 0.5
    else:
        raise ValueError(f"unknown bytes_per_param: {bytes_per_param}")
