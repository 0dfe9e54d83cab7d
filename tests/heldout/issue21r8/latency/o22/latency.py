KNOWN_INTENSITY = {
    1: 2.0,   # int8
    2: 1.0,   # fp16 / bf16
    4: 0.5,   # fp32
    8: 0.25,  # fp64
}


def request_seconds(ttft, itl, n_out):
    if n_out < 2:
        raise ValueError(f"n_out must be at least 2 to have an inter-token gap, got {n_out}")
    if ttft <= 0:
        raise ValueError(f"ttft must be positive, got {ttft}")
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    return ttft + (n_out - 1) * itl


def steady_decode_rate(itl):
    if itl <= 0:
        raise ValueError(f"itl must be positive, got {itl}")
    if itl >= 1:
        raise ValueError(f"itl of a second or more is not decoding, got {itl}")
    return 1 / itl


def request_output_rate(n_out, elapsed):
    if n_out == 0:
        raise ValueError("n_out must be at least 1, got 0")
    if elapsed <= 0:
        raise ValueError(f"elapsed must be positive, got {elapsed}")
    return n_out / elapsed


def arithmetic_intensity(bytes_per_param):
    if bytes_per_param not in KNOWN_INTENSITY:
        raise ValueError(f"bytes_per_param must be one of {sorted(KNOWN_INTENSITY)}, got {bytes_per_param}")
    return KNOWN_INTENSITY[bytes_per_param]
